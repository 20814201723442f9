import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "../accounts/users";
import { createdAt, id } from "../columns";

/** What the bot sends on its own; each kind has its own switch, stop button and crash rule (decision 104). */
export const OUTBOX_KINDS = [
  "broadcast",
  "plan_ending",
  "plan_grace",
  "plan_lapsed",
  "cart_reminder",
  "support_reply",
  "trial_ending",
  "referral_reward",
  "back_in_stock",
  "order_notice",
  "staff_notice",
  "password_reset",
  "email_verification",
  "chat_action",
  "chat_removed",
  "join_request",
] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

/**
 * A row's life: queued → sending (claimed, under a lease) → sent | unreachable | blocked | failed |
 * uncertain; cancelled while still queued. "uncertain": its call was in flight when its process died.
 */
export const OUTBOX_STATES = [
  "queued",
  "sending",
  "sent",
  "unreachable",
  "blocked",
  "failed",
  "uncertain",
  "cancelled",
] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

/** An admin's message to a segment of members, sent through the outbox (one row per recipient). */
export const broadcasts = pgTable(
  "broadcasts",
  {
    id: id(),
    text: text("text").notNull(),
    /** The stored image (bucket/name as the upload store names it), or none. */
    image: text("image"),
    /** The audience as chosen: { kind: "all" | "tier" | "lapsed" | "no_orders" | "cart", tierId?, days? }. */
    segment: jsonb("segment").notNull(),
    /** "scheduled" (waits for send_at) | "sending" | "done" | "cancelled". */
    status: text("status").notNull().default("scheduled"),
    sendAt: timestamp("send_at", { withTimezone: true }).notNull().defaultNow(),
    /** Sent with allow_paid_broadcast: beyond the free rate, Telegram charges the bot's Stars. */
    paid: boolean("paid").notNull().default(false),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    /** The audience when the broadcast started: one outbox row each, unreachable ones included. */
    total: integer("total").notNull().default(0),
    createdAt: createdAt(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("broadcasts_recent_idx").on(t.createdAt.desc(), t.id),
    index("broadcasts_due_idx").on(t.sendAt).where(sql`${t.status} = 'scheduled'`),
    check("broadcasts_status_check", sql`${t.status} in ('scheduled', 'sending', 'done', 'cancelled')`),
  ],
);

/** One message the bot (or mail, for a member without Telegram) sends on its own. */
export const outbox = pgTable(
  "outbox",
  {
    id: id(),
    kind: text("kind").notNull(),
    /**
     * The member it is for; null for a person without an account (a join request's answer, the gate's
     * actions on people it has only seen in a chat). A member's rows go with their account.
     */
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** "telegram" (chat_id set; null for a chat_action row, whose action names its chat) or "mail". */
    channel: text("channel").notNull().default("telegram"),
    chatId: bigint("chat_id", { mode: "bigint" }),
    /** What to send, in the recipient's language, already rendered: { text, image?, buttons? }. */
    payload: jsonb("payload").notNull(),
    broadcastId: uuid("broadcast_id").references(() => broadcasts.id, { onDelete: "cascade" }),
    /** Its broadcast is paid (copied when enqueued): sent with allow_paid_broadcast at BROADCAST_PAID_RATE. */
    paid: boolean("paid").notNull().default(false),
    /** One row per key ever (a reminder for one period, one cart version): a second enqueue is a no-op. */
    dedupeKey: text("dedupe_key").unique(),
    state: text("state").notNull().default("queued"),
    tries: integer("tries").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** While "sending": the claim ends then, and the row goes back (or becomes uncertain). */
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    /** Set just before the Telegram call: a lease that ends with this set means the call may have landed. */
    callStartedAt: timestamp("call_started_at", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: createdAt(),
    doneAt: timestamp("done_at", { withTimezone: true }),
  },
  (t) => [
    // The sender's claim: per channel and lane, everything but broadcasts first, then by due time.
    index("outbox_claim_idx")
      .on(t.channel, t.paid, sql`(${t.kind} = 'broadcast')`, t.nextAttemptAt)
      .where(sql`${t.state} = 'queued'`),
    // One message per chat per second: the chat's rows in flight or just sent.
    index("outbox_chat_idx").on(t.chatId, t.doneAt),
    index("outbox_lease_idx").on(t.leaseUntil).where(sql`${t.state} = 'sending'`),
    index("outbox_broadcast_idx").on(t.broadcastId, t.state),
    check(
      "outbox_state_check",
      sql`${t.state} in ('queued', 'sending', 'sent', 'unreachable', 'blocked', 'failed', 'uncertain', 'cancelled')`,
    ),
    check("outbox_channel_check", sql`${t.channel} in ('telegram', 'mail')`),
  ],
);

/**
 * The pace every sending process shares (decision 104): per lane ("free" at BROADCAST_RATE, "paid" at
 * BROADCAST_PAID_RATE) the next free send slot, and the pause a 429 asked for.
 */
export const outboxPace = pgTable("outbox_pace", {
  lane: text("lane").primaryKey(),
  /** Slots are handed out from here on, one every 1/rate seconds. */
  nextSlotAt: timestamp("next_slot_at", { withTimezone: true }).notNull().defaultNow(),
  /** No lane sends before this (Telegram's retry_after). */
  pausedUntil: timestamp("paused_until", { withTimezone: true }),
});

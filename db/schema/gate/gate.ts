import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "../accounts/users";
import { createdAt, id, updatedAt } from "../columns";
import { membershipTiers } from "../plans/tiers";

/**
 * The chats the gate knows (decision 120): the channel of TELEGRAM_CHANNEL_ID and every channel, group
 * or supergroup the bot was added to (my_chat_member), with the bot's status and the rights the gate
 * needs. A chat is open until an admin gates it ("tiers"), so turning the gate on surprises nobody.
 */
export const gateChats = pgTable(
  "gate_chats",
  {
    chatId: bigint("chat_id", { mode: "bigint" }).primaryKey(),
    /** "channel" | "group" | "supergroup". */
    kind: text("kind").notNull(),
    title: text("title").notNull().default(""),
    username: text("username"),
    /** The bot's status there as Telegram last reported it: creator, administrator, member, left, kicked… */
    botStatus: text("bot_status").notNull().default("unknown"),
    canInviteUsers: boolean("can_invite_users").notNull().default(false),
    canBanUsers: boolean("can_ban_users").notNull().default(false),
    canManageTags: boolean("can_manage_tags").notNull().default(false),
    /** "open" (everyone) or "tiers" (members of gate_chat_tiers, admins, staff). */
    access: text("access").notNull().default("open"),
    /** When an admin last gated it: people seen without an account wait from then (decision 120). */
    gatedAt: timestamp("gated_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("gate_chats_kind_check", sql`${t.kind} in ('channel', 'group', 'supergroup')`),
    check("gate_chats_access_check", sql`${t.access} in ('open', 'tiers')`),
  ],
);

/** The tiers whose members a gated chat lets in. */
export const gateChatTiers = pgTable(
  "gate_chat_tiers",
  {
    chatId: bigint("chat_id", { mode: "bigint" })
      .notNull()
      .references(() => gateChats.chatId, { onDelete: "cascade" }),
    tierId: uuid("tier_id")
      .notNull()
      .references(() => membershipTiers.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.chatId, t.tierId] }), index("gate_chat_tiers_tier_idx").on(t.tierId)],
);

/**
 * Who the gate has seen in each chat (chat_member updates, approved join requests): Telegram gives
 * bots no member list, so the gate acts on these. A person, not an account: the Telegram id.
 */
export const gateMembers = pgTable(
  "gate_members",
  {
    chatId: bigint("chat_id", { mode: "bigint" })
      .notNull()
      .references(() => gateChats.chatId, { onDelete: "cascade" }),
    telegramId: bigint("telegram_id", { mode: "bigint" }).notNull(),
    /** Telegram's status: member, restricted, administrator, creator, left, kicked. */
    status: text("status").notNull(),
    /** In the chat since (the latest join). */
    since: timestamp("since", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    /** The tag the gate last set (setChatMemberTag); null: none set. */
    tag: text("tag"),
    /** Access-ending episodes so far: each removal's dedupe key names its episode, so it goes once. */
    removals: integer("removals").notNull().default(0),
    /** A removal is queued for the current episode; cleared when they leave or have access again. */
    removingSince: timestamp("removing_since", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.chatId, t.telegramId] }),
    // The reconcile's "who is in but should not be": the people in a chat, by chat (100,000 a chat).
    index("gate_members_in_idx")
      .on(t.chatId, t.telegramId)
      .where(sql`${t.status} in ('member', 'restricted')`),
    index("gate_members_telegram_idx").on(t.telegramId),
  ],
);

/** A join request the bot decides (decision 120): pending until the person's plan opens the chat. */
export const gateJoinRequests = pgTable(
  "gate_join_requests",
  {
    id: id(),
    chatId: bigint("chat_id", { mode: "bigint" })
      .notNull()
      .references(() => gateChats.chatId, { onDelete: "cascade" }),
    telegramId: bigint("telegram_id", { mode: "bigint" }).notNull(),
    /** The private chat the bot may write to for 5 minutes (user_chat_id). */
    userChatId: bigint("user_chat_id", { mode: "bigint" }),
    /** Telegram's query id when the bot is the chat's guard bot (answerChatJoinRequestQuery). */
    queryId: text("query_id"),
    /** The invite link the request came through, if any. */
    inviteLink: text("invite_link"),
    /** "pending" | "approved" | "declined". */
    state: text("state").notNull().default("pending"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    check("gate_join_requests_state_check", sql`${t.state} in ('pending', 'approved', 'declined')`),
    // One pending request per person and chat: a second request replaces the first's query.
    uniqueIndex("gate_join_requests_pending_key")
      .on(t.chatId, t.telegramId)
      .where(sql`${t.state} = 'pending'`),
    index("gate_join_requests_person_idx").on(t.telegramId, t.at),
  ],
);

/**
 * A member's personal invite link to a chat (createChatInviteLink, creates_join_request): one live
 * link per member and chat, reused; revoked when their access ends. A request through a link that is
 * not the requester's own (a leaked one) is declined.
 */
export const gateInviteLinks = pgTable(
  "gate_invite_links",
  {
    id: id(),
    chatId: bigint("chat_id", { mode: "bigint" })
      .notNull()
      .references(() => gateChats.chatId, { onDelete: "cascade" }),
    /** Null once the account is deleted: the link is then revoked and lets nobody in. */
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The owner's Telegram id when the link was made: a request from anyone else is declined. */
    telegramId: bigint("telegram_id", { mode: "bigint" }).notNull(),
    link: text("link").notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("gate_invite_links_link_key").on(t.link),
    uniqueIndex("gate_invite_links_live_key").on(t.chatId, t.userId).where(sql`${t.revokedAt} is null`),
  ],
);

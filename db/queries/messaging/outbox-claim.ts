import { sql } from "drizzle-orm";
import type { Db } from "../../client";
import { executeRows } from "../../rows";
import type { OutboxKind } from "../../schema";
import { mayStaySql } from "../gate/access";

/** Where a claim takes rows from: the bot's free or paid pace, or mail. */
export type OutboxLane = "free" | "paid" | "mail";

/** A row claimed for sending, with what the send-time checks read about its recipient. */
export interface ClaimedRow {
  id: string;
  kind: OutboxKind;
  userId: string | null;
  channel: "telegram" | "mail";
  chatId: bigint | null;
  payload: unknown;
  broadcastId: string | null;
  tries: number;
  newsMessages: boolean;
  planReminders: boolean;
  cartReminders: boolean;
  botBlocked: boolean;
  verifiedEmail: string | null;
  broadcastCancelled: boolean;
  /** A gate removal whose person may be in the chat again (decision 120): it is skipped, never called. */
  keepsAccess: boolean;
}

interface Raw {
  id: string;
  kind: OutboxKind;
  user_id: string | null;
  channel: "telegram" | "mail";
  chat_id: string | null;
  payload: unknown;
  broadcast_id: string | null;
  tries: number;
  news_messages: boolean | null;
  plan_reminders: boolean | null;
  cart_reminders: boolean | null;
  bot_blocked: boolean | null;
  verified_email: string | null;
  broadcast_cancelled: boolean | null;
  keeps_access: boolean | null;
}

const laneFilter = (lane: OutboxLane) =>
  lane === "mail" ? sql`o.channel = 'mail'` : sql`o.channel = 'telegram' and o.paid = ${lane === "paid"}`;

/**
 * Claims up to `limit` due rows of the lane: state "sending" under a lease of `leaseMs`. Rows other
 * processes hold are skipped (FOR UPDATE SKIP LOCKED), so each row goes to one claimer. At most one
 * row per chat, and none for a chat with a row in flight or sent in the last second. Everything but
 * broadcasts goes first (a chat_action row has no chat_id: actions are paced by the lane alone).
 * Returns the rows with their recipient's switches, block and verified address, and for a gate
 * removal whether its person may stay after all (the send-time check: nobody with access is removed).
 */
export async function claimOutboxRows(
  db: Db,
  lane: OutboxLane,
  limit: number,
  leaseMs: number,
): Promise<ClaimedRow[]> {
  const rows = await executeRows<Raw>(
    db,
    sql`
      with picked as (
        select o.id, o.chat_id, o.next_attempt_at from outbox o
        where o.state = 'queued' and o.next_attempt_at <= now() and ${laneFilter(lane)}
          and (o.chat_id is null or not exists (
            select 1 from outbox r
            where r.chat_id = o.chat_id and r.id <> o.id
              and (r.state = 'sending' or (r.state = 'sent' and r.done_at > now() - interval '1 second'))
          ))
        order by (o.kind = 'broadcast'), o.next_attempt_at
        limit ${limit}
        for update of o skip locked
      ), chosen as (
        select distinct on (coalesce(chat_id::text, id::text)) id from picked
        order by coalesce(chat_id::text, id::text), next_attempt_at
      )
      update outbox set state = 'sending', lease_until = now() + ${leaseMs} * interval '1 millisecond',
        call_started_at = null
      from chosen
        join outbox c on c.id = chosen.id
        left join profiles p on p.id = c.user_id
        left join broadcasts b on b.id = c.broadcast_id
      where outbox.id = chosen.id
      returning outbox.id, outbox.kind, outbox.user_id, outbox.channel, outbox.chat_id::text as chat_id,
        outbox.payload, outbox.broadcast_id, outbox.tries, p.news_messages, p.plan_reminders,
        p.cart_reminders, p.bot_blocked_at is not null as bot_blocked,
        case when p.email_verified_at is not null then p.email end as verified_email,
        b.status = 'cancelled' as broadcast_cancelled,
        case when outbox.kind = 'chat_action' and outbox.payload ->> 'action' = 'remove'
          then ${mayStaySql(sql`(outbox.payload ->> 'chatId')::bigint`, sql`(outbox.payload ->> 'userId')::bigint`)}
        end as keeps_access`,
  );
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    userId: row.user_id,
    channel: row.channel,
    chatId: row.chat_id === null ? null : BigInt(row.chat_id),
    payload: row.payload,
    broadcastId: row.broadcast_id,
    tries: row.tries,
    newsMessages: row.news_messages ?? true,
    planReminders: row.plan_reminders ?? true,
    cartReminders: row.cart_reminders ?? true,
    botBlocked: row.bot_blocked ?? false,
    verifiedEmail: row.verified_email,
    broadcastCancelled: row.broadcast_cancelled ?? false,
    keepsAccess: row.keeps_access ?? false,
  }));
}

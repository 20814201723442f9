import { sql } from "drizzle-orm";
import type { Db } from "../../client";
import { executeRows } from "../../rows";
import { mayStaySql } from "./access";

export interface JoinRequestInput {
  chatId: bigint;
  telegramId: bigint;
  userChatId: bigint | null;
  queryId: string | null;
  inviteLink: string | null;
  at: Date;
}

/** A request as the gate decides it. */
export interface DecidedRequest {
  id: string;
  chatId: string;
  telegramId: string;
  queryId: string | null;
}

interface Raw {
  id: string;
  chat_id: string;
  telegram_id: string;
  query_id: string | null;
}
const decided = (rows: Raw[]): DecidedRequest[] =>
  rows.map((row) => ({
    id: row.id,
    chatId: row.chat_id,
    telegramId: row.telegram_id,
    queryId: row.query_id,
  }));

/** Records a join request as pending; a second one from the same person to the same chat replaces the first's details. */
export async function recordJoinRequest(db: Db, request: JoinRequestInput): Promise<string> {
  const [row] = await executeRows<{ id: string }>(
    db,
    sql`
      insert into gate_join_requests (chat_id, telegram_id, user_chat_id, query_id, invite_link, at)
      values (${request.chatId.toString()}::bigint, ${request.telegramId.toString()}::bigint,
        ${request.userChatId?.toString() ?? null}::bigint, ${request.queryId}, ${request.inviteLink},
        ${request.at.toISOString()}::timestamptz)
      on conflict (chat_id, telegram_id) where state = 'pending' do update set
        user_chat_id = excluded.user_chat_id, query_id = excluded.query_id,
        invite_link = excluded.invite_link, at = excluded.at
      returning id`,
  );
  if (!row) throw new Error("no join request recorded");
  return row.id;
}

/**
 * Decides pending requests at once, each by one process: those of `only` (ids), or, without it, every
 * pending one whose person may now be in the chat (approved), or which waited since before `expiredBefore`
 * (declined). Returns the requests this call decided.
 */
export async function decideRequests(
  tx: Db,
  state: "approved" | "declined",
  which: { ids: readonly string[] } | { qualified: true; telegramId?: bigint } | { expiredBefore: Date },
): Promise<DecidedRequest[]> {
  const where =
    "ids" in which
      ? which.ids.length === 0
        ? sql`false`
        : sql`r.id in (${sql.join(
            which.ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`
      : "qualified" in which
        ? sql`${mayStaySql(sql`r.chat_id`, sql`r.telegram_id`)}${
            which.telegramId === undefined
              ? sql``
              : sql` and r.telegram_id = ${which.telegramId.toString()}::bigint`
          }`
        : sql`r.at < ${which.expiredBefore.toISOString()}::timestamptz`;
  const rows = await executeRows<Raw>(
    tx,
    sql`
      with picked as (
        select r.id from gate_join_requests r
        where r.state = 'pending' and ${where}
        for update of r skip locked
      )
      update gate_join_requests r set state = ${state}, decided_at = now()
      from picked where r.id = picked.id
      returning r.id, r.chat_id::text as chat_id, r.telegram_id::text as telegram_id, r.query_id`,
  );
  return decided(rows);
}

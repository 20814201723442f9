import { sql } from "drizzle-orm";
import type { Db } from "../../client";
import { executeRows } from "../../rows";
import { IN_CHAT } from "./access";

/**
 * Records someone's status in a chat as Telegram reported it at `at` (chat_member, or an approved
 * request). Joining (from outside the chat) starts a new `since`; leaving, or being removed, ends any
 * removal in wait, so a later loss of access is a new episode. An older report than the one kept
 * changes nothing.
 */
export async function recordMember(
  db: Db,
  member: { chatId: bigint; telegramId: bigint; status: string; at: Date },
): Promise<void> {
  const at = sql`${member.at.toISOString()}::timestamptz`;
  await executeRows(
    db,
    sql`
      insert into gate_members (chat_id, telegram_id, status, since, last_seen_at)
      values (${member.chatId.toString()}::bigint, ${member.telegramId.toString()}::bigint, ${member.status}, ${at}, ${at})
      on conflict (chat_id, telegram_id) do update set
        status = excluded.status,
        last_seen_at = excluded.last_seen_at,
        since = case when gate_members.status not in ${IN_CHAT} and excluded.status in ${IN_CHAT}
          then excluded.since else gate_members.since end,
        removing_since = case when excluded.status in ${IN_CHAT} then gate_members.removing_since end,
        tag = case when excluded.status in ${IN_CHAT} then gate_members.tag end
      where gate_members.last_seen_at <= excluded.last_seen_at`,
  );
}

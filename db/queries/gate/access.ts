import { type SQL, sql } from "drizzle-orm";

/** Telegram's statuses of someone in a chat (a "restricted" one is in it: the bot records "left" otherwise). */
export const IN_CHAT = sql.raw(`('member', 'restricted', 'administrator', 'creator')`);

/**
 * The account half of the gate's rule (decision 120): the account is staff (any role), or holds a
 * tier the chat lets in (profiles.membership_tier_id: a plan in its grace period still holds its
 * tier; lapsePlans ends it).
 */
export function accountMayJoinSql(chatId: SQL, userId: SQL): SQL {
  return sql`(
    exists (select 1 from user_roles gr where gr.user_id = ${userId})
    or exists (
      select 1 from gate_chat_tiers gt join profiles gp on gp.membership_tier_id = gt.tier_id
      where gt.chat_id = ${chatId} and gp.id = ${userId}))`;
}

/**
 * The gate's one rule, on a chat id and a Telegram id: the person may be in the chat when the chat
 * is not gated (unknown to the gate, or open), or they are a Telegram administrator or creator of it,
 * or their account may join it (accountMayJoinSql). Written out in the statements that use it (the
 * reconcile over 100,000 members, the outbox's send-time check of a removal), so the planner joins it
 * rather than calling a function a row.
 */
export function mayStaySql(chatId: SQL, telegramId: SQL): SQL {
  return sql`(
    not exists (select 1 from gate_chats gc where gc.chat_id = ${chatId} and gc.access = 'tiers')
    or exists (
      select 1 from gate_members ga
      where ga.chat_id = ${chatId} and ga.telegram_id = ${telegramId}
        and ga.status in ('administrator', 'creator'))
    or exists (
      select 1 from users gu
      where gu.telegram_id = ${telegramId} and ${accountMayJoinSql(chatId, sql`gu.id`)}))`;
}

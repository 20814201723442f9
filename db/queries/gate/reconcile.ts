import { sql } from "drizzle-orm";
import type { Db } from "../../client";
import { executeRows } from "../../rows";
import { mayStaySql } from "./access";

/** One removal the reconcile claimed: its person, their account if any, and its episode. */
export interface ClaimedRemoval {
  chatId: string;
  telegramId: string;
  /** The access-ending episode: the removal's dedupe key names it, so each goes once. */
  episode: number;
  userId: string | null;
  chatTitle: string;
}

/**
 * Who is in a gated chat but should not be (decision 120), claimed for removal each once over all
 * processes (a new episode, `removing_since` set, under FOR UPDATE SKIP LOCKED): people the gate saw
 * in the chat (member or restricted; Telegram administrators and creators never), in a chat where
 * the bot may ban, who may not stay (mayStaySql), and who either have an account or were seen there
 * without one since before `waitedSince` (since they joined, or since the chat was gated). Only one
 * person's (`telegramId`) when given. First, people with a removal in wait who may stay again end it.
 */
export async function claimRemovals(
  tx: Db,
  { waitedSince, telegramId }: { waitedSince: Date; telegramId?: bigint },
): Promise<ClaimedRemoval[]> {
  const only = telegramId === undefined ? sql`` : sql`and m.telegram_id = ${telegramId.toString()}::bigint`;
  await executeRows(
    tx,
    sql`
      update gate_members m set removing_since = null
      where m.removing_since is not null ${only} and ${mayStaySql(sql`m.chat_id`, sql`m.telegram_id`)}`,
  );
  const rows = await executeRows<{
    chat_id: string;
    telegram_id: string;
    removals: number;
    user_id: string | null;
    title: string;
  }>(
    tx,
    sql`
      with gone as (
        select m.chat_id, m.telegram_id, c.title from gate_members m
        join gate_chats c on c.chat_id = m.chat_id
        where c.access = 'tiers' and c.can_ban_users
          and m.status in ('member', 'restricted') and m.removing_since is null ${only}
          and not ${mayStaySql(sql`m.chat_id`, sql`m.telegram_id`)}
          and (exists (select 1 from users u where u.telegram_id = m.telegram_id)
            or greatest(m.since, c.gated_at) < ${waitedSince.toISOString()}::timestamptz)
        for update of m skip locked
      )
      update gate_members m set removals = m.removals + 1, removing_since = now(), tag = null
      from gone where m.chat_id = gone.chat_id and m.telegram_id = gone.telegram_id
      returning m.chat_id::text as chat_id, m.telegram_id::text as telegram_id, m.removals, gone.title,
        (select u.id from users u where u.telegram_id = m.telegram_id) as user_id`,
  );
  return rows.map((row) => ({
    chatId: row.chat_id,
    telegramId: row.telegram_id,
    episode: Number(row.removals),
    userId: row.user_id,
    chatTitle: row.title,
  }));
}

/** A chat `c` whose members carry tier tags: gated, a group, the bot allowed to manage tags. */
const TAGGED_CHAT = sql`c.access = 'tiers' and c.can_manage_tags and c.kind in ('group', 'supergroup')`;

/** A tag to set (or clear: empty) on one member. */
export interface TagChange {
  chatId: string;
  telegramId: string;
  tag: string;
}

/**
 * Tier tags (decision 120): in the gated groups where the bot may manage tags, each member seen
 * there (status member) gets their tier's tag (`tags`, by tier id) while they may stay, and none
 * otherwise. Records the tag each member should carry and returns the changes, each once over all
 * processes. Only one person's (`telegramId`) when given.
 */
export async function claimTagChanges(
  tx: Db,
  tags: { tierId: string; tag: string }[],
  telegramId?: bigint,
): Promise<TagChange[]> {
  // Most shops tag nowhere (a channel has no tags): the pass over every member is then skipped.
  const tagged = await executeRows(tx, sql`select 1 from gate_chats c where ${TAGGED_CHAT} limit 1`);
  if (tagged.length === 0) return [];
  const only = telegramId === undefined ? sql`` : sql`and m.telegram_id = ${telegramId.toString()}::bigint`;
  const rows = await executeRows<{ chat_id: string; telegram_id: string; tag: string }>(
    tx,
    sql`
      with wanted as (
        select m.chat_id, m.telegram_id,
          case when ${mayStaySql(sql`m.chat_id`, sql`m.telegram_id`)} then coalesce((
            select t.tag from users u join profiles p on p.id = u.id
            join jsonb_to_recordset(${JSON.stringify(tags.map((t) => ({ tier_id: t.tierId, tag: t.tag })))}::jsonb)
              as t(tier_id uuid, tag text)
              on t.tier_id = p.membership_tier_id
            where u.telegram_id = m.telegram_id), '') else '' end as tag
        from gate_members m join gate_chats c on c.chat_id = m.chat_id
        where ${TAGGED_CHAT} and m.status = 'member' and m.removing_since is null ${only}
      ), changed as (
        select m.chat_id, m.telegram_id, w.tag from gate_members m
        join wanted w on w.chat_id = m.chat_id and w.telegram_id = m.telegram_id
        where coalesce(m.tag, '') <> w.tag
        for update of m skip locked
      )
      update gate_members m set tag = changed.tag
      from changed where m.chat_id = changed.chat_id and m.telegram_id = changed.telegram_id
      returning m.chat_id::text as chat_id, m.telegram_id::text as telegram_id, m.tag`,
  );
  return rows.map((row) => ({ chatId: row.chat_id, telegramId: row.telegram_id, tag: row.tag }));
}

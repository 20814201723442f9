import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../client";
import { executeRows } from "../../rows";
import { gateChats, gateChatTiers, membershipTiers } from "../../schema";
import { accountMayJoinSql, IN_CHAT, mayStaySql } from "./access";

/** A chat as Telegram describes it, and the bot's standing there (my_chat_member). */
export interface ChatFacts {
  chatId: bigint;
  kind: "channel" | "group" | "supergroup";
  title: string;
  username: string | null;
  botStatus: string;
  canInviteUsers: boolean;
  canBanUsers: boolean;
  canManageTags: boolean;
}

/** Records what the bot learned of a chat (its rights included); the chat's access stays as set. */
export async function saveChat(db: Db, facts: ChatFacts): Promise<void> {
  const { chatId: _chatId, ...rest } = facts;
  await db.insert(gateChats).values(facts).onConflictDoUpdate({ target: gateChats.chatId, set: rest });
}

/**
 * Notes a chat seen in an update about someone else (a join request, a member): new chats start
 * open with the bot's standing unknown; a known chat's title and username are refreshed.
 */
export async function noteChat(
  db: Db,
  chat: Pick<ChatFacts, "chatId" | "kind" | "title" | "username">,
): Promise<void> {
  await db
    .insert(gateChats)
    .values(chat)
    .onConflictDoUpdate({ target: gateChats.chatId, set: { title: chat.title, username: chat.username } });
}

export type ChatRow = typeof gateChats.$inferSelect;

export async function findChat(db: Db, chatId: bigint): Promise<ChatRow | undefined> {
  const [row] = await db.select().from(gateChats).where(eq(gateChats.chatId, chatId));
  return row;
}

/** The tiers each chat lets in, by chat id (decimal). */
export async function chatTierIds(db: Db, chatIds: readonly bigint[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (chatIds.length === 0) return out;
  const rows = await db
    .select()
    .from(gateChatTiers)
    .where(inArray(gateChatTiers.chatId, [...chatIds]));
  for (const row of rows) {
    const key = row.chatId.toString();
    out.set(key, [...(out.get(key) ?? []), row.tierId]);
  }
  return out;
}

/**
 * Sets a chat's access inside `tx`: open, or the tiers given (gated_at set when it becomes gated, so
 * people seen there without an account wait from then). Returns false when the chat is unknown.
 */
export async function setChatAccess(
  tx: Db,
  chatId: bigint,
  access: { kind: "open" } | { kind: "tiers"; tierIds: string[] },
  at: Date,
): Promise<boolean> {
  const [row] = await tx
    .update(gateChats)
    .set({
      access: access.kind,
      gatedAt:
        access.kind === "tiers"
          ? sql`coalesce(${gateChats.gatedAt}, ${at.toISOString()}::timestamptz)`
          : null,
    })
    .where(eq(gateChats.chatId, chatId))
    .returning({ chatId: gateChats.chatId });
  if (!row) return false;
  await tx.delete(gateChatTiers).where(eq(gateChatTiers.chatId, chatId));
  if (access.kind === "tiers")
    await tx.insert(gateChatTiers).values(access.tierIds.map((tierId) => ({ chatId, tierId })));
  return true;
}

/** Each chat's counts for Administration › Chats. */
export interface ChatCounts {
  chatId: string;
  known: number;
  withAccess: number;
  pendingRequests: number;
}

/**
 * Per chat: the people the gate has seen in it, those of them who may stay (mayStaySql), and the
 * join requests waiting.
 */
export async function chatCounts(db: Db): Promise<Map<string, ChatCounts>> {
  const rows = await executeRows<{ chat_id: string; known: number; with_access: number; pending: number }>(
    db,
    sql`
      select c.chat_id::text as chat_id,
        (select count(*)::int from gate_members m where m.chat_id = c.chat_id and m.status in ${IN_CHAT}) as known,
        (select count(*)::int from gate_members m where m.chat_id = c.chat_id and m.status in ${IN_CHAT}
          and ${mayStaySql(sql`m.chat_id`, sql`m.telegram_id`)}) as with_access,
        (select count(*)::int from gate_join_requests r where r.chat_id = c.chat_id and r.state = 'pending') as pending
      from gate_chats c`,
  );
  return new Map(
    rows.map((row) => [
      row.chat_id,
      {
        chatId: row.chat_id,
        known: Number(row.known),
        withAccess: Number(row.with_access),
        pendingRequests: Number(row.pending),
      },
    ]),
  );
}

/** A gated chat as a member's list shows it. */
export interface MemberChatRow {
  chatId: string;
  kind: ChatFacts["kind"];
  title: string;
  granted: boolean;
  joined: boolean;
  request: "pending" | "approved" | "declined" | null;
}

/**
 * The gated chats an account's plan or role opens, and any chat its Telegram asked to join: whether
 * it may join (accountMayJoinSql, or a Telegram administrator there), whether the gate saw it in the
 * chat, and its latest request.
 */
export async function memberChats(
  db: Db,
  userId: string,
  telegramId: bigint | null,
): Promise<MemberChatRow[]> {
  const telegram = sql`${telegramId === null ? null : telegramId.toString()}::bigint`;
  const granted = sql`(${accountMayJoinSql(sql`c.chat_id`, sql`${userId}::uuid`)} or exists (
    select 1 from gate_members a where a.chat_id = c.chat_id and a.telegram_id = ${telegram}
      and a.status in ('administrator', 'creator')))`;
  const rows = await executeRows<{
    chat_id: string;
    kind: ChatFacts["kind"];
    title: string;
    granted: boolean;
    joined: boolean;
    request: MemberChatRow["request"];
  }>(
    db,
    sql`
      select * from (
        select c.chat_id::text as chat_id, c.kind, c.title, ${granted} as granted,
          exists (select 1 from gate_members m where m.chat_id = c.chat_id and m.telegram_id = ${telegram}
            and m.status in ${IN_CHAT}) as joined,
          (select r.state from gate_join_requests r where r.chat_id = c.chat_id and r.telegram_id = ${telegram}
            order by r.at desc limit 1) as request
        from gate_chats c
        where c.access = 'tiers'
      ) chats
      where granted or request is not null
      order by title, chat_id`,
  );
  return rows.map((row) => ({
    chatId: row.chat_id,
    kind: row.kind,
    title: row.title,
    granted: Boolean(row.granted),
    joined: Boolean(row.joined),
    request: row.request,
  }));
}

/** Every chat the gate knows, oldest first. */
export const allChats = (db: Db): Promise<ChatRow[]> =>
  db.select().from(gateChats).orderBy(gateChats.createdAt, gateChats.chatId);

/** How many of these tier ids exist. */
export async function existingTierCount(db: Db, tierIds: readonly string[]): Promise<number> {
  if (tierIds.length === 0) return 0;
  const rows = await db
    .select({ id: membershipTiers.id })
    .from(membershipTiers)
    .where(inArray(membershipTiers.id, [...tierIds]));
  return rows.length;
}

/** Every tier's id and display name (the tags are made of them). */
export const tierNames = (db: Db) =>
  db.select({ tierId: membershipTiers.id, name: membershipTiers.displayName }).from(membershipTiers);

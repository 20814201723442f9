import { and, count, desc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Db } from "../../client";
import { orders, profiles, supportConversations, supportMessages, users } from "../../schema";

export type SupportSender = "member" | "staff";
export type SupportVia = "app" | "bot";

export interface NewSupportMessage {
  sender: SupportSender;
  authorId: string | null;
  body: string;
  imageUrl: string | null;
  orderId: string | null;
  via: SupportVia;
}

export interface SupportMessageRow {
  id: string;
  conversationId: string;
  sender: SupportSender;
  body: string;
  imageUrl: string | null;
  orderId: string | null;
  orderNumber: number | null;
  via: SupportVia;
  createdAt: Date;
}

const messageColumns = {
  id: supportMessages.id,
  conversationId: supportMessages.conversationId,
  sender: sql<SupportSender>`${supportMessages.sender}`,
  body: supportMessages.body,
  imageUrl: supportMessages.imageUrl,
  orderId: supportMessages.orderId,
  orderNumber: orders.number,
  via: sql<SupportVia>`${supportMessages.via}`,
  createdAt: supportMessages.createdAt,
};

/**
 * Adds a message to the member's conversation (made on their first message) in one transaction:
 * the conversation's time moves to now, and a member's message counts as unread for staff.
 */
export async function addSupportMessage(
  db: Db,
  memberId: string,
  message: NewSupportMessage,
): Promise<SupportMessageRow> {
  return db.transaction(async (tx) => {
    const unread = message.sender === "member" ? 1 : 0;
    const [conversation] = await tx
      .insert(supportConversations)
      .values({ userId: memberId, staffUnread: unread })
      .onConflictDoUpdate({
        target: supportConversations.userId,
        set: {
          lastMessageAt: sql`now()`,
          staffUnread: sql`${supportConversations.staffUnread} + ${unread}`,
        },
      })
      .returning({ id: supportConversations.id });
    if (!conversation) throw new Error("support conversation upsert returned nothing");
    const [inserted] = await tx
      .insert(supportMessages)
      .values({ conversationId: conversation.id, ...message })
      .returning({ id: supportMessages.id });
    if (!inserted) throw new Error("support message insert returned nothing");
    const [row] = await tx
      .select(messageColumns)
      .from(supportMessages)
      .leftJoin(orders, eq(orders.id, supportMessages.orderId))
      .where(eq(supportMessages.id, inserted.id));
    if (!row) throw new Error("support message vanished");
    return row;
  });
}

/** The conversation's newest `limit` messages, oldest first. */
export async function supportMessagesOf(
  db: Db,
  conversationId: string,
  limit: number,
): Promise<SupportMessageRow[]> {
  const rows = await db
    .select(messageColumns)
    .from(supportMessages)
    .leftJoin(orders, eq(orders.id, supportMessages.orderId))
    .where(eq(supportMessages.conversationId, conversationId))
    .orderBy(desc(supportMessages.createdAt), desc(supportMessages.id))
    .limit(limit);
  return rows.reverse();
}

/** The member's conversation, when they have written. */
export async function conversationIdOfMember(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: supportConversations.id })
    .from(supportConversations)
    .where(eq(supportConversations.userId, userId));
  return row?.id;
}

/** The member's newest message, when it is their latest and recent: the bot acknowledges a run once. */
export async function latestSupportMessage(
  db: Db,
  conversationId: string,
): Promise<{ sender: SupportSender; createdAt: Date } | undefined> {
  const [row] = await db
    .select({ sender: sql<SupportSender>`${supportMessages.sender}`, createdAt: supportMessages.createdAt })
    .from(supportMessages)
    .where(eq(supportMessages.conversationId, conversationId))
    .orderBy(desc(supportMessages.createdAt), desc(supportMessages.id))
    .limit(1);
  return row;
}

const summaryColumns = {
  id: supportConversations.id,
  userId: supportConversations.userId,
  lastMessageAt: supportConversations.lastMessageAt,
  staffUnread: supportConversations.staffUnread,
  fullName: profiles.fullName,
  email: profiles.email,
  telegramUsername: users.telegramUsername,
  tierId: profiles.membershipTierId,
};

export type ConversationRow = {
  id: string;
  userId: string;
  lastMessageAt: Date;
  staffUnread: number;
  fullName: string | null;
  email: string | null;
  telegramUsername: string | null;
  tierId: string | null;
};

const summaries = (db: Db) =>
  db
    .select(summaryColumns)
    .from(supportConversations)
    .innerJoin(users, eq(users.id, supportConversations.userId))
    .leftJoin(profiles, eq(profiles.id, supportConversations.userId));

/** One page of conversations, newest first, with how many there are and how many have unread messages. */
export async function listConversations(
  db: Db,
  page: { offset: number; limit: number },
): Promise<{ rows: ConversationRow[]; total: number; unread: number }> {
  const [rows, totals, unread] = await Promise.all([
    summaries(db)
      .orderBy(desc(supportConversations.lastMessageAt), desc(supportConversations.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(supportConversations),
    db.select({ total: count() }).from(supportConversations).where(gt(supportConversations.staffUnread, 0)),
  ]);
  return { rows, total: totals[0]?.total ?? 0, unread: unread[0]?.total ?? 0 };
}

export async function findConversation(db: Db, id: string): Promise<ConversationRow | undefined> {
  const [row] = await summaries(db).where(eq(supportConversations.id, id));
  return row;
}

/** Each conversation's newest message (for the list's previews). */
export async function latestMessagesOf(
  db: Db,
  conversationIds: string[],
): Promise<Map<string, { sender: SupportSender; body: string; hasImage: boolean }>> {
  if (conversationIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([supportMessages.conversationId], {
      conversationId: supportMessages.conversationId,
      sender: sql<SupportSender>`${supportMessages.sender}`,
      body: supportMessages.body,
      hasImage: sql<boolean>`${supportMessages.imageUrl} is not null`,
    })
    .from(supportMessages)
    .where(inArray(supportMessages.conversationId, conversationIds))
    .orderBy(supportMessages.conversationId, desc(supportMessages.createdAt), desc(supportMessages.id));
  return new Map(rows.map(({ conversationId, ...rest }) => [conversationId, rest]));
}

/** Staff have read the conversation: no unread messages. False when there is no such conversation. */
export async function markConversationRead(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(supportConversations)
    .set({ staffUnread: 0 })
    .where(and(eq(supportConversations.id, id), gt(supportConversations.staffUnread, 0)))
    .returning({ id: supportConversations.id });
  if (rows.length > 0) return true;
  return (await findConversation(db, id)) !== undefined;
}

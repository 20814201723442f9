import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../client";
import { channelMessages } from "../../schema";

const m = channelMessages;

/**
 * A message posted in the app, published at once. Its display_order is the highest plus one (0 for
 * the first), read by the INSERT itself: no round trip between reading and writing it.
 */
export async function insertFeedPost(
  db: Db,
  post: { content: string | null; imageUrl: string | null; createdBy: string; tierIds?: string[] },
): Promise<string> {
  const [row] = await db
    .insert(m)
    .values({
      ...post,
      isPublished: true,
      displayOrder: sql`(select coalesce(max(${m.displayOrder}) + 1, 0) from ${m})`,
    })
    .returning({ id: m.id });
  if (!row) throw new Error("insert into channel_messages returned no row");
  return row.id;
}

/**
 * Links a message to the channel post it was published as. The relay may have stored that post
 * already (its update can arrive before sendMessage answers): that copy is deleted, so the post is
 * one feed item, ours. One transaction, so no reader sees both or neither.
 */
export async function linkFeedPost(
  db: Db,
  id: string,
  post: { chatId: bigint; messageId: bigint },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .delete(m)
      .where(and(eq(m.telegramChatId, post.chatId), eq(m.telegramMessageId, post.messageId), ne(m.id, id)));
    await tx
      .update(m)
      .set({ telegramChatId: post.chatId, telegramMessageId: post.messageId })
      .where(eq(m.id, id));
  });
}

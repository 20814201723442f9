import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../client";
import { botDrafts } from "../../schema";

/** An admin's message to the bot joins a draft: its own, or its album's. `created` for the first item. */
export async function addToDraft(
  db: Db,
  draft: { userId: string; chatId: bigint; messageId: bigint; mediaGroupId: string | null },
): Promise<{ id: string; created: boolean }> {
  const values = {
    userId: draft.userId,
    chatId: draft.chatId,
    messageIds: [draft.messageId],
    mediaGroupId: draft.mediaGroupId,
  };
  const inserted = { id: botDrafts.id, created: sql<boolean>`xmax = 0` };
  if (!draft.mediaGroupId) {
    const [row] = await db.insert(botDrafts).values(values).returning(inserted);
    return { id: row?.id ?? "", created: true };
  }
  const [row] = await db
    .insert(botDrafts)
    .values(values)
    .onConflictDoUpdate({
      target: [botDrafts.chatId, botDrafts.mediaGroupId],
      targetWhere: sql`${botDrafts.mediaGroupId} is not null`,
      set: {
        messageIds: sql`(select array_agg(distinct id order by id) from unnest(${botDrafts.messageIds} || excluded.message_ids) as id)`,
      },
    })
    .returning(inserted);
  if (!row) throw new Error("draft upsert returned nothing");
  return { id: row.id, created: Boolean(row.created) };
}

/**
 * Moves a pending draft of this user to posted or cancelled, once: the second of two taps gets
 * undefined. Returns the draft's chat and messages.
 */
export async function settleDraft(
  db: Db,
  id: string,
  userId: string,
  status: "posted" | "cancelled",
): Promise<{ chatId: bigint; messageIds: bigint[] } | undefined> {
  const [row] = await db
    .update(botDrafts)
    .set({ status })
    .where(and(eq(botDrafts.id, id), eq(botDrafts.userId, userId), eq(botDrafts.status, "pending")))
    .returning({ chatId: botDrafts.chatId, messageIds: botDrafts.messageIds });
  return row;
}

/** A draft whose post failed goes back to pending, so the admin can tap again. */
export async function reopenDraft(db: Db, id: string): Promise<void> {
  await db.update(botDrafts).set({ status: "pending" }).where(eq(botDrafts.id, id));
}

import { eq, lt } from "drizzle-orm";
import type { Db } from "../../client";
import { processedUpdates } from "../../schema";

/** Records a Telegram update_id; false when it was already recorded (a redelivery). */
export async function claimUpdate(db: Db, updateId: bigint): Promise<boolean> {
  const fresh = await db
    .insert(processedUpdates)
    .values({ updateId })
    .onConflictDoNothing()
    .returning({ updateId: processedUpdates.updateId });
  return fresh.length > 0;
}

/** Forgets an update_id whose handling failed, so Telegram's redelivery is handled again. */
export async function releaseUpdate(db: Db, updateId: bigint): Promise<void> {
  await db.delete(processedUpdates).where(eq(processedUpdates.updateId, updateId));
}

export async function pruneProcessedUpdates(db: Db, before: Date): Promise<void> {
  await db.delete(processedUpdates).where(lt(processedUpdates.processedAt, before));
}

import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../client";
import { serverKeys, trialClaims } from "../schema/index";

/** The server's key named `name`, made (32 random bytes, hex) by whichever caller comes first. */
export async function serverKey(db: Db, name: string): Promise<string> {
  await db
    .insert(serverKeys)
    .values({ name, key: randomBytes(32).toString("hex") })
    .onConflictDoNothing();
  const [row] = await db.select({ key: serverKeys.key }).from(serverKeys).where(eq(serverKeys.name, name));
  if (!row) throw new Error(`server key ${name} missing`);
  return row.key;
}

/**
 * Claims the tier's trial for every subject (keyed hashes of the person's Telegram id and verified
 * email), inside the caller's transaction: true only when none had claimed it before. Two claims
 * at once for one subject: the second waits on the first's row and then finds it taken.
 */
export async function claimTrial(
  tx: Db,
  { tierId, userId, subjects, at }: { tierId: string; userId: string; subjects: string[]; at: Date },
): Promise<boolean> {
  const claimed = await tx
    .insert(trialClaims)
    .values(subjects.map((subject) => ({ tierId, subject, userId, claimedAt: at })))
    .onConflictDoNothing()
    .returning({ subject: trialClaims.subject });
  return claimed.length === subjects.length;
}

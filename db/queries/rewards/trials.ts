import type { Db } from "../../client";
import { trialClaims } from "../../schema";

/**
 * Claims the tier's trial for every subject (the person's keys, decision 115), inside the caller's
 * transaction: true only when none had claimed it before. Two claims at once for one subject: the
 * second waits on the first's row and then finds it taken.
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

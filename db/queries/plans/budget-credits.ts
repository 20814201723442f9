import type { Db } from "../../client";
import { budgetCredits } from "../../schema";

/** Where added credits came from. */
export type CreditSource = "promo" | "referral";

/**
 * Adds credits to the member's budget for the month (UTC) containing `at`, inside the caller's
 * transaction: they count in that month's remaining budget, and what is left of them rolls over.
 */
export async function addCredits(
  tx: Db,
  {
    userId,
    amount,
    source,
    sourceId,
    at,
  }: { userId: string; amount: string; source: CreditSource; sourceId: string; at: Date },
): Promise<void> {
  const periodStart = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  await tx.insert(budgetCredits).values({ userId, amount, periodStart, source, sourceId, createdAt: at });
}

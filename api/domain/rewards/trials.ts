import { costsNothing, type Plan } from "#api/contracts/plans";
import { personKeys } from "#api/domain/auth";
import { readPlan } from "#api/domain/plans";
import { findAccountById } from "#db/queries/accounts/accounts";
import { everHeld } from "#db/queries/plans/plan-grants";
import { findActiveTier } from "#db/queries/plans/plans";
import { claimTrial } from "#db/queries/rewards/trials";
import type { ServiceContext } from "../context";
import { Refusal } from "../refusal";
import { giveDays } from "./rewards";

/**
 * Starts the tier's free trial for the member (decision 113): the tier offers one, costs something
 * and is active, the member never held it, no account of this person (their person keys, decision
 * 115: the same Telegram id or proven mailbox, even a deleted account's) had its trial, and their
 * plan does not already include it. The claims and the free days are written in one transaction,
 * so two starts at once give one trial.
 */
export async function startTrial(ctx: ServiceContext, userId: string, tierId: string): Promise<Plan> {
  const [tier, account] = await Promise.all([
    findActiveTier(ctx.db, tierId),
    findAccountById(ctx.db, userId),
  ]);
  if (!tier || !account) throw new Refusal("unknown_tier");
  if (!tier.trialDays || costsNothing(tier)) throw new Refusal("trial_not_offered");
  if (await everHeld(ctx.db, userId, tier.id)) throw new Refusal("trial_tier_held");
  const trialDays = tier.trialDays;
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const subjects = await personKeys(tx, account);
    if (subjects.length === 0) throw new Refusal("trial_needs_identity");
    if (!(await claimTrial(tx, { tierId: tier.id, userId, subjects, at: now }))) {
      throw new Refusal("trial_already_had");
    }
    const given = await giveDays(tx, { userId, tier, days: trialDays, kind: "trial", at: now });
    if ("refused" in given) throw new Refusal("trial_plan_includes");
  });
  return readPlan(ctx, userId);
}

import { createHmac } from "node:crypto";
import { tierChangeReasons } from "#api/contracts/plan-payments";
import type { Plan } from "#api/contracts/plans";
import { findAccountById } from "#db/queries/accounts";
import { everHeld, grantDays } from "#db/queries/plan-grants";
import { findActiveTier } from "#db/queries/plans";
import { claimTrial, serverKey } from "#db/queries/trials";
import type { ServiceContext } from "../context";
import { Refusal } from "../refusal";
import { readPlan } from "./plans";

/**
 * Who a person is for trials (decision 113): keyed hashes (HMAC-SHA256, a key the server keeps in
 * its database) of their Telegram id and of their proven email, never the values themselves. An
 * unproven email proves nothing, so it names nobody.
 */
async function trialSubjects(
  ctx: Pick<ServiceContext, "db">,
  account: { telegramId: bigint | null; email: string | null; emailVerifiedAt: Date | null },
): Promise<string[]> {
  const key = await serverKey(ctx.db, "trial_claims");
  const hash = (value: string) => createHmac("sha256", key).update(value).digest("hex");
  const subjects: string[] = [];
  if (account.telegramId !== null) subjects.push(hash(`telegram:${account.telegramId}`));
  if (account.email && account.emailVerifiedAt) subjects.push(hash(`email:${account.email.toLowerCase()}`));
  return subjects;
}

/**
 * Starts the tier's free trial for the member (decision 113): the tier offers one and is active, the
 * member never held it, no account of this person (same Telegram id or proven email, even a deleted
 * one) had its trial, and their plan does not already include it. The claims and the free days are
 * written in one transaction, so two starts at once give one trial.
 */
export async function startTrial(ctx: ServiceContext, userId: string, tierId: string): Promise<Plan> {
  const [tier, account] = await Promise.all([
    findActiveTier(ctx.db, tierId),
    findAccountById(ctx.db, userId),
  ]);
  if (!tier || !account) throw new Refusal("unknown_tier");
  if (!tier.trialDays) throw new Refusal("trial_not_offered");
  if (await everHeld(ctx.db, userId, tier.id)) throw new Refusal("trial_tier_held");
  const subjects = await trialSubjects(ctx, account);
  if (subjects.length === 0) throw new Refusal("trial_needs_identity");
  const trialDays = tier.trialDays;
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    if (!(await claimTrial(tx, { tierId: tier.id, userId, subjects, at: now }))) {
      throw new Refusal("trial_already_had");
    }
    const given = await grantDays(tx, {
      userId,
      tier,
      days: trialDays,
      kind: "trial",
      at: now,
      reason: tierChangeReasons.trial,
    });
    if ("refused" in given) throw new Refusal("trial_plan_includes");
  });
  return readPlan(ctx, userId);
}

import type { CreatePromoCode, PromoCode, RedeemedPromo, UpdatePromoCode } from "#api/contracts/promo-codes";
import type { Reward } from "#api/contracts/rewards";
import { type LimitRule, personKeys, reserveAttempt } from "#api/domain/auth";
import { readBudget, readPlan } from "#api/domain/plans";
import { findAccountById } from "#db/queries/accounts/accounts";
import {
  findPromoCode,
  insertPromoCode,
  listPromoCodes,
  lockPromoCode,
  type PromoCodeWithStats,
  personUses,
  recordRedemption,
  redemptionsBy,
  updatePromoCode,
} from "#db/queries/rewards/promo-codes";
import type { ServiceContext } from "../context";
import { isUniqueViolation } from "../db-errors";
import { Refusal } from "../refusal";
import { checkRewardTier, giveReward, rewardView } from "./rewards";

/**
 * Redemption attempts a member may make in 15 minutes; a successful one is given back, so only
 * wrong, expired or used-up codes count: guessing codes is slow, redeeming real ones is not.
 */
const redeemLimit: LimitRule = { scope: "promo:member", limit: 10, windowMs: 15 * 60_000 };

const iso = (date: Date | null) => date?.toISOString() ?? null;

function promoCodeOf({ code, tierName, members, orders, creditsSpent }: PromoCodeWithStats): PromoCode {
  const tier = code.tierId && tierName !== null ? { id: code.tierId, displayName: tierName } : undefined;
  const reward = rewardView(code, tier);
  // The table's check keeps every code's reward whole.
  if (!reward) throw new Error(`promo code ${code.id} has no reward`);
  return {
    id: code.id,
    code: code.code,
    reward,
    startsAt: iso(code.startsAt),
    endsAt: iso(code.endsAt),
    maxUses: code.maxUses,
    usesPerMember: code.usesPerMember,
    uses: code.uses,
    isActive: code.isActive,
    createdAt: code.createdAt.toISOString(),
    brought: { members, orders, creditsSpent },
  };
}

const dateOf = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null ? null : new Date(value);

async function readPromoCode(ctx: ServiceContext, id: string): Promise<PromoCode> {
  const row = await findPromoCode(ctx.db, id);
  if (!row) throw new Refusal("promo_code_not_found");
  return promoCodeOf(row);
}

export const promoCodesList = async (ctx: ServiceContext): Promise<PromoCode[]> =>
  (await listPromoCodes(ctx.db)).map(promoCodeOf);

/**
 * A new code (decision 112): days on an active tier that costs something, or credits; unique
 * whatever the letter case.
 */
export async function createPromoCode(
  ctx: ServiceContext,
  adminId: string,
  input: CreatePromoCode,
): Promise<PromoCode> {
  const { reward } = input;
  if (reward.kind === "days") await checkRewardTier(ctx, reward.tierId);
  try {
    const row = await insertPromoCode(ctx.db, {
      code: input.code,
      rewardKind: reward.kind,
      tierId: reward.kind === "days" ? reward.tierId : null,
      days: reward.kind === "days" ? reward.days : null,
      credits: reward.kind === "credits" ? reward.amount : null,
      startsAt: dateOf(input.startsAt) ?? null,
      endsAt: dateOf(input.endsAt) ?? null,
      maxUses: input.maxUses,
      usesPerMember: input.usesPerMember ?? 1,
      createdBy: adminId,
      createdAt: ctx.now(),
    });
    return readPromoCode(ctx, row.id);
  } catch (error) {
    if (isUniqueViolation(error)) throw new Refusal("promo_code_taken");
    throw error;
  }
}

/** Changes a code: on or off, its dates, its limits (total uses never below the uses so far). */
export async function changePromoCode(
  ctx: ServiceContext,
  id: string,
  patch: UpdatePromoCode,
): Promise<PromoCode> {
  const before = await findPromoCode(ctx.db, id);
  if (!before) throw new Refusal("promo_code_not_found");
  const startsAt = patch.startsAt === undefined ? before.code.startsAt : dateOf(patch.startsAt);
  const endsAt = patch.endsAt === undefined ? before.code.endsAt : dateOf(patch.endsAt);
  if (startsAt && endsAt && endsAt <= startsAt) throw new Refusal("promo_window_invalid");
  const changed = await updatePromoCode(ctx.db, id, {
    isActive: patch.isActive,
    startsAt: dateOf(patch.startsAt),
    endsAt: dateOf(patch.endsAt),
    maxUses: patch.maxUses,
    usesPerMember: patch.usesPerMember,
  });
  if (!changed) throw new Refusal("promo_max_below_uses");
  return readPromoCode(ctx, id);
}

/**
 * Redeems a code for the member (decision 112). Under the code's row lock, in one transaction: it
 * exists (404), is on and inside its dates, with uses left (410), the person has uses left (409: the
 * most uses by this account or by any of its person keys, decision 115, so a deleted account or
 * another account of the same mailbox counts), then the grant (free days on the tier, or credits
 * this month) and the use are written together. A grant the member's plan already includes (409)
 * rolls the use back with it. So 100 members at once on a code with 10 uses get exactly 10 grants.
 */
export async function redeemPromo(ctx: ServiceContext, userId: string, code: string): Promise<RedeemedPromo> {
  const attempt = await reserveAttempt(ctx.db, ctx.now(), [redeemLimit, userId]);
  const now = ctx.now();
  const reward = await ctx.db.transaction(async (tx): Promise<Reward> => {
    const account = await findAccountById(tx, userId);
    const keys = account ? await personKeys(tx, account) : [];
    const promo = await lockPromoCode(tx, code);
    if (!promo) throw new Refusal("promo_not_found");
    if (promo.startsAt && promo.startsAt > now) throw new Refusal("promo_not_started");
    if (!promo.isActive || (promo.endsAt && promo.endsAt <= now)) throw new Refusal("promo_expired");
    if (promo.uses >= promo.maxUses) throw new Refusal("promo_used_up");
    const used = Math.max(await redemptionsBy(tx, promo.id, userId), await personUses(tx, promo.id, keys));
    if (used >= promo.usesPerMember) throw new Refusal("promo_already_used");
    const given = await giveReward(tx, {
      userId,
      reward: promo,
      source: "promo",
      sourceId: promo.id,
      at: now,
    });
    // A tier switched off, or made free since the code was made: the code gives nothing any more.
    if (given.kind === "nothing") throw new Refusal("promo_expired");
    if (given.kind === "included") throw new Refusal("promo_plan_includes");
    const use = { promoCodeId: promo.id, userId, personKeys: keys, at: now };
    if (given.kind === "credits") {
      await recordRedemption(tx, { ...use, days: null, credits: given.amount });
      return { kind: "credits", amount: given.amount };
    }
    await recordRedemption(tx, { ...use, days: given.days, credits: null });
    return { kind: "days", tierId: given.tier.id, tierName: given.tier.displayName, days: given.days };
  });
  await attempt.release();
  const [plan, budget] = await Promise.all([readPlan(ctx, userId), readBudget(ctx, userId)]);
  return { reward, plan, budget };
}

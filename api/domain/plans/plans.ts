import { fromCents, toCents } from "#api/contracts/money";
import { tierChangeReasons } from "#api/contracts/plan-payments";
import type { Budget, ChangePlanResult, Plan, Tier } from "#api/contracts/plans";
import { findAccountById } from "#db/queries/accounts/accounts";
import { findGrant, type GrantRow } from "#db/queries/plans/plan-grants";
import { findSubscription, latestRequest } from "#db/queries/plans/plan-payments";
import {
  budgetFigures,
  changeTier,
  findActiveTier,
  listActiveTiers,
  planOf,
  type TierRow,
} from "#db/queries/plans/plans";
import type { ServiceContext } from "../context";
import { isForeignKeyViolation } from "../db-errors";
import { publish } from "../events";
import { Refusal } from "../refusal";
import {
  endExpired,
  paymentModeOf,
  planRequestOf,
  requestTier,
  takenAtOnce,
  telegramPrice,
} from "./plan-payments";
import { subscriptionOf } from "./plan-renewals";

const tierOf = (row: TierRow): Tier => ({
  id: row.id,
  name: row.name,
  displayName: row.displayName,
  priceMonthly: row.priceMonthly,
  tierLevel: row.tierLevel,
  description: row.description,
  features: row.features,
  priceStars: row.priceStars,
  trialDays: row.trialDays,
});

export const activeTiers = async (ctx: ServiceContext): Promise<Tier[]> =>
  (await listActiveTiers(ctx.db)).map(tierOf);

/** The member's plan, a subscription past its paid time ended first. */
export async function readPlan(ctx: ServiceContext, userId: string): Promise<Plan> {
  await endExpired(ctx, userId);
  const [{ tier, startedAt }, account, request, subscription, grant] = await Promise.all([
    planOf(ctx.db, userId),
    findAccountById(ctx.db, userId),
    latestRequest(ctx.db, userId),
    findSubscription(ctx.db, userId),
    findGrant(ctx.db, userId),
  ]);
  const payments = paymentModeOf(ctx, account?.telegramId ?? null);
  return {
    tier: tier ? tierOf(tier) : null,
    startedAt: startedAt?.toISOString() ?? null,
    payments,
    currency: payments === "invoice" ? ctx.config.PAYMENT_CURRENCY : null,
    request: request ? planRequestOf(request) : null,
    subscription: subscription ? subscriptionOf(subscription, ctx.now(), ctx.config.PLAN_GRACE_DAYS) : null,
    grant: grant ? grantOf(grant) : null,
  };
}

const grantOf = (row: GrantRow): Plan["grant"] => ({
  kind: row.kind,
  tierId: row.tierId,
  tierName: row.tierName,
  endsAt: row.endsAt.toISOString(),
});

/**
 * The member picks an active tier. It applies at once with PLAN_PAYMENTS=free or when the tier costs
 * nothing (decision 021): this month's budget becomes the new tier's price, earlier months'
 * rollover settled at the prices they had. Otherwise a paid tier is requested from an admin (manual),
 * or bought for Stars inside Telegram (the invoice route). Picking the current tier changes nothing,
 * unless the member holds it on free days (a grant): then it is requested or paid for like any other.
 */
export async function changePlan(
  ctx: ServiceContext,
  userId: string,
  tierId: string,
): Promise<ChangePlanResult> {
  const tier = await findActiveTier(ctx.db, tierId);
  const account = await findAccountById(ctx.db, userId);
  if (!tier || !account) throw new Refusal("unknown_tier");
  const mode = paymentModeOf(ctx, account.telegramId);
  const current = (await planOf(ctx.db, userId)).tier;
  const onFreeDays = (await findGrant(ctx.db, userId)) !== undefined;
  if ((current?.id !== tier.id || onFreeDays) && !takenAtOnce(mode, tier)) {
    if (telegramPrice(ctx, mode, tier))
      throw new Refusal(mode === "invoice" ? "pay_by_invoice" : "pay_with_stars");
    await requestTier(ctx, userId, tier);
    ctx.metrics.planPayments.inc({ mode, outcome: "requested" });
    return { ...(await readPlan(ctx, userId)), outcome: "requested", upgraded: false };
  }
  // A tier deleted while this change ran fails the profile's foreign key: that tier is gone.
  const changed = await changeTier(ctx.db, userId, tierId, ctx.now(), {
    reason: tierChangeReasons.member,
  }).catch((error: unknown) => {
    if (isForeignKeyViolation(error)) return undefined;
    throw error;
  });
  if (!changed) throw new Refusal("unknown_tier");
  await publish(ctx, ctx.db, "tierChanged", { userId });
  ctx.metrics.planPayments.inc({ mode: Number(tier.priceMonthly) > 0 ? mode : "free", outcome: "changed" });
  const plan = await readPlan(ctx, userId);
  return {
    ...plan,
    outcome: "changed",
    upgraded: changed.tier.tierLevel > (changed.previous?.tierLevel ?? 0),
  };
}

/** This calendar month's budget (UTC), the rollover run first when a month has turned. */
export async function readBudget(ctx: ServiceContext, userId: string): Promise<Budget> {
  await endExpired(ctx, userId);
  const now = ctx.now();
  const periodStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const periodEnd = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const { monthly, rollover, credits, spent } = await budgetFigures(ctx.db, userId, now);
  const remaining = Math.max(0, toCents(monthly) + toCents(rollover) + toCents(credits) - toCents(spent));
  return {
    periodStart: periodStart.toISOString(),
    periodEnd: periodEnd.toISOString(),
    monthly,
    rollover,
    credits,
    spent,
    remaining: fromCents(remaining),
  };
}

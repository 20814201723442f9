import { budgetFigures, changeTier, listActiveTiers, planOf, type TierRow } from "#db/queries/plans";
import { fromCents, toCents } from "../contracts/money";
import { type Budget, type ChangePlanResult, type Plan, planMessages, type Tier } from "../contracts/plans";
import { AppError } from "../errors";
import type { ServiceContext } from "./context";
import { isForeignKeyViolation } from "./db-errors";

const tierOf = (row: TierRow): Tier => ({
  id: row.id,
  name: row.name,
  displayName: row.displayName,
  priceMonthly: row.priceMonthly,
  tierLevel: row.tierLevel,
  description: row.description,
  features: row.features,
});

export const activeTiers = async (ctx: ServiceContext): Promise<Tier[]> =>
  (await listActiveTiers(ctx.db)).map(tierOf);

export async function readPlan(ctx: ServiceContext, userId: string): Promise<Plan> {
  const { tier, startedAt } = await planOf(ctx.db, userId);
  return { tier: tier ? tierOf(tier) : null, startedAt: startedAt?.toISOString() ?? null };
}

/**
 * The member picks an active tier; it applies at once (the spec's behaviour). This month's budget
 * becomes the new tier's price; earlier months' rollover is settled at the prices they had.
 * Picking the current tier changes nothing.
 */
export async function changePlan(
  ctx: ServiceContext,
  userId: string,
  tierId: string,
): Promise<ChangePlanResult> {
  const now = ctx.now();
  // A tier deleted while this change ran fails the profile's foreign key: that tier is gone.
  const changed = await changeTier(ctx.db, userId, tierId, now).catch((error: unknown) => {
    if (isForeignKeyViolation(error)) return undefined;
    throw error;
  });
  if (!changed) throw new AppError("not_found", planMessages.unknownTier);
  const plan = await readPlan(ctx, userId);
  return { ...plan, upgraded: changed.tier.tierLevel > (changed.previous?.tierLevel ?? 0) };
}

/** This calendar month's budget (UTC), the rollover run first when a month has turned. */
export async function readBudget(ctx: ServiceContext, userId: string): Promise<Budget> {
  const now = ctx.now();
  const periodStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const periodEnd = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const { monthly, rollover, spent } = await budgetFigures(ctx.db, userId, now);
  const remaining = Math.max(0, toCents(monthly) + toCents(rollover) - toCents(spent));
  return {
    periodStart: periodStart.toISOString(),
    periodEnd: periodEnd.toISOString(),
    monthly,
    rollover,
    spent,
    remaining: fromCents(remaining),
  };
}

import { listActiveTiers } from "#db/queries/plans/plans";
import type { ServiceContext } from "../context";
import { telegramPrice } from "./plan-payments";

/**
 * The active paid tiers members cannot buy in PLAN_PAYMENTS's mode, by name: in `stars`, those
 * without a Stars price (decision 109); every other mode sells them all. Administration › Setup
 * lists them (decision 121), and the start warns of them (decision 122).
 */
export async function unsoldTiers(ctx: Pick<ServiceContext, "config" | "db">): Promise<string[]> {
  const mode = ctx.config.PLAN_PAYMENTS;
  if (mode !== "stars" && mode !== "invoice") return [];
  return (await listActiveTiers(ctx.db))
    .filter((tier) => Number(tier.priceMonthly) > 0 && telegramPrice(ctx, mode, tier) === undefined)
    .map((tier) => tier.displayName);
}

/**
 * At start, in the `stars` mode: one warning line naming the active paid tiers members cannot buy
 * for want of a Stars price, and where to set one (decision 122).
 */
export async function warnAboutTiersWithoutStars(ctx: Pick<ServiceContext, "config" | "db" | "log">) {
  if (ctx.config.PLAN_PAYMENTS !== "stars") return;
  const tiers = await unsoldTiers(ctx);
  if (!tiers.length) return;
  ctx.log.warn(
    `PLAN_PAYMENTS=stars, but these active paid tiers have no Stars price, so nobody can buy them: ${tiers.join(", ")}. Give each a price in Stars (Administration › Memberships, the tier's form), or choose another PLAN_PAYMENTS`,
    { tiers },
  );
}

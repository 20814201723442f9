import { listActiveTiers } from "#db/queries/plans/plans";
import type { ServiceContext } from "../context";

/** The active paid tiers without a Stars price: with PLAN_PAYMENTS=stars nobody can buy them (decision 109). */
async function tiersWithoutStarsPrice({ db }: Pick<ServiceContext, "db">): Promise<string[]> {
  const tiers = await listActiveTiers(db);
  return tiers
    .filter((tier) => Number(tier.priceMonthly) > 0 && tier.priceStars === null)
    .map((tier) => tier.displayName);
}

/**
 * At start, in the `stars` mode: one warning line naming the active paid tiers members cannot buy
 * for want of a Stars price, and where to set one (decision 122).
 */
export async function warnAboutTiersWithoutStars(ctx: Pick<ServiceContext, "config" | "db" | "log">) {
  if (ctx.config.PLAN_PAYMENTS !== "stars") return;
  const tiers = await tiersWithoutStarsPrice(ctx);
  if (!tiers.length) return;
  ctx.log.warn(
    `PLAN_PAYMENTS=stars, but these active paid tiers have no Stars price, so nobody can buy them: ${tiers.join(", ")}. Give each a price in Stars (Administration › Memberships, the tier's form), or choose another PLAN_PAYMENTS`,
    { tiers },
  );
}

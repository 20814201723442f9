import type { Plan, Tier } from "#api/contracts/plans";
import { Stars } from "../components/stars";
import { useT } from "../i18n/use-t";
import { tierSale } from "./plan-rules";
import "./tier-sale.css";

/**
 * Under a paid tier's monthly price, how this member buys it through Telegram (decision 123): "⭐ 1250
 * every 30 days with Telegram Stars", "Not sold for Telegram Stars: …", or "€25.00 by card for 30
 * days"; nothing where no payment goes through Telegram.
 */
export function TierSaleLine({
  plan,
  tier,
}: {
  plan: Pick<Plan, "payments" | "currency">;
  tier: Pick<Tier, "priceMonthly" | "priceStars">;
}) {
  const { t } = useT();
  const sale = tierSale(plan.payments, plan.currency, tier);
  if (!sale) return null;
  return (
    <p
      className={sale.kind === "notForStars" ? "tier-sale tier-sale-hint" : "tier-sale"}
      data-testid="tier-sale"
    >
      {sale.kind === "stars" ? (
        <>
          <Stars count={sale.stars} /> {t("plans.everyThirtyDays")}
        </>
      ) : sale.kind === "invoice" ? (
        `${sale.amount} ${t("plans.byCardForThirtyDays")}`
      ) : (
        t("plans.notForStars")
      )}
    </p>
  );
}

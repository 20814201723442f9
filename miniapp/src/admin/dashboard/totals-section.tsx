import type { Dashboard, DashboardTotals } from "#api/contracts/admin-dashboard";
import { toCents } from "#api/contracts/cents";
import { groupedAmount } from "#api/contracts/price-text";
import type { AdminTextKey } from "../../i18n/i18n";
import { useT } from "../../i18n/use-t";
import { changeOf, wholeNumber } from "./dashboard-rules";

const figures: {
  key: keyof DashboardTotals;
  label: AdminTextKey;
  show: (totals: DashboardTotals) => string;
}[] = [
  { key: "credits", label: "admin.dashboard.creditsSpent", show: (n) => groupedAmount(toCents(n.credits)) },
  { key: "orders", label: "admin.dashboard.orders", show: (n) => wholeNumber(n.orders) },
  { key: "newMembers", label: "admin.dashboard.newMembers", show: (n) => wholeNumber(n.newMembers) },
  { key: "planChanges", label: "admin.dashboard.planChangesTotal", show: (n) => wholeNumber(n.planChanges) },
  { key: "posts", label: "admin.dashboard.posts", show: (n) => wholeNumber(n.posts) },
];

const amount = (totals: DashboardTotals, key: keyof DashboardTotals) =>
  key === "credits" ? toCents(totals.credits) : totals[key];

/** The period's totals, each with its change against the period before. */
export function TotalsSection({ data }: { data: Dashboard }) {
  const { t } = useT();
  return (
    <section aria-label={t("admin.dashboard.totals")}>
      <dl className="dashboard-totals">
        {figures.map(({ key, label, show }) => {
          const change = changeOf(amount(data.totals, key), amount(data.previousTotals, key));
          return (
            <div key={key} className="dashboard-total card" data-testid={`total-${key}`}>
              <dt className="dashboard-total-label">{t(label)}</dt>
              <dd className="dashboard-total-value">{show(data.totals)}</dd>
              <dd className={`dashboard-change dashboard-change-${change.direction}`}>
                {change.text}
                <span className="dashboard-change-against">
                  {t("admin.dashboard.before", { value: show(data.previousTotals) })}
                </span>
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}

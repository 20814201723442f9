import type { Dashboard, DashboardTotals } from "#api/contracts/admin-dashboard";
import { toCents } from "#api/contracts/cents";
import { groupedAmount } from "#api/contracts/price-text";
import { changeOf } from "./dashboard-rules";

const figures: { key: keyof DashboardTotals; label: string; show: (totals: DashboardTotals) => string }[] = [
  { key: "credits", label: "Credits spent", show: (t) => groupedAmount(toCents(t.credits)) },
  { key: "orders", label: "Orders", show: (t) => t.orders.toLocaleString("en-US") },
  { key: "newMembers", label: "New members", show: (t) => t.newMembers.toLocaleString("en-US") },
  { key: "planChanges", label: "Plan changes", show: (t) => t.planChanges.toLocaleString("en-US") },
  { key: "posts", label: "Posts", show: (t) => t.posts.toLocaleString("en-US") },
];

const amount = (totals: DashboardTotals, key: keyof DashboardTotals) =>
  key === "credits" ? toCents(totals.credits) : totals[key];

/** The period's totals, each with its change against the period before. */
export function TotalsSection({ data }: { data: Dashboard }) {
  return (
    <section aria-label="Totals">
      <dl className="dashboard-totals">
        {figures.map(({ key, label, show }) => {
          const change = changeOf(amount(data.totals, key), amount(data.previousTotals, key));
          return (
            <div key={key} className="dashboard-total card" data-testid={`total-${key}`}>
              <dt className="dashboard-total-label">{label}</dt>
              <dd className="dashboard-total-value">{show(data.totals)}</dd>
              <dd className={`dashboard-change dashboard-change-${change.direction}`}>
                {change.text}
                <span className="dashboard-change-against"> vs {show(data.previousTotals)} before</span>
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}

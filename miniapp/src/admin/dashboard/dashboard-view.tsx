import type { Dashboard } from "#api/contracts/admin-dashboard";
import { StateView } from "../../components/state-view";
import { useT } from "../../i18n/use-t";
import { LowStockSection } from "./low-stock-section";
import { MembersSection } from "./members-section";
import { PostsSection } from "./posts-section";
import { SalesSection } from "./sales-section";
import { TotalsSection } from "./totals-section";

/** Every figure of one period: totals first, then sales, members, the feed and low stock. */
export function DashboardView({ data }: { data: Dashboard }) {
  const { t } = useT();
  return (
    <div className="dashboard">
      <TotalsSection data={data} />
      {data.totals.orders === 0 ? (
        <StateView
          kind="empty"
          title={t("admin.dashboard.noOrders")}
          description={t("admin.dashboard.noOrdersHint")}
          testId="dashboard-no-orders"
        />
      ) : (
        <SalesSection data={data} />
      )}
      <MembersSection data={data} />
      <PostsSection posts={data.posts} />
      <LowStockSection lowStock={data.lowStock} />
    </div>
  );
}

import { SegmentedControl } from "@telegram-apps/telegram-ui";
import { useState } from "react";
import type { Dashboard } from "#api/contracts/admin-dashboard";
import { type DashboardPeriod, dashboardPeriods } from "#api/contracts/dashboard-periods";
import { PageHeader } from "../../components/page-header";
import { ResourceView } from "../../components/state-view";
import { useT } from "../../i18n/use-t";
import { api, call } from "../../lib/api";
import { useResource } from "../../lib/use-resource";
import { periodLabel } from "./dashboard-rules";
import { DashboardView } from "./dashboard-view";
import "./dashboard-page.css";

const fetchDashboard =
  (days: DashboardPeriod) =>
  async (signal: AbortSignal): Promise<Dashboard> =>
    call(api.admin.dashboard.$get({ query: { days } }, { init: { signal } }));

/**
 * /admin/dashboard (admins): the shop's and the channel's figures for the last 7, 30 or 90 days,
 * in the channel's time zone; a new order (or a change to one) refetches them while the page is open.
 */
export default function DashboardPage() {
  const { t } = useT();
  const [period, setPeriod] = useState<DashboardPeriod>("30");
  const dashboard = useResource(`admin-dashboard:${period}`, fetchDashboard(period), { refetchOn: "orders" });
  return (
    <div className="page settings-page dashboard-page">
      <PageHeader title={t("admin.menu.dashboard")} back="/administration">
        <p className="page-subtitle" data-testid="dashboard-zone">
          {dashboard.status === "ready"
            ? t("admin.dashboard.zone", { zone: dashboard.data.timeZone.replace(/_/g, " ") })
            : t("admin.dashboard.zoneLoading")}
        </p>
      </PageHeader>
      <SegmentedControl className="dashboard-period" aria-label={t("admin.dashboard.period")}>
        {dashboardPeriods.map((days) => (
          <SegmentedControl.Item
            key={days}
            type="button"
            id={`dashboard-tab-${days}`}
            selected={period === days}
            aria-selected={period === days}
            aria-controls="dashboard-panel"
            className="dashboard-period-item"
            onClick={() => setPeriod(days)}
          >
            {periodLabel(days)}
          </SegmentedControl.Item>
        ))}
      </SegmentedControl>
      <div
        role="tabpanel"
        id="dashboard-panel"
        aria-labelledby={`dashboard-tab-${period}`}
        className="dashboard-panel"
      >
        <ResourceView
          resource={dashboard}
          loadingLabel={t("admin.dashboard.loading")}
          showLoadingLabel
          errorMessage={t("admin.dashboard.loadFailed")}
        >
          {(data) => <DashboardView data={data} />}
        </ResourceView>
      </div>
    </div>
  );
}

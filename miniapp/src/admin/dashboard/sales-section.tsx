import { SegmentedControl } from "@telegram-apps/telegram-ui";
import { useMemo, useState } from "react";
import type { Dashboard } from "#api/contracts/admin-dashboard";
import { toCents } from "#api/contracts/cents";
import { groupedAmount } from "#api/contracts/price-text";
import { useT } from "../../i18n/use-t";
import { DashboardChart } from "./dashboard-chart";
import { dayLabel, labelStep, wholeNumber } from "./dashboard-rules";
import { FiguresTable, FigureTable } from "./figures-table";

/** Credits spent and orders per day (two charts, one table), and the period's best sellers. */
export function SalesSection({ data }: { data: Dashboard }) {
  const { t } = useT();
  const [ranking, setRanking] = useState<"byCredits" | "byUnits">("byCredits");
  const chart = useMemo(
    () => ({
      labels: data.daily.map((day) => dayLabel(day.date)),
      credits: data.daily.map((day) => toCents(day.credits) / 100),
      orders: data.daily.map((day) => day.orders),
    }),
    [data.daily],
  );
  const period = t("admin.dashboard.periodRange", {
    from: dayLabel(data.period.from),
    to: dayLabel(data.period.to),
  });
  const top = data.topProducts[ranking];
  return (
    <>
      <section className="dashboard-section card" aria-labelledby="dashboard-sales">
        <h2 id="dashboard-sales" className="section-title">
          {t("admin.dashboard.creditsPerDay")}
        </h2>
        <DashboardChart
          kind="bars"
          labels={chart.labels}
          values={chart.credits}
          labelStep={labelStep(chart.labels.length)}
          formatValue={wholeNumber}
          label={t("admin.dashboard.creditsChart", { period })}
          testId="chart-credits"
        />
        <h2 className="section-title">{t("admin.dashboard.ordersPerDay")}</h2>
        <DashboardChart
          kind="line"
          labels={chart.labels}
          values={chart.orders}
          labelStep={labelStep(chart.labels.length)}
          label={t("admin.dashboard.ordersChart", { period })}
          testId="chart-orders"
        />
        <FiguresTable
          summary={t("admin.dashboard.dailySummary")}
          caption={t("admin.dashboard.dailyCaption", { period })}
          columns={[t("admin.dashboard.day"), t("admin.dashboard.credits"), t("admin.dashboard.orders")]}
          rows={data.daily.map((day) => ({
            key: day.date,
            cells: [dayLabel(day.date), groupedAmount(toCents(day.credits)), day.orders],
          }))}
          testId="table-daily"
        />
      </section>
      <section className="dashboard-section card" aria-labelledby="dashboard-top">
        <h2 id="dashboard-top" className="section-title">
          {t("admin.dashboard.topProducts")}
        </h2>
        <SegmentedControl className="dashboard-ranking" aria-label={t("admin.dashboard.rankBy")}>
          {(
            [
              ["byCredits", t("admin.dashboard.byCredits")],
              ["byUnits", t("admin.dashboard.byUnits")],
            ] as const
          ).map(([key, label]) => (
            <SegmentedControl.Item
              key={key}
              type="button"
              id={`dashboard-rank-${key}`}
              selected={ranking === key}
              aria-selected={ranking === key}
              aria-controls="dashboard-top-panel"
              className="dashboard-period-item"
              onClick={() => setRanking(key)}
            >
              {label}
            </SegmentedControl.Item>
          ))}
        </SegmentedControl>
        <div role="tabpanel" id="dashboard-top-panel" aria-labelledby={`dashboard-rank-${ranking}`}>
          <FigureTable
            caption={t(
              ranking === "byCredits" ? "admin.dashboard.topByCredits" : "admin.dashboard.topByUnits",
              {
                count: top.length,
              },
            )}
            columns={[t("admin.dashboard.product"), t("admin.dashboard.units"), t("admin.dashboard.credits")]}
            rows={top.map((product) => ({
              key: product.productId ?? `deleted:${product.title}`,
              cells: [product.title, wholeNumber(product.units), groupedAmount(toCents(product.credits))],
            }))}
          />
        </div>
      </section>
    </>
  );
}

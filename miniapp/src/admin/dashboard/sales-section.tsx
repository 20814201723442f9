import { SegmentedControl } from "@telegram-apps/telegram-ui";
import { useMemo, useState } from "react";
import type { Dashboard } from "#api/contracts/admin-dashboard";
import { toCents } from "#api/contracts/cents";
import { groupedAmount } from "#api/contracts/price-text";
import { DashboardChart } from "./dashboard-chart";
import { countText, dayLabel, labelStep } from "./dashboard-rules";
import { FiguresTable, FigureTable } from "./figures-table";

const wholeCredits = (value: number) => value.toLocaleString("en-US");

/** Credits spent and orders per day (two charts, one table), and the period's best sellers. */
export function SalesSection({ data }: { data: Dashboard }) {
  const [ranking, setRanking] = useState<"byCredits" | "byUnits">("byCredits");
  const chart = useMemo(
    () => ({
      labels: data.daily.map((day) => dayLabel(day.date)),
      credits: data.daily.map((day) => toCents(day.credits) / 100),
      orders: data.daily.map((day) => day.orders),
    }),
    [data.daily],
  );
  const period = `${dayLabel(data.period.from)} to ${dayLabel(data.period.to)}`;
  const top = data.topProducts[ranking];
  return (
    <>
      <section className="dashboard-section card" aria-labelledby="dashboard-sales">
        <h2 id="dashboard-sales" className="section-title">
          Credits spent per day
        </h2>
        <DashboardChart
          kind="bars"
          labels={chart.labels}
          values={chart.credits}
          labelStep={labelStep(chart.labels.length)}
          formatValue={wholeCredits}
          label={`Bar chart of credits spent per day, ${period}; the numbers are in the table below`}
          testId="chart-credits"
        />
        <h2 className="section-title">Orders per day</h2>
        <DashboardChart
          kind="line"
          labels={chart.labels}
          values={chart.orders}
          labelStep={labelStep(chart.labels.length)}
          label={`Line chart of orders per day, ${period}; the numbers are in the table below`}
          testId="chart-orders"
        />
        <FiguresTable
          summary="Credits and orders, day by day"
          caption={`Credits spent and orders per day, ${period}`}
          columns={["Day", "Credits", "Orders"]}
          rows={data.daily.map((day) => ({
            key: day.date,
            cells: [dayLabel(day.date), groupedAmount(toCents(day.credits)), day.orders],
          }))}
          testId="table-daily"
        />
      </section>
      <section className="dashboard-section card" aria-labelledby="dashboard-top">
        <h2 id="dashboard-top" className="section-title">
          Top products
        </h2>
        <SegmentedControl className="dashboard-ranking" aria-label="Rank by">
          {(
            [
              ["byCredits", "By credits"],
              ["byUnits", "By units"],
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
            caption={`Top ${countText(top.length, "product")} ${ranking === "byCredits" ? "by credits" : "by units"}`}
            columns={["Product", "Units", "Credits"]}
            rows={top.map((product) => ({
              key: product.productId ?? `deleted:${product.title}`,
              cells: [
                product.title,
                product.units.toLocaleString("en-US"),
                groupedAmount(toCents(product.credits)),
              ],
            }))}
          />
        </div>
      </section>
    </>
  );
}

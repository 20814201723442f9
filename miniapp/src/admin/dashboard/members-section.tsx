import { useMemo } from "react";
import type { Dashboard } from "#api/contracts/admin-dashboard";
import { DashboardChart } from "./dashboard-chart";
import { countText, dayLabel, labelStep } from "./dashboard-rules";
import { FiguresTable, FigureTable } from "./figures-table";

/** Members on each plan (a chart and its table, with the moves in the period), and new members per day. */
export function MembersSection({ data }: { data: Dashboard }) {
  const { tiers, changes } = data.plans;
  const chart = useMemo(
    () => ({
      plans: tiers.map((tier) => tier.name),
      members: tiers.map((tier) => tier.members),
      days: data.newMembers.map((day) => dayLabel(day.date)),
      joined: data.newMembers.map((day) => day.members),
    }),
    [tiers, data.newMembers],
  );
  const period = `${dayLabel(data.period.from)} to ${dayLabel(data.period.to)}`;
  return (
    <>
      <section className="dashboard-section card" aria-labelledby="dashboard-plans">
        <h2 id="dashboard-plans" className="section-title">
          Members by plan
        </h2>
        <DashboardChart
          kind="rows"
          labels={chart.plans}
          values={chart.members}
          label="Bar chart of members on each plan now; the numbers are in the table below"
          testId="chart-plans"
        />
        <FigureTable
          caption="Members on each plan now, and moves onto and off each plan in the period"
          columns={["Plan", "Members", "Joined", "Left"]}
          rows={tiers.map((tier) => ({
            key: tier.tierId ?? "none",
            cells: [tier.name, tier.members, tier.joined, tier.left],
          }))}
        />
        <p className="hint" data-testid="plan-changes">
          {changes.total === 0
            ? "No plan changes in this period"
            : `${countText(changes.total, "plan change")}: ${countText(changes.upgrades, "upgrade")}, ${countText(changes.downgrades, "downgrade")}`}
        </p>
      </section>
      <section className="dashboard-section card" aria-labelledby="dashboard-new-members">
        <h2 id="dashboard-new-members" className="section-title">
          New members per day
        </h2>
        <DashboardChart
          kind="bars"
          labels={chart.days}
          values={chart.joined}
          labelStep={labelStep(chart.days.length)}
          label={`Bar chart of new members per day, ${period}; the numbers are in the table below`}
          testId="chart-new-members"
        />
        <FiguresTable
          summary="New members, day by day"
          caption={`New members per day, ${period}`}
          columns={["Day", "New members"]}
          rows={data.newMembers.map((day) => ({ key: day.date, cells: [dayLabel(day.date), day.members] }))}
        />
      </section>
    </>
  );
}

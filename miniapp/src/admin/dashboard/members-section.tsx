import { useMemo } from "react";
import type { Dashboard } from "#api/contracts/admin-dashboard";
import { useT } from "../../i18n/use-t";
import { DashboardChart } from "./dashboard-chart";
import { countText, dayLabel, labelStep } from "./dashboard-rules";
import { FiguresTable, FigureTable } from "./figures-table";

/** Members on each plan (a chart and its table, with the moves in the period), and new members per day. */
export function MembersSection({ data }: { data: Dashboard }) {
  const { t } = useT();
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
  const period = t("admin.dashboard.periodRange", {
    from: dayLabel(data.period.from),
    to: dayLabel(data.period.to),
  });
  return (
    <>
      <section className="dashboard-section card" aria-labelledby="dashboard-plans">
        <h2 id="dashboard-plans" className="section-title">
          {t("admin.dashboard.membersByPlan")}
        </h2>
        <DashboardChart
          kind="rows"
          labels={chart.plans}
          values={chart.members}
          label={t("admin.dashboard.plansChart")}
          testId="chart-plans"
        />
        <FigureTable
          caption={t("admin.dashboard.plansCaption")}
          columns={[
            t("admin.dashboard.plan"),
            t("admin.dashboard.members"),
            t("admin.dashboard.joined"),
            t("admin.dashboard.left"),
          ]}
          rows={tiers.map((tier) => ({
            key: tier.tierId ?? "none",
            cells: [tier.name, tier.members, tier.joined, tier.left],
          }))}
        />
        <p className="hint" data-testid="plan-changes">
          {changes.total === 0
            ? t("admin.dashboard.noPlanChanges")
            : t("admin.dashboard.planChanges", {
                changes: countText(changes.total, "plan change"),
                upgrades: countText(changes.upgrades, "upgrade"),
                downgrades: countText(changes.downgrades, "downgrade"),
              })}
        </p>
      </section>
      <section className="dashboard-section card" aria-labelledby="dashboard-new-members">
        <h2 id="dashboard-new-members" className="section-title">
          {t("admin.dashboard.newMembersPerDay")}
        </h2>
        <DashboardChart
          kind="bars"
          labels={chart.days}
          values={chart.joined}
          labelStep={labelStep(chart.days.length)}
          label={t("admin.dashboard.newMembersChart", { period })}
          testId="chart-new-members"
        />
        <FiguresTable
          summary={t("admin.dashboard.newMembersSummary")}
          caption={t("admin.dashboard.newMembersCaption", { period })}
          columns={[t("admin.dashboard.day"), t("admin.dashboard.newMembers")]}
          rows={data.newMembers.map((day) => ({ key: day.date, cells: [dayLabel(day.date), day.members] }))}
        />
      </section>
    </>
  );
}

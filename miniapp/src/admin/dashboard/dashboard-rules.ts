import type { DashboardPeriod } from "#api/contracts/dashboard-periods";
import { type AdminTextKey, currentLanguage, t } from "../../i18n/i18n";

/** "2026-03-24" -> "Mar 24" (in the app's language): a calendar day of the channel's, never shifted by the device's zone. */
export function dayLabel(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return new Intl.DateTimeFormat(currentLanguage(), {
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  }).format(day);
}

/** How many days apart the chart's day labels stand, so that about seven fit a phone's width. */
export const labelStep = (days: number): number => Math.max(1, Math.ceil(days / 7));

/** "7 days", "30 days", "90 days". */
export const periodLabel = (days: DashboardPeriod): string =>
  t("admin.dashboard.periodDays", { days: Number(days) });

export interface Change {
  text: string;
  direction: "up" | "down" | "same";
}

/** A figure against the period before: "+12%", "−40%", "No change", or "Up from 0". */
export function changeOf(current: number, previous: number): Change {
  if (current === previous) return { text: t("admin.dashboard.noChange"), direction: "same" };
  if (previous === 0) return { text: t("admin.dashboard.upFromZero"), direction: "up" };
  const percent = Math.round(((current - previous) / previous) * 100);
  const direction = current > previous ? "up" : "down";
  if (percent === 0) return { text: direction === "up" ? "+<1%" : "−<1%", direction };
  return { text: percent > 0 ? `+${percent}%` : `−${Math.abs(percent)}%`, direction };
}

const countKeys = {
  "plan change": "admin.dashboard.planChangeCount",
  upgrade: "admin.dashboard.upgradeCount",
  downgrade: "admin.dashboard.downgradeCount",
} as const satisfies Record<string, AdminTextKey>;

/** "1 upgrade" / "3 upgrades", in the app's language and its digits' grouping. */
export const countText = (count: number, what: keyof typeof countKeys): string =>
  t(countKeys[what], { count });

/** A whole number in the app's language ("1,234" in English). */
export const wholeNumber = (value: number): string => value.toLocaleString(currentLanguage());

import type { DashboardPeriod } from "#api/contracts/dashboard-periods";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "2026-03-24" -> "Mar 24": a calendar day of the channel's, never shifted by the device's zone. */
export function dayLabel(date: string): string {
  const match = /^\d{4}-(\d{2})-(\d{2})$/.exec(date);
  const month = match ? MONTHS[Number(match[1]) - 1] : undefined;
  return match && month ? `${month} ${Number(match[2])}` : date;
}

/** How many days apart the chart's day labels stand, so that about seven fit a phone's width. */
export const labelStep = (days: number): number => Math.max(1, Math.ceil(days / 7));

export const periodLabels: Record<DashboardPeriod, string> = {
  "7": "7 days",
  "30": "30 days",
  "90": "90 days",
};

export interface Change {
  text: string;
  direction: "up" | "down" | "same";
}

/** A figure against the period before: "+12%", "−40%", "No change", or "Up from 0". */
export function changeOf(current: number, previous: number): Change {
  if (current === previous) return { text: "No change", direction: "same" };
  if (previous === 0) return { text: "Up from 0", direction: "up" };
  const percent = Math.round(((current - previous) / previous) * 100);
  const direction = current > previous ? "up" : "down";
  if (percent === 0) return { text: direction === "up" ? "+<1%" : "−<1%", direction };
  return { text: percent > 0 ? `+${percent}%` : `−${Math.abs(percent)}%`, direction };
}

/** "1 order" / "3 orders". */
export const countText = (count: number, one: string, many = `${one}s`): string =>
  `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;

/**
 * The periods the owner's dashboard offers, in days (30 unless asked). Kept free of zod, like
 * cents.ts, so the dashboard screen's chunk does not bring zod along.
 */
export const dashboardPeriods = ["7", "30", "90"] as const;
export type DashboardPeriod = (typeof dashboardPeriods)[number];

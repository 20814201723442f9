import { z } from "zod";

export const exportMessages = {
  badDate: "Dates are YYYY-MM-DD",
  badRange: "The start date must not be after the end date",
} as const;

const isoDate = z.iso.date({ error: exportMessages.badDate }).optional();

/**
 * The orders export's range: `from` and `to` are calendar days (UTC), both included; either may be
 * left out (from the first order, up to the last).
 */
export const orderExportQuerySchema = z
  .object({ from: isoDate, to: isoDate })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: exportMessages.badRange });
export type OrderExportQuery = z.infer<typeof orderExportQuerySchema>;

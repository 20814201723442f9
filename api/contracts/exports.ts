import { z } from "zod";

export const exportMessages = {
  badDate: "Dates are YYYY-MM-DD",
  badRange: "The start date must not be after the end date",
  badYear: "Dates are between 2000-01-01 and 2999-12-31",
} as const;

/** A day the database can bound a range with: no year 0, no five-digit year after `to`'s next day. */
const isoDate = z.iso
  .date({ error: exportMessages.badDate })
  .refine((day) => day >= "2000-01-01" && day <= "2999-12-31", { message: exportMessages.badYear })
  .optional();

/**
 * The orders export's range: `from` and `to` are calendar days (UTC), both included; either may be
 * left out (from the first order, up to the last).
 */
export const orderExportQuerySchema = z
  .object({ from: isoDate, to: isoDate })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: exportMessages.badRange });
export type OrderExportQuery = z.infer<typeof orderExportQuerySchema>;

import { z } from "zod";

/** Money and credits travel as exact decimal strings with two places ("12.50"), never floats. */
export const moneySchema = z.string().regex(/^\d+\.\d{2}$/, "Amount must have two decimals");

export { fromCents, toCents } from "./cents";

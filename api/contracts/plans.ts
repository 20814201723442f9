import { z } from "zod";
import { moneySchema } from "./money";

/** A membership tier as members see it. Its monthly price is the member's monthly budget. */
export const tierSchema = z.object({
  id: z.uuid(),
  /** The slug: lowercase, spaces as underscores. */
  name: z.string(),
  displayName: z.string(),
  priceMonthly: moneySchema,
  tierLevel: z.number().int(),
  description: z.string().nullable(),
  features: z.array(z.string()),
});
export type Tier = z.infer<typeof tierSchema>;

export const tiersSchema = z.object({ tiers: z.array(tierSchema) });

/** The member's plan: the tier (null with none) and since when. */
export const planSchema = z.object({
  tier: tierSchema.nullable(),
  startedAt: z.string().nullable(),
});
export type Plan = z.infer<typeof planSchema>;

export const changePlanSchema = z.object({ tierId: z.uuid("Choose a plan") });

/** What the change did: the plan now, and whether it was an upgrade (a higher level) or not. */
export const changePlanResultSchema = planSchema.extend({ upgraded: z.boolean() });
export type ChangePlanResult = z.infer<typeof changePlanResultSchema>;

/**
 * This month's budget (calendar months in UTC): the tier's monthly price, the rollover carried from
 * earlier months, what was spent this month, and what remains (monthly + rollover − spent, never
 * below 0).
 */
export const budgetSchema = z.object({
  periodStart: z.string(),
  periodEnd: z.string(),
  monthly: moneySchema,
  rollover: moneySchema,
  spent: moneySchema,
  remaining: moneySchema,
});
export type Budget = z.infer<typeof budgetSchema>;

export const planMessages = {
  /** The spec's word for a plan call without a session. */
  notAuthenticated: "User not authenticated",
  unknownTier: "Plan not found",
  updateFailed: "Failed to update your plan. Please try again.",
} as const;

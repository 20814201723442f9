import { z } from "zod";
import { idSchema } from "./ids";
import { moneySchema } from "./money";
import {
  planGrantSchema,
  planPaymentModes,
  planRequestSchema,
  planSubscriptionSchema,
} from "./plan-payments";

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
  /** The Telegram Stars subscription price per 30 days; null when the tier is not sold for Stars. */
  priceStars: z.number().int().nullable(),
  /** Free days a member who never held the tier may try it for; null: no trial. */
  trialDays: z.number().int().nullable(),
});
export type Tier = z.infer<typeof tierSchema>;

/**
 * A tier that costs nothing: no monthly price and no Stars price. It offers no free trial and takes
 * no promo code's free days, which would give nothing (issue 44).
 */
export const costsNothing = (tier: { priceMonthly: string; priceStars: number | null }): boolean =>
  Number(tier.priceMonthly) === 0 && tier.priceStars === null;

export const tiersSchema = z.object({ tiers: z.array(tierSchema) });

/**
 * The member's plan: the tier (null with none) and since when; how this member gets a paid tier
 * (stars only inside Telegram, i.e. with a Telegram account); the latest request (manual) and the
 * Stars subscription, when there are.
 */
export const planSchema = z.object({
  tier: tierSchema.nullable(),
  startedAt: z.string().nullable(),
  payments: z.enum(planPaymentModes),
  /** The currency a paid tier's price is charged in when `payments` is `invoice` (PAYMENT_CURRENCY), else null. */
  currency: z.string().nullable(),
  request: planRequestSchema.nullable(),
  subscription: planSubscriptionSchema.nullable(),
  /** Free days on the current tier (a trial, a promo code, a referral reward), when there are. */
  grant: planGrantSchema.nullable(),
});
export type Plan = z.infer<typeof planSchema>;

export const changePlanSchema = z.object({ tierId: idSchema("Choose a plan") });

/** POST /api/me/plan/trial: the tier whose free trial the member starts. */
export const startTrialSchema = z.object({ tierId: idSchema("Choose a plan") });

/** Why a trial is refused (decision 113). */
export const trialMessages = {
  notOffered: "This plan has no free trial",
  tierHeld: "You have had this plan before: its free trial is for new members",
  alreadyHad: "You have already had a free trial of this plan",
  needsIdentity: "Verify your email address first: a free trial is once per person",
  planIncludes: "Your plan already includes this plan",
} as const;

/**
 * What the change did: `changed` (the plan now, and whether it was an upgrade to a higher level) or
 * `requested` (manual payments: the plan is unchanged and `request` is pending).
 */
export const changePlanResultSchema = planSchema.extend({
  outcome: z.enum(["changed", "requested"]),
  upgraded: z.boolean(),
});
export type ChangePlanResult = z.infer<typeof changePlanResultSchema>;

/**
 * This month's budget (calendar months in UTC): the tier's monthly price, the rollover carried from
 * earlier months, credits added this month (promo codes, referral rewards), what was spent this
 * month, and what remains (monthly + rollover + credits − spent, never below 0).
 */
export const budgetSchema = z.object({
  periodStart: z.string(),
  periodEnd: z.string(),
  monthly: moneySchema,
  rollover: moneySchema,
  credits: moneySchema,
  spent: moneySchema,
  remaining: moneySchema,
});
export type Budget = z.infer<typeof budgetSchema>;

export const planMessages = {
  /** The answer to a plan call without a session. */
  notAuthenticated: "User not authenticated",
  unknownTier: "Plan not found",
  updateFailed: "Failed to update your plan. Please try again.",
} as const;

import { z } from "zod";
import { MAX_STARS, planPaymentModes, TRIAL_DAYS_MAX } from "./plan-payments";
import { tierSchema } from "./plans";

/**
 * A tier's slug from its display name: lowercase, spaces as underscores, any other character
 * outside a-z, 0-9 and underscore dropped.
 */
export const tierSlug = (displayName: string): string =>
  displayName
    .toLowerCase()
    .replace(/ /g, "_")
    .replace(/[^a-z0-9_]/g, "");

export const adminTierMessages = {
  displayNameRequired: "Display name is required",
  priceRequired: "Valid price is required",
  // Ours: the original product does not say what a name that makes no slug, or a taken one, is told.
  slugEmpty: "Display name needs a letter or digit",
  nameTaken: "A membership tier with this name already exists",
  notFound: "Membership tier not found",
  // Ours: Telegram sells a subscription for 1 to 10000 Stars.
  starsPrice: "Stars price must be a whole number from 1 to 10000",
  // Ours (issue 39): a trial of 1 to 90 days, or none.
  trialDays: "Trial days must be a whole number from 1 to 90",
  // Ours (issue 44): a trial of a tier that costs nothing gives nothing.
  trialOnFreeTier: "A free plan cannot have a free trial: give it a price, or leave trial days empty",
  inUse: (count: number) => `Cannot delete tier. ${count} user(s) are currently on this plan.`,
} as const;

/** Dollars with at most two decimals (step 0.01), not negative. */
const priceSchema = z
  .string({ error: adminTierMessages.priceRequired })
  .trim()
  .regex(/^\d{1,10}(\.\d{1,2})?$/, adminTierMessages.priceRequired)
  .transform((price) => Number(price).toFixed(2));

const displayNameSchema = z
  .string({ error: adminTierMessages.displayNameRequired })
  .trim()
  .min(1, adminTierMessages.displayNameRequired)
  .max(100)
  .refine((name) => tierSlug(name) !== "", adminTierMessages.slugEmpty);

/** Optional: a tier without it is not sold for Telegram Stars. */
const priceStarsSchema = z
  .number({ error: adminTierMessages.starsPrice })
  .int(adminTierMessages.starsPrice)
  .min(1, adminTierMessages.starsPrice)
  .max(MAX_STARS, adminTierMessages.starsPrice)
  .nullable()
  .default(null);

/** Optional: free days a member who never held the tier may try it for; null: no trial. */
const trialDaysSchema = z
  .number({ error: adminTierMessages.trialDays })
  .int(adminTierMessages.trialDays)
  .min(1, adminTierMessages.trialDays)
  .max(TRIAL_DAYS_MAX, adminTierMessages.trialDays)
  .nullable()
  .default(null);

export const createTierSchema = z.object({
  displayName: displayNameSchema,
  priceMonthly: priceSchema,
  description: z.string().trim().max(1000).nullable().default(null),
  features: z.array(z.string().trim().min(1).max(200)).max(20).default([]),
  priceStars: priceStarsSchema,
  trialDays: trialDaysSchema,
  isActive: z.boolean().default(true),
});

/** Edit changes the display name (and with it the slug), the prices, the trial and whether it is active. */
export const updateTierSchema = z.object({
  displayName: displayNameSchema,
  priceMonthly: priceSchema,
  priceStars: priceStarsSchema,
  trialDays: trialDaysSchema,
  isActive: z.boolean(),
});

/** A tier as staff see it: inactive ones too, with how many members are on it. */
export const adminTierSchema = tierSchema.extend({ isActive: z.boolean(), members: z.number().int() });
export type AdminTier = z.infer<typeof adminTierSchema>;

/** The tiers, and how the shop sells a paid tier (PLAN_PAYMENTS), so the list can say which it cannot sell. */
export const adminTiersSchema = z.object({
  tiers: z.array(adminTierSchema),
  payments: z.enum(planPaymentModes),
});
export type AdminTiers = z.infer<typeof adminTiersSchema>;
export const adminTierResultSchema = z.object({ tier: adminTierSchema });

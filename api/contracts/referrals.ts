import { z } from "zod";
import { REFERRAL_CODE } from "./app-links";
import { idSchema } from "./ids";
import { moneySchema } from "./money";

/**
 * A referral code a sign-up carries. Anything that is not one is dropped rather than refused: a
 * sign-up never fails because of a referral code.
 */
export const referralCodeField = z.preprocess(
  (value) => (typeof value === "string" && REFERRAL_CODE.test(value) ? value : undefined),
  z.string().optional(),
);

export const referralMessages = {
  rewardRequired: "Set the reward: an amount of credits, or a number of free days on a plan",
  creditsInvalid: "Credits must be an amount above 0 with two decimals, at most 100000.00",
  daysInvalid: "Free days are a whole number from 1 to 3650",
  tierRequired: "Choose the plan the free days are on",
  enabledRequired: "Say whether the programme is on",
} as const;

/** What both members get when a friend's first paid plan has held for REFERRAL_HOLD_DAYS. */
export const referralRewardSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("credits"), amount: moneySchema }),
  z.object({
    kind: z.literal("days"),
    days: z.number().int(),
    tierId: z.uuid().nullable(),
    /** The tier's display name; null when the tier is gone (nothing is given then). */
    tierName: z.string().nullable(),
  }),
]);
export type ReferralReward = z.infer<typeof referralRewardSchema>;

/** The member's invite page: their link, how many friends joined and earned the reward, and the reward. */
export const myReferralsSchema = z.object({
  enabled: z.boolean(),
  code: z.string(),
  /** The link to share: inside Telegram when the bot is known, else the web's. */
  link: z.string().nullable(),
  telegramLink: z.string().nullable(),
  /** PUBLIC_URL/?ref=<code>, or null without PUBLIC_URL (the web app builds it from its own address). */
  webLink: z.string().nullable(),
  joined: z.number().int(),
  rewarded: z.number().int(),
  /** Null when the programme is off or has no reward set. */
  reward: referralRewardSchema.nullable(),
  holdDays: z.number().int(),
});
export type MyReferrals = z.infer<typeof myReferralsSchema>;

/** The programme as admins set it. */
export const referralSettingsSchema = z.object({
  enabled: z.boolean(),
  rewardKind: z.enum(["credits", "days"]),
  credits: moneySchema.nullable(),
  tierId: z.uuid().nullable(),
  days: z.number().int().nullable(),
  holdDays: z.number().int(),
});
export type ReferralSettings = z.infer<typeof referralSettingsSchema>;

const MAX_CREDITS = 100_000;

export const updateReferralSettingsSchema = z
  .object({
    enabled: z.boolean({ error: referralMessages.enabledRequired }),
    rewardKind: z.enum(["credits", "days"], { error: referralMessages.rewardRequired }),
    credits: z
      .string({ error: referralMessages.creditsInvalid })
      .regex(/^\d{1,6}\.\d{2}$/, referralMessages.creditsInvalid)
      .refine((v) => Number(v) > 0 && Number(v) <= MAX_CREDITS, referralMessages.creditsInvalid)
      .nullable()
      .optional(),
    tierId: idSchema(referralMessages.tierRequired).nullable().optional(),
    days: z
      .number({ error: referralMessages.daysInvalid })
      .int(referralMessages.daysInvalid)
      .min(1, referralMessages.daysInvalid)
      .max(3650, referralMessages.daysInvalid)
      .nullable()
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.rewardKind === "credits" && !v.credits) {
      ctx.addIssue({ code: "custom", message: referralMessages.creditsInvalid, path: ["credits"] });
    }
    if (v.rewardKind === "days" && !v.tierId) {
      ctx.addIssue({ code: "custom", message: referralMessages.tierRequired, path: ["tierId"] });
    }
    if (v.rewardKind === "days" && !v.days) {
      ctx.addIssue({ code: "custom", message: referralMessages.daysInvalid, path: ["days"] });
    }
  });
export type UpdateReferralSettings = z.infer<typeof updateReferralSettingsSchema>;

export const adminReferralSchema = z.object({
  refereeId: z.uuid(),
  refereeName: z.string().nullable(),
  referrerId: z.uuid().nullable(),
  referrerName: z.string().nullable(),
  attributedAt: z.string(),
  qualifiedAt: z.string().nullable(),
  rewardDueAt: z.string().nullable(),
  rewardedAt: z.string().nullable(),
  voidedAt: z.string().nullable(),
});
export type AdminReferral = z.infer<typeof adminReferralSchema>;

export const adminReferralsSchema = z.object({
  referrals: z.array(adminReferralSchema),
  totals: z.object({
    joined: z.number().int(),
    qualified: z.number().int(),
    rewarded: z.number().int(),
    voided: z.number().int(),
  }),
});
export type AdminReferrals = z.infer<typeof adminReferralsSchema>;

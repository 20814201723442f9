import { z } from "zod";
import { REFERRAL_CODE } from "./app-links";
import {
  rewardCreditsFirstSchema,
  rewardFieldsComplete,
  rewardFieldsInput,
  rewardFieldsOutput,
} from "./rewards";

/**
 * A referral code a sign-up carries. Anything that is not one is dropped rather than refused: a
 * sign-up never fails because of a referral code.
 */
export const referralCodeField = z.preprocess(
  (value) => (typeof value === "string" && REFERRAL_CODE.test(value) ? value : undefined),
  z.string().optional(),
);

export const referralMessages = {
  enabledRequired: "Say whether the programme is on",
} as const;

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
  /**
   * What both members get when a friend's first paid plan has held for REFERRAL_HOLD_DAYS; null
   * when the programme is off or has no reward set.
   */
  reward: rewardCreditsFirstSchema.nullable(),
  holdDays: z.number().int(),
});
export type MyReferrals = z.infer<typeof myReferralsSchema>;

/** The programme as admins set it. */
export const referralSettingsSchema = z.object({
  enabled: z.boolean(),
  ...rewardFieldsOutput,
  holdDays: z.number().int(),
});
export type ReferralSettings = z.infer<typeof referralSettingsSchema>;

export const updateReferralSettingsSchema = z
  .object({
    enabled: z.boolean({ error: referralMessages.enabledRequired }),
    ...rewardFieldsInput,
  })
  .superRefine(rewardFieldsComplete);
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

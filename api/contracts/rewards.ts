import { z } from "zod";
import { idSchema } from "./ids";
import { moneySchema } from "./money";

/**
 * A reward (decisions 112 and 114): credits added to this month's budget, or free days on a paid
 * tier. Promo codes and the referral programme give it; this is its one contract.
 */
export const rewardMessages = {
  rewardRequired: "Set the reward: an amount of credits, or a number of free days on a plan",
  creditsInvalid: "Credits must be an amount above 0 with two decimals, at most 100000.00",
  daysInvalid: "Free days are a whole number from 1 to 3650",
  tierRequired: "Choose the plan the free days are on",
  daysOnFreeTier: "Free days can only be given on a paid plan",
} as const;

export const REWARD_KINDS = ["credits", "days"] as const;
export type RewardKind = (typeof REWARD_KINDS)[number];

const MAX_CREDITS = 100_000;

/** Credits an admin sets: above 0, two decimals, at most 100000.00. */
const creditsField = z
  .string({ error: rewardMessages.creditsInvalid })
  .regex(/^\d{1,6}\.\d{2}$/, rewardMessages.creditsInvalid)
  .refine((v) => Number(v) > 0 && Number(v) <= MAX_CREDITS, rewardMessages.creditsInvalid);
/** Free days an admin sets: a whole number from 1 to 3650. */
const daysField = z
  .number({ error: rewardMessages.daysInvalid })
  .int(rewardMessages.daysInvalid)
  .min(1, rewardMessages.daysInvalid)
  .max(3650, rewardMessages.daysInvalid);
const tierField = idSchema(rewardMessages.tierRequired);

/** A reward as an admin sets it on a promo code: `{ kind, ... }`. */
export const rewardInputSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("days"), tierId: tierField, days: daysField }),
  z.object({ kind: z.literal("credits"), amount: creditsField }),
]);

/**
 * A reward as the referral programme's settings carry it, field by field (`rewardKind` and the
 * kind's fields; the others may be null); `rewardFieldsComplete` says which the kind needs.
 */
export const rewardFieldsInput = {
  rewardKind: z.enum(REWARD_KINDS, { error: rewardMessages.rewardRequired }),
  credits: creditsField.nullable().optional(),
  tierId: tierField.nullable().optional(),
  days: daysField.nullable().optional(),
};

type RewardFields = {
  rewardKind: RewardKind;
  credits?: string | null | undefined;
  tierId?: string | null | undefined;
  days?: number | null | undefined;
};

/** Credits need an amount; free days need a tier and a number of days. */
export function rewardFieldsComplete(v: RewardFields, ctx: z.RefinementCtx): void {
  if (v.rewardKind === "credits" && !v.credits) {
    ctx.addIssue({ code: "custom", message: rewardMessages.creditsInvalid, path: ["credits"] });
  }
  if (v.rewardKind === "days" && !v.tierId) {
    ctx.addIssue({ code: "custom", message: rewardMessages.tierRequired, path: ["tierId"] });
  }
  if (v.rewardKind === "days" && !v.days) {
    ctx.addIssue({ code: "custom", message: rewardMessages.daysInvalid, path: ["days"] });
  }
}

/** A reward as stored and read back field by field (null where the kind has none). */
export const rewardFieldsOutput = {
  rewardKind: z.enum(REWARD_KINDS),
  credits: moneySchema.nullable(),
  tierId: z.uuid().nullable(),
  days: z.number().int().nullable(),
};

const creditsReward = z.object({ kind: z.literal("credits"), amount: moneySchema });
const daysReward = z.object({
  kind: z.literal("days"),
  tierId: z.uuid().nullable(),
  /** The tier's display name; null when the tier is gone (nothing is given then). */
  tierName: z.string().nullable(),
  days: z.number().int(),
});

/** What a reward gives, as people read it: free days on a tier (its name kept), or credits. */
export const rewardSchema = z.discriminatedUnion("kind", [daysReward, creditsReward]);
export type Reward = z.infer<typeof rewardSchema>;

/**
 * The same reward in the order the invite page has always answered it (credits first; days, then
 * the tier): the API document keeps its bytes.
 */
export const rewardCreditsFirstSchema = z.discriminatedUnion("kind", [
  creditsReward,
  daysReward.pick({ kind: true, days: true, tierId: true, tierName: true }),
]);

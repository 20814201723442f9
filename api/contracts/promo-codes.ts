import { z } from "zod";
import { PROMO_CODE } from "./app-links";
import { idSchema } from "./ids";
import { moneySchema } from "./money";
import { budgetSchema, planSchema } from "./plans";

export const promoMessages = {
  codeInvalid: "A code is 1 to 32 letters and digits",
  notFound: "This code does not exist",
  expired: "This code has expired",
  usedUp: "This code has expired: all its uses are taken",
  notStarted: "This code is not valid yet",
  alreadyUsed: "You have already used this code",
  planIncludes: "Your plan already includes this plan: this code gives nothing more",
  codeTaken: "A code with these letters already exists",
  adminNotFound: "Promo code not found",
  maxBelowUses: "Total uses cannot be below the uses so far",
  daysInvalid: "Free days are a whole number from 1 to 3650",
  creditsInvalid: "Credits must be an amount above 0 with two decimals, at most 100000.00",
  usesInvalid: "Total uses are a whole number from 1 to 1000000",
  perMemberInvalid: "Uses per member are a whole number from 1 to 1000",
  dateInvalid: "Dates are ISO 8601 times, such as 2026-12-01T00:00:00Z",
  windowInvalid: "The end must come after the start",
  tierRequired: "Choose the plan the free days are on",
  daysOnFreeTier: "Free days can only be given on a paid plan",
} as const;

/**
 * A code as typed: spaces around it dropped, full-width letters and digits folded (NFKC); anything
 * but 1 to 32 letters and digits refused. Case is kept as written; codes compare case-insensitively.
 */
export const promoCodeField = z
  .string({ error: promoMessages.codeInvalid })
  .transform((value) => value.normalize("NFKC").trim())
  .pipe(z.string().regex(PROMO_CODE, promoMessages.codeInvalid));

const days = z
  .number({ error: promoMessages.daysInvalid })
  .int(promoMessages.daysInvalid)
  .min(1, promoMessages.daysInvalid)
  .max(3650, promoMessages.daysInvalid);
const credits = z
  .string({ error: promoMessages.creditsInvalid })
  .regex(/^\d{1,6}\.\d{2}$/, promoMessages.creditsInvalid)
  .refine((v) => Number(v) > 0 && Number(v) <= 100_000, promoMessages.creditsInvalid);
const when = z.iso.datetime({ offset: true, error: promoMessages.dateInvalid });
const maxUses = z
  .number({ error: promoMessages.usesInvalid })
  .int(promoMessages.usesInvalid)
  .min(1, promoMessages.usesInvalid)
  .max(1_000_000, promoMessages.usesInvalid);
const usesPerMember = z
  .number({ error: promoMessages.perMemberInvalid })
  .int(promoMessages.perMemberInvalid)
  .min(1, promoMessages.perMemberInvalid)
  .max(1000, promoMessages.perMemberInvalid);

const windowOrdered = (v: { startsAt?: string | null; endsAt?: string | null }) =>
  !v.startsAt || !v.endsAt || Date.parse(v.endsAt) > Date.parse(v.startsAt);

export const createPromoCodeSchema = z
  .object({
    code: promoCodeField,
    reward: z.discriminatedUnion("kind", [
      z.object({ kind: z.literal("days"), tierId: idSchema(promoMessages.tierRequired), days }),
      z.object({ kind: z.literal("credits"), amount: credits }),
    ]),
    startsAt: when.nullable().optional(),
    endsAt: when.nullable().optional(),
    maxUses,
    usesPerMember: usesPerMember.optional(),
  })
  .refine(windowOrdered, { message: promoMessages.windowInvalid, path: ["endsAt"] });
export type CreatePromoCode = z.infer<typeof createPromoCodeSchema>;

export const updatePromoCodeSchema = z
  .object({
    isActive: z.boolean().optional(),
    startsAt: when.nullable().optional(),
    endsAt: when.nullable().optional(),
    maxUses: maxUses.optional(),
    usesPerMember: usesPerMember.optional(),
  })
  .refine(windowOrdered, { message: promoMessages.windowInvalid, path: ["endsAt"] });
export type UpdatePromoCode = z.infer<typeof updatePromoCodeSchema>;

/** What a code gives: free days on a tier (its name kept for display), or credits for this month. */
export const promoRewardSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("days"),
    tierId: z.uuid().nullable(),
    tierName: z.string().nullable(),
    days: z.number().int(),
  }),
  z.object({ kind: z.literal("credits"), amount: moneySchema }),
]);
export type PromoReward = z.infer<typeof promoRewardSchema>;

/** A code as admins see it, with what it brought: who redeemed it, their orders and credits spent since. */
export const promoCodeSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  reward: promoRewardSchema,
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  maxUses: z.number().int(),
  usesPerMember: z.number().int(),
  uses: z.number().int(),
  isActive: z.boolean(),
  createdAt: z.string(),
  brought: z.object({
    members: z.number().int(),
    orders: z.number().int(),
    creditsSpent: moneySchema,
  }),
});
export type PromoCode = z.infer<typeof promoCodeSchema>;

export const promoCodeResultSchema = z.object({ promoCode: promoCodeSchema });
export const promoCodesSchema = z.object({ promoCodes: z.array(promoCodeSchema) });

export const redeemPromoSchema = z.object({ code: promoCodeField });

/** What redeeming gave, and the member's plan and budget after it. */
export const redeemedPromoSchema = z.object({
  reward: promoRewardSchema,
  plan: planSchema,
  budget: budgetSchema,
});
export type RedeemedPromo = z.infer<typeof redeemedPromoSchema>;

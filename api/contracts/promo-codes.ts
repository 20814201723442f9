import { z } from "zod";
import { PROMO_CODE } from "./app-links";
import { moneySchema } from "./money";
import { budgetSchema, planSchema } from "./plans";
import { rewardInputSchema, rewardSchema } from "./rewards";

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
  usesInvalid: "Total uses are a whole number from 1 to 1000000",
  perMemberInvalid: "Uses per member are a whole number from 1 to 1000",
  dateInvalid: "Dates are ISO 8601 times, such as 2026-12-01T00:00:00Z",
  windowInvalid: "The end must come after the start",
} as const;

/**
 * A code as typed: spaces around it dropped, full-width letters and digits folded (NFKC); anything
 * but 1 to 32 letters and digits refused. Case is kept as written; codes compare case-insensitively.
 */
export const promoCodeField = z
  .string({ error: promoMessages.codeInvalid })
  .transform((value) => value.normalize("NFKC").trim())
  .pipe(z.string().regex(PROMO_CODE, promoMessages.codeInvalid));

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
    reward: rewardInputSchema,
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

/** A code as admins see it, with what it brought: who redeemed it, their orders and credits spent since. */
export const promoCodeSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  reward: rewardSchema,
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
  reward: rewardSchema,
  plan: planSchema,
  budget: budgetSchema,
});
export type RedeemedPromo = z.infer<typeof redeemedPromoSchema>;

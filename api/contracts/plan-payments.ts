import { z } from "zod";
import { idSchema } from "./ids";

/**
 * How a member gets a paid tier (PLAN_PAYMENTS): `free` changes it at once (decision 021),
 * `manual` sends a request that an admin approves or declines, `stars` buys it inside Telegram as a
 * Telegram Stars subscription, `invoice` buys it inside Telegram through a payment provider, one
 * 30-day period per invoice (decision 109). A tier priced 0 is always taken at once.
 */
export const planPaymentModes = ["free", "manual", "stars", "invoice"] as const;
export type PlanPaymentMode = (typeof planPaymentModes)[number];

/** Telegram's limit for a subscription's price. */
export const MAX_STARS = 10_000;
/** Telegram's only subscription period: 30 days; an invoice plan's period is the same. */
export const SUBSCRIPTION_PERIOD_SECONDS = 2_592_000;
/** The currency of Telegram Stars. */
export const STARS_CURRENCY = "XTR";

export const planRequestStatuses = ["pending", "approved", "declined"] as const;

/** A member's request for a paid tier (manual payments). */
export const planRequestSchema = z.object({
  id: z.uuid(),
  tierId: z.uuid().nullable(),
  tierName: z.string(),
  status: z.enum(planRequestStatuses),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type PlanRequest = z.infer<typeof planRequestSchema>;

/**
 * A member's Telegram Stars subscription while it runs: the tier it pays for and until when. It ends
 * (and the member returns to level 1) when that time passes without a renewal, or at once when its
 * payment is refunded.
 */
export const planSubscriptionSchema = z.object({
  tierId: z.uuid().nullable(),
  tierName: z.string(),
  /** The price per period in `currency`'s smallest unit: Stars for XTR, cents for EUR. */
  stars: z.number().int(),
  /** XTR: a Stars subscription Telegram renews; another currency: paid by invoice, one period at a time. */
  currency: z.string(),
  /** The end of the paid period: Telegram renews it then (Stars) or the next invoice is due, unless cancelled. */
  expiresAt: z.string(),
  /** False once the member cancelled the renewal: the plan ends at `expiresAt`. */
  renews: z.boolean(),
  /** The period is over and its renewal has not arrived: the plan stays until `lapsesAt`. */
  paymentDue: z.boolean(),
  /** When the plan goes without a payment: `expiresAt` plus PLAN_GRACE_DAYS, or `expiresAt` when it does not renew. */
  lapsesAt: z.string(),
});
export type PlanSubscription = z.infer<typeof planSubscriptionSchema>;

/**
 * Free days on a tier (a trial, a promo code, a referral reward): the member holds `tierId` until
 * `endsAt`, then goes back to the plan held before unless they pay for one meanwhile.
 */
export const planGrantSchema = z.object({
  kind: z.enum(["trial", "promo", "referral"]),
  tierId: z.uuid().nullable(),
  tierName: z.string(),
  endsAt: z.string(),
});

export const invoiceRequestSchema = z.object({ tierId: idSchema("Choose a plan") });
export const invoiceSchema = z.object({ invoiceUrl: z.string() });

/**
 * Why a payment that reached the bot was not applied to a plan (decision 116). Unmatched: it names
 * no invoice of ours, or the account its invoice was for is gone. Flagged: its invoice's member did
 * not pay it, or not in its currency or amount, or the tier is no longer sold.
 */
export const paymentFlags = [
  "unknown_invoice",
  "account_gone",
  "other_payer",
  "currency",
  "amount",
  "tier_not_sold",
] as const;
export type PaymentFlag = (typeof paymentFlags)[number];

/** A payment with no account of ours to apply it to. */
export const isUnmatched = (flag: PaymentFlag | null) =>
  flag === "unknown_invoice" || flag === "account_gone";

/**
 * A plan payment through Telegram as admins see it: Telegram Stars (currency XTR), refunded through
 * Telegram, or a payment provider's, refunded at the provider and then marked refunded here.
 */
export const starPaymentSchema = z.object({
  id: z.uuid(),
  userId: z.uuid().nullable(),
  userName: z.string().nullable(),
  /** The payer's Telegram user id, in digits. */
  telegramId: z.string(),
  /** The tier paid for; null when the payment named no tier of ours. */
  tierName: z.string().nullable(),
  /** The amount in `currency`'s smallest unit: Stars for XTR, cents for EUR. */
  stars: z.number().int(),
  currency: z.string(),
  chargeId: z.string(),
  /** The payment provider's charge id (a provider payment): what the refund at the provider names. */
  providerChargeId: z.string().nullable(),
  /** Why it was not applied to a plan; null when it was. */
  flag: z.enum(paymentFlags).nullable(),
  /** True for a renewal of the subscription. */
  renewal: z.boolean(),
  paidAt: z.string(),
  expiresAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
});
export type StarPayment = z.infer<typeof starPaymentSchema>;
export const starPaymentsSchema = z.object({ payments: z.array(starPaymentSchema) });
export const starPaymentResultSchema = z.object({ payment: starPaymentSchema });
export const planRequestResultSchema = z.object({ request: planRequestSchema });

/** History reasons; all but "User updated tier" (a member's own change) are ours. */
/** The longest free trial a tier may offer, in days (the database checks the same). */
export const TRIAL_DAYS_MAX = 90;

export const tierChangeReasons = {
  member: "User updated tier",
  trial: "Free trial",
  promo: "Promo code",
  referral: "Referral reward",
  grantEnded: "Free days ended",
  approved: "Plan request approved",
  stars: "Telegram Stars subscription",
  invoice: "Telegram Payments invoice",
  ended: "Subscription ended",
  lapsed: "Payment not received",
  refunded: "Payment refunded",
} as const;

export const planPaymentMessages = {
  requested: (name: string) => `Your request for ${name} was sent. An admin will review it.`,
  requestPending: (name: string) => `Your request for ${name} is waiting for an admin`,
  requestDeclined: (name: string) => `Your request for ${name} was declined`,
  payWithStars: "This plan is paid with Telegram Stars inside Telegram",
  payByInvoice: "This plan is paid by card inside Telegram",
  notStars: "This plan is not sold for Telegram Stars",
  paymentsUnavailable: "Payments through Telegram are not available right now. Please try again later.",
  requestNotFound: "Request not found",
  requestDecided: "This request was already decided",
  tierGone: "This plan is no longer available",
  paymentNotFound: "Payment not found",
  alreadyRefunded: "This payment was already refunded",
  renewalRequired: "Say whether the plan renews",
  noSubscription: "You have no Telegram Stars subscription to change",
  refundFailed: (why: string) => `Telegram refused the refund: ${why}`,
  refundAtProvider:
    "This payment was made through the payment provider: refund it there, then mark it refunded",
  refundInTelegram: "This payment was made in Telegram Stars: refund it through Telegram",
  // The bot's answers to a pre-checkout query.
  invoiceUnknown: "This invoice is no longer valid. Please open the plan again.",
  invoiceOtherAccount: "This invoice belongs to another account.",
  priceChanged: "This plan's price has changed. Please open the plan again.",
  granted: (name: string) => `Thank you! Your plan is now ${name}.`,
  renewed: (name: string, until: string) => `Your ${name} plan was renewed until ${until}.`,
} as const;

/** POST /api/me/plan/renewal: stop (false) or restart (true) the Stars subscription's renewal. */
export const renewalRequestSchema = z.object({
  renew: z.boolean({ error: planPaymentMessages.renewalRequired }),
});

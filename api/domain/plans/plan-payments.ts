import { randomBytes } from "node:crypto";
import { isUuid } from "#api/contracts/ids";
import { toCents } from "#api/contracts/money";
import {
  type PaymentFlag,
  type PlanPaymentMode,
  type PlanRequest,
  planPaymentMessages,
  STARS_CURRENCY,
  type StarPayment,
  SUBSCRIPTION_PERIOD_SECONDS,
  tierChangeReasons,
} from "#api/contracts/plan-payments";
import { findAccountById } from "#db/queries/accounts/accounts";
import { endDueGrants } from "#db/queries/plans/plan-grants";
import {
  decideRequest,
  endExpiredSubscriptions,
  endSubscriptionAfterRefund,
  findPayment,
  insertInvoice,
  listStarPayments,
  markRefunded,
  type PlanRequestRow,
  recordStarPayment,
  recordUnappliedPayment,
  type StarPaymentRow,
  unmarkRefunded,
  upsertPendingRequest,
} from "#db/queries/plans/plan-payments";
import { findActiveTier, type TierRow } from "#db/queries/plans/plans";
import type { ServiceContext } from "../context";
import { publish } from "../events";
import { Refusal } from "../refusal";
import {
  checkPayment,
  invoiceOf,
  invoicePayload,
  mismatchOfInvoice,
  type NotApplied,
} from "./payment-checks";
import { noticePaymentNotApplied } from "./payment-notices";

export const planRequestOf = (row: PlanRequestRow): PlanRequest => ({
  id: row.id,
  tierId: row.tierId,
  tierName: row.tierName,
  status: row.status as PlanRequest["status"],
  createdAt: row.createdAt.toISOString(),
  decidedAt: row.decidedAt?.toISOString() ?? null,
});

/** How this member gets a paid tier: Stars and provider invoices need a Telegram account to pay from. */
export function paymentModeOf(ctx: ServiceContext, telegramId: bigint | null): PlanPaymentMode {
  const mode = ctx.config.PLAN_PAYMENTS;
  return (mode === "stars" || mode === "invoice") && telegramId === null ? "manual" : mode;
}

/** What one period of a tier costs through Telegram: an amount in the currency's smallest unit. */
export interface PlanPrice {
  currency: string;
  amount: number;
}

/**
 * An amount of money ("25.00", the tier's monthly price) in `currency`'s smallest unit: cents for
 * EUR, yen for JPY (no decimals), fils for KWD (three), as Intl knows the currency's digits.
 */
export function minorUnits(amount: string, currency: string): number {
  const digits =
    new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  return Math.round((toCents(amount) * 10 ** digits) / 100);
}

/**
 * What the tier costs a period as this shop sells it through Telegram (decision 109): Stars at the
 * tier's Stars price (`stars`), or the tier's monthly price in PAYMENT_CURRENCY (`invoice`).
 * Undefined when the tier is not sold through Telegram for this member's mode (free, manual, a
 * tier that costs nothing, a Stars tier without a Stars price).
 */
export function telegramPrice(
  ctx: Pick<ServiceContext, "config">,
  mode: PlanPaymentMode,
  tier: TierRow,
): PlanPrice | undefined {
  if (Number(tier.priceMonthly) <= 0) return undefined;
  if (mode === "stars" && tier.priceStars !== null)
    return { currency: STARS_CURRENCY, amount: tier.priceStars };
  if (mode === "invoice") {
    const currency = ctx.config.PAYMENT_CURRENCY;
    return { currency, amount: minorUnits(tier.priceMonthly, currency) };
  }
  return undefined;
}

/** A tier that can be taken at once: free mode, or a tier that costs nothing. */
export const takenAtOnce = (mode: PlanPaymentMode, tier: TierRow) =>
  mode === "free" || Number(tier.priceMonthly) === 0;

/** The member asks for a paid tier; an admin decides. A pending request is replaced. */
export async function requestTier(ctx: ServiceContext, userId: string, tier: TierRow): Promise<PlanRequest> {
  return planRequestOf(await upsertPendingRequest(ctx.db, userId, tier, ctx.now()));
}

/** How subscriptions end: PLAN_GRACE_DAYS after an unrenewed period, and the history's reasons. */
export const endingRules = (ctx: Pick<ServiceContext, "config">) => ({
  graceDays: ctx.config.PLAN_GRACE_DAYS,
  endedReason: tierChangeReasons.ended,
  lapsedReason: tierChangeReasons.lapsed,
});

/**
 * Plans whose time is over end, one member's or all: free days at their end (back to the plan held
 * before), then subscriptions (the member returns to level 1): a cancelled renewal at the period's
 * end, a renewal that did not come PLAN_GRACE_DAYS after it. Returns how many subscriptions ended.
 */
export async function endExpired(ctx: Pick<ServiceContext, "db" | "config" | "now">, userId?: string) {
  await endDueGrants(ctx.db, ctx.now(), tierChangeReasons.grantEnded, userId);
  return endExpiredSubscriptions(ctx.db, ctx.now(), endingRules(ctx), userId);
}

/**
 * An invoice link for the tier: a Stars subscription (stars), or one 30-day period through the payment
 * provider (invoice; the member's next period too, from Memberships or a reminder). The payload
 * names the member, the tier and a nonce; the stored invoice keeps the price and currency, which the
 * pre-checkout answer compares.
 */
export async function createPlanInvoice(
  ctx: ServiceContext,
  userId: string,
  tierId: string,
): Promise<string> {
  const account = await findAccountById(ctx.db, userId);
  const tier = await findActiveTier(ctx.db, tierId);
  if (!account || !tier) throw new Refusal("unknown_tier");
  const mode = paymentModeOf(ctx, account.telegramId);
  const price = telegramPrice(ctx, mode, tier);
  if (!price) throw new Refusal("not_sold_for_stars");
  if (!ctx.telegram.enabled) throw new Refusal("payments_unavailable");
  const nonce = randomBytes(12).toString("base64url");
  await insertInvoice(ctx.db, {
    nonce,
    userId,
    tierId: tier.id,
    stars: price.amount,
    currency: price.currency,
  });
  const stars = price.currency === STARS_CURRENCY;
  try {
    const link = await ctx.telegram.createPlanInvoice({
      title: `${tier.displayName} plan`.slice(0, 32),
      description: stars
        ? `$${tier.priceMonthly} a month to spend in the shop, renewed every 30 days`
        : `${tier.priceMonthly} ${price.currency} to spend in the shop, for 30 days`,
      payload: invoicePayload(userId, tier.id, nonce),
      price,
      // The provider's token travels only to Telegram, in this call.
      ...(stars ? {} : { providerToken: ctx.config.PAYMENT_PROVIDER_TOKEN ?? "" }),
    });
    ctx.metrics.planPayments.inc({ mode, outcome: "invoiced" });
    return link;
  } catch (error) {
    ctx.log.warn("invoice link failed", { error: String(error) });
    throw new Refusal("payments_unavailable");
  }
}

export interface Checkout {
  payload: string;
  /** The payer's Telegram id. */
  fromId: number;
  currency: string;
  totalAmount: number;
}

/**
 * The pre-checkout answer: the payment would match its invoice as a successful payment must
 * (mismatchOf: ours, its member paying, its currency and amount, the tier still sold), and the
 * invoice's price is still the tier's (Stars, or the provider's currency and amount). Undefined means
 * go ahead; otherwise the message for the payer.
 */
export async function checkPlanCheckout(
  ctx: ServiceContext,
  checkout: Checkout,
): Promise<string | undefined> {
  const found = await invoiceOf(ctx, checkout.payload);
  if (!found) return planPaymentMessages.invoiceUnknown;
  switch (mismatchOfInvoice({ ...checkout, renewal: false }, found)) {
    case "other_payer":
      return planPaymentMessages.invoiceOtherAccount;
    case "tier_not_sold":
      return planPaymentMessages.tierGone;
    case "currency":
    case "amount":
      return planPaymentMessages.priceChanged;
  }
  const { invoice, tier } = found;
  const price = telegramPrice(ctx, invoice.currency === STARS_CURRENCY ? "stars" : "invoice", tier);
  return price?.currency === invoice.currency && price.amount === invoice.stars
    ? undefined
    : planPaymentMessages.priceChanged;
}

export interface SuccessfulPayment extends Checkout {
  chargeId: string;
  /** The payment provider's charge id; empty or absent for Stars. */
  providerChargeId?: string;
  /** Unix seconds. */
  expiresAt: number | undefined;
  isRecurring: boolean;
  isFirstRecurring: boolean;
}

/** What a payment that reached the bot came to; undefined for one delivered before. */
export type PaymentOutcome =
  | { outcome: "granted"; tierName: string; renewal: boolean; expiresAt: Date }
  | { outcome: "not_applied" };

/**
 * A successful payment is recorded once per charge id, applied or not (decision 116). Checked
 * against its invoice (checkPayment), it grants the tier, and a renewal extends the subscription: a
 * Stars payment states its period's end; a provider invoice's payment buys 30 days from the current
 * period's end (or from now, when there is none or it is over), and the grant is published in
 * the payment's transaction. One that does not match grants nothing, publishes nothing, is stored
 * flagged with why, and the admins are told.
 */
export async function recordPlanPayment(
  ctx: ServiceContext,
  paid: SuccessfulPayment,
): Promise<PaymentOutcome | undefined> {
  const renewal = paid.isRecurring && !paid.isFirstRecurring;
  const checked = await checkPayment(ctx, { ...paid, renewal });
  const providerChargeId = paid.providerChargeId || null;
  if (!checked.applies) return recordNotApplied(ctx, paid, renewal, providerChargeId, checked);
  const { invoice } = checked;
  const now = ctx.now();
  const stars = invoice.currency === STARS_CURRENCY;
  const period = SUBSCRIPTION_PERIOD_SECONDS * 1000;
  const recorded = await recordStarPayment(
    ctx.db,
    {
      chargeId: paid.chargeId,
      providerChargeId,
      userId: invoice.userId,
      telegramId: BigInt(paid.fromId),
      tierId: invoice.tierId,
      stars: paid.totalAmount,
      currency: paid.currency,
      ...(stars
        ? {
            renewal,
            period: {
              endsAt: paid.expiresAt ? new Date(paid.expiresAt * 1000) : new Date(now.getTime() + period),
            },
          }
        : { renewal: "when_running", period: { extendByMs: period } }),
    },
    now,
    stars ? tierChangeReasons.stars : tierChangeReasons.invoice,
    (tx, payment) =>
      publish(ctx, tx, "paidPlanGranted", { userId: invoice.userId, chargeId: payment.chargeId }),
  );
  const mode = stars ? "stars" : "invoice";
  if (recorded.outcome === "duplicate") {
    ctx.metrics.planPayments.inc({ mode, outcome: "duplicate" });
    return undefined;
  }
  ctx.metrics.planPayments.inc({ mode, outcome: recorded.payment.renewal ? "renewed" : "paid" });
  return {
    outcome: "granted",
    tierName: recorded.tierName,
    renewal: recorded.payment.renewal,
    expiresAt: recorded.expiresAt,
  };
}

/** Stores a payment that applies to no plan, once; the admins hear of it (decision 116). */
async function recordNotApplied(
  ctx: ServiceContext,
  paid: SuccessfulPayment,
  renewal: boolean,
  providerChargeId: string | null,
  why: NotApplied,
): Promise<PaymentOutcome | undefined> {
  const mode = paid.currency === STARS_CURRENCY ? "stars" : "invoice";
  const row = await recordUnappliedPayment(
    ctx.db,
    {
      chargeId: paid.chargeId,
      providerChargeId,
      userId: why.userId,
      telegramId: BigInt(paid.fromId),
      tierId: why.tierId,
      tierName: why.tierName,
      stars: paid.totalAmount,
      currency: paid.currency,
      renewal,
      flag: why.flag,
    },
    ctx.now(),
  );
  if (!row) {
    ctx.metrics.planPayments.inc({ mode, outcome: "duplicate" });
    return undefined;
  }
  ctx.log.warn("a payment was not applied to a plan", { chargeId: paid.chargeId, flag: why.flag });
  ctx.metrics.planPayments.inc({ mode, outcome: "not_applied" });
  noticePaymentNotApplied(ctx, row, why.flag);
  return { outcome: "not_applied" };
}

export const starPaymentOf = (row: StarPaymentRow, userName: string | null): StarPayment => ({
  id: row.id,
  userId: row.userId,
  userName,
  telegramId: String(row.telegramId),
  tierName: row.tierName,
  stars: row.stars,
  currency: row.currency,
  chargeId: row.chargeId,
  providerChargeId: row.providerChargeId,
  flag: row.flag as PaymentFlag | null,
  renewal: row.renewal,
  paidAt: row.paidAt.toISOString(),
  expiresAt: row.expiresAt?.toISOString() ?? null,
  refundedAt: row.refundedAt?.toISOString() ?? null,
});

const PAYMENTS_SHOWN = 200;

export const listPayments = async (ctx: ServiceContext): Promise<StarPayment[]> =>
  (await listStarPayments(ctx.db, PAYMENTS_SHOWN)).map((row) => starPaymentOf(row.payment, row.userName));

/**
 * The payment an admin refunds on `rail`: Stars (XTR) are refunded through Telegram, a provider's
 * payment at the provider, and Telegram cannot refund it (decision 116).
 */
async function paymentToRefund(ctx: ServiceContext, id: string, rail: "stars" | "provider") {
  if (!isUuid(id)) throw new Refusal("payment_not_found");
  const existing = await findPayment(ctx.db, id);
  if (!existing) throw new Refusal("payment_not_found");
  const stars = existing.currency === STARS_CURRENCY;
  if (rail === "stars" && !stars) throw new Refusal("refund_at_provider");
  if (rail === "provider" && stars) throw new Refusal("refund_in_telegram");
  return existing;
}

/**
 * What follows a refund of a payment that granted a plan: the member's subscription ends at once,
 * and the refund is published (a referral it qualified earns nothing, decision 114). A payment
 * that granted nothing (flagged) changes no plan. Returns the subscription ended.
 */
async function afterRefund(ctx: ServiceContext, claimed: StarPaymentRow) {
  if (claimed.flag !== null) return undefined;
  const ended = await endSubscriptionAfterRefund(ctx.db, claimed, ctx.now(), tierChangeReasons.refunded);
  await publish(ctx, ctx.db, "paidPlanRefunded", { chargeId: claimed.chargeId });
  return ended;
}

const answerOf = async (ctx: ServiceContext, row: StarPaymentRow) => {
  const account = row.userId ? await findAccountById(ctx.db, row.userId) : undefined;
  return starPaymentOf(row, account?.fullName ?? account?.email ?? null);
};

/**
 * An admin refunds a Stars payment: claimed first so a second refund at the same moment is refused,
 * then refunded by Telegram (refundStarPayment needs only the payer and the charge; a refusal
 * releases the claim and says why), then afterRefund, and a subscription it ended is not renewed.
 */
export async function refundPayment(ctx: ServiceContext, id: string): Promise<StarPayment> {
  await paymentToRefund(ctx, id, "stars");
  if (!ctx.telegram.enabled) throw new Refusal("payments_unavailable");
  const claimed = await markRefunded(ctx.db, id, ctx.now());
  if (!claimed) throw new Refusal("already_refunded");
  try {
    await ctx.telegram.refundStarPayment(claimed.telegramId, claimed.chargeId);
  } catch (error) {
    await unmarkRefunded(ctx.db, id);
    throw new Refusal("refund_failed", { cause: telegramReason(error) });
  }
  ctx.metrics.planPayments.inc({ mode: "stars", outcome: "refunded" });
  const ended = await afterRefund(ctx, claimed);
  if (ended) {
    await ctx.telegram
      .editStarSubscription(claimed.telegramId, ended.chargeId, true)
      .catch((error: unknown) => {
        ctx.log.warn("subscription not cancelled after a refund", { error: String(error) });
      });
  }
  return answerOf(ctx, claimed);
}

/**
 * An admin who refunded a provider's payment at the provider marks it refunded: no Telegram call (it
 * has no refund for a provider's charge), once, then afterRefund as for Stars.
 */
export async function markPaymentRefunded(ctx: ServiceContext, id: string): Promise<StarPayment> {
  await paymentToRefund(ctx, id, "provider");
  const claimed = await markRefunded(ctx.db, id, ctx.now());
  if (!claimed) throw new Refusal("already_refunded");
  ctx.metrics.planPayments.inc({ mode: "invoice", outcome: "refunded" });
  await afterRefund(ctx, claimed);
  return answerOf(ctx, claimed);
}

/** grammY's error says "Call to 'x' failed! (400: Bad Request: CHARGE_ALREADY_REFUNDED)": keep the reason. */
const telegramReason = (error: unknown) => {
  const text = error instanceof Error ? error.message : String(error);
  return /\((\d{3}: [^)]*)\)/.exec(text)?.[1] ?? "Telegram could not be reached";
};

/** An admin approves or declines a member's request; approving moves the member to the tier. */
export async function decidePlanRequest(
  ctx: ServiceContext,
  id: string,
  approve: boolean,
  adminId: string,
): Promise<PlanRequest> {
  if (!isUuid(id)) throw new Refusal("request_not_found");
  const decision = await decideRequest(
    ctx.db,
    id,
    approve,
    adminId,
    ctx.now(),
    tierChangeReasons.approved,
    (tx, request) =>
      publish(ctx, tx, "paidPlanGranted", { userId: request.userId, chargeId: `request:${request.id}` }),
  );
  switch (decision.outcome) {
    case "decided":
      ctx.metrics.planPayments.inc({ mode: "manual", outcome: approve ? "approved" : "declined" });
      return planRequestOf(decision.request);
    case "missing":
      throw new Refusal("request_not_found");
    case "already_decided":
      throw new Refusal("request_decided");
    case "tier_gone":
      throw new Refusal("tier_gone");
  }
}

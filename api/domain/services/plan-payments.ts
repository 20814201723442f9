import { randomBytes } from "node:crypto";
import { isUuid } from "#api/contracts/ids";
import {
  type PlanPaymentMode,
  type PlanRequest,
  planPaymentMessages,
  type StarPayment,
  tierChangeReasons,
} from "#api/contracts/plan-payments";
import { findAccountById } from "#db/queries/accounts";
import {
  decideRequest,
  endExpiredSubscriptions,
  endSubscriptionAfterRefund,
  findInvoice,
  findPayment,
  insertInvoice,
  listStarPayments,
  markRefunded,
  type PlanRequestRow,
  recordStarPayment,
  type StarPaymentRow,
  unmarkRefunded,
  upsertPendingRequest,
} from "#db/queries/plan-payments";
import { findActiveTier, type TierRow } from "#db/queries/plans";
import type { ServiceContext } from "../context";
import { Refusal } from "../refusal";

export const planRequestOf = (row: PlanRequestRow): PlanRequest => ({
  id: row.id,
  tierId: row.tierId,
  tierName: row.tierName,
  status: row.status as PlanRequest["status"],
  createdAt: row.createdAt.toISOString(),
  decidedAt: row.decidedAt?.toISOString() ?? null,
});

/** How this member gets a paid tier: Stars need a Telegram account to pay from. */
export function paymentModeOf(ctx: ServiceContext, telegramId: bigint | null): PlanPaymentMode {
  const mode = ctx.config.PLAN_PAYMENTS;
  return mode === "stars" && telegramId === null ? "manual" : mode;
}

/** A tier bought for Stars: stars mode for this member, a price above 0 and a Stars price. */
export const soldForStars = (mode: PlanPaymentMode, tier: TierRow) =>
  mode === "stars" && Number(tier.priceMonthly) > 0 && tier.priceStars !== null;

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
 * Subscriptions whose time is over end (the member returns to level 1): a cancelled renewal at the
 * period's end, a renewal that did not come PLAN_GRACE_DAYS after it. One member's, or all.
 */
export const endExpired = (ctx: Pick<ServiceContext, "db" | "config" | "now">, userId?: string) =>
  endExpiredSubscriptions(ctx.db, ctx.now(), endingRules(ctx), userId);

/**
 * An invoice link for a Stars subscription to the tier. The payload names the member, the tier and a
 * nonce; the stored invoice keeps the price, which the pre-checkout answer compares.
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
  if (!soldForStars(mode, tier) || tier.priceStars === null) {
    throw new Refusal("not_sold_for_stars");
  }
  if (!ctx.telegram.enabled) throw new Refusal("payments_unavailable");
  const nonce = randomBytes(12).toString("base64url");
  await insertInvoice(ctx.db, { nonce, userId, tierId: tier.id, stars: tier.priceStars });
  try {
    const link = await ctx.telegram.createPlanInvoice({
      title: `${tier.displayName} plan`.slice(0, 32),
      description: `$${tier.priceMonthly} a month to spend in the shop, renewed every 30 days`,
      payload: invoicePayload(userId, tier.id, nonce),
      stars: tier.priceStars,
    });
    ctx.metrics.planPayments.inc({ mode: "stars", outcome: "invoiced" });
    return link;
  } catch (error) {
    ctx.log.warn("invoice link failed", { error: String(error) });
    throw new Refusal("payments_unavailable");
  }
}

const invoicePayload = (userId: string, tierId: string, nonce: string) => `plan:${userId}:${tierId}:${nonce}`;

function parsePayload(payload: string) {
  const [kind, userId, tierId, nonce, ...rest] = payload.split(":");
  if (kind !== "plan" || !userId || !tierId || !nonce || rest.length > 0) return undefined;
  return { userId, tierId, nonce };
}

/** The invoice a payload names, when the payload is ours and matches what was stored. */
async function invoiceOf(ctx: ServiceContext, payload: string) {
  const parsed = parsePayload(payload);
  if (!parsed) return undefined;
  const invoice = await findInvoice(ctx.db, parsed.nonce);
  if (!invoice || invoice.userId !== parsed.userId || invoice.tierId !== parsed.tierId) return undefined;
  return invoice;
}

export interface Checkout {
  payload: string;
  /** The payer's Telegram id. */
  fromId: number;
  currency: string;
  totalAmount: number;
}

/**
 * The pre-checkout answer: the invoice is ours, its member is the payer, the tier is still active and
 * its Stars price unchanged. Undefined means go ahead; otherwise the message for the payer.
 */
export async function checkPlanCheckout(
  ctx: ServiceContext,
  checkout: Checkout,
): Promise<string | undefined> {
  const invoice = await invoiceOf(ctx, checkout.payload);
  if (!invoice) return planPaymentMessages.invoiceUnknown;
  const account = await findAccountById(ctx.db, invoice.userId);
  if (!account || account.telegramId !== BigInt(checkout.fromId))
    return planPaymentMessages.invoiceOtherAccount;
  const tier = await findActiveTier(ctx.db, invoice.tierId);
  if (!tier) return planPaymentMessages.tierGone;
  const price = tier.priceStars;
  if (price !== invoice.stars || checkout.currency !== "XTR" || checkout.totalAmount !== price) {
    return planPaymentMessages.priceChanged;
  }
  return undefined;
}

export interface SuccessfulPayment extends Checkout {
  chargeId: string;
  /** Unix seconds. */
  expiresAt: number | undefined;
  isRecurring: boolean;
  isFirstRecurring: boolean;
}

/**
 * A successful payment grants the tier, once per charge id; a renewal extends the subscription.
 * Undefined for a redelivered payment or one that names no invoice of ours.
 */
export async function recordPlanPayment(ctx: ServiceContext, paid: SuccessfulPayment) {
  const invoice = await invoiceOf(ctx, paid.payload);
  if (!invoice) {
    ctx.log.error("a Stars payment names no invoice of ours", { chargeId: paid.chargeId });
    return undefined;
  }
  const now = ctx.now();
  const expiresAt = paid.expiresAt
    ? new Date(paid.expiresAt * 1000)
    : new Date(now.getTime() + 2_592_000 * 1000);
  const recorded = await recordStarPayment(
    ctx.db,
    {
      chargeId: paid.chargeId,
      userId: invoice.userId,
      telegramId: BigInt(paid.fromId),
      tierId: invoice.tierId,
      stars: paid.totalAmount,
      renewal: paid.isRecurring && !paid.isFirstRecurring,
      expiresAt,
    },
    now,
    tierChangeReasons.stars,
  );
  const renewal = recorded.outcome !== "duplicate" && recorded.payment.renewal;
  ctx.metrics.planPayments.inc({
    mode: "stars",
    outcome: recorded.outcome === "duplicate" ? "duplicate" : renewal ? "renewed" : "paid",
  });
  if (recorded.outcome === "duplicate") return undefined;
  return { tierName: recorded.tierName, renewal: recorded.payment.renewal, expiresAt };
}

export const starPaymentOf = (row: StarPaymentRow, userName: string | null): StarPayment => ({
  id: row.id,
  userId: row.userId,
  userName,
  tierName: row.tierName,
  stars: row.stars,
  chargeId: row.chargeId,
  renewal: row.renewal,
  paidAt: row.paidAt.toISOString(),
  expiresAt: row.expiresAt?.toISOString() ?? null,
  refundedAt: row.refundedAt?.toISOString() ?? null,
});

const PAYMENTS_SHOWN = 200;

export const listPayments = async (ctx: ServiceContext): Promise<StarPayment[]> =>
  (await listStarPayments(ctx.db, PAYMENTS_SHOWN)).map((row) => starPaymentOf(row.payment, row.userName));

/**
 * An admin refunds a payment: claimed first so a second refund at the same moment is refused, then
 * refunded by Telegram (a refusal releases the claim and says why), then the subscription ends at
 * once and is not renewed.
 */
export async function refundPayment(ctx: ServiceContext, id: string): Promise<StarPayment> {
  if (!isUuid(id)) throw new Refusal("payment_not_found");
  const existing = await findPayment(ctx.db, id);
  if (!existing) throw new Refusal("payment_not_found");
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
  const ended = await endSubscriptionAfterRefund(ctx.db, claimed, ctx.now(), tierChangeReasons.refunded);
  if (ended) {
    await ctx.telegram
      .editStarSubscription(claimed.telegramId, ended.chargeId, true)
      .catch((error: unknown) => {
        ctx.log.warn("subscription not cancelled after a refund", { error: String(error) });
      });
  }
  const account = claimed.userId ? await findAccountById(ctx.db, claimed.userId) : undefined;
  return starPaymentOf(claimed, account?.fullName ?? account?.email ?? null);
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
  const decision = await decideRequest(ctx.db, id, approve, adminId, ctx.now(), tierChangeReasons.approved);
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

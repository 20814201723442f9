import { toCents } from "#api/contracts/cents";
import type { PlanRequest, PlanSubscription } from "#api/contracts/plan-payments";
import type { Budget, ChangePlanResult, Plan, Tier } from "#api/contracts/plans";
import { type AppTextKey, t } from "../i18n/i18n";
import { formatLongDate } from "../lib/dates";
import { formatCurrencyCents } from "../lib/format";

/** The price shown while no plan is selected: "$25.00/month". */
export const DEFAULT_PLAN_PRICE = "25.00";

/** The failure toast's text (title Error), as planMessages.updateFailed says it on the server. */
export const PLAN_UPDATE_FAILED = "Failed to update your plan. Please try again.";

/** Level 1 is the free base level; only the paid levels above it are offered in the picker. */
export const FREE_LEVEL = 1;

type TierLevel = Pick<Tier, "tierLevel">;
type PricedTier = Pick<Tier, "priceMonthly" | "tierLevel">;

/** Integer cents -> "$1,250.00": money always shows two decimals. */
export const dollars = (cents: number): string => formatCurrencyCents(cents, "USD");

/** "25" -> "$25.00/month": the picker's options, the selected price and the confirmation's cost. */
export const perMonth = (price: string): string => t("plans.perMonth", { price: dollars(toCents(price)) });

/**
 * An option of the Select plan dropdown: "Basic · $25.00/month". The spec's options read the price
 * alone; the name says what is sold (issue 47, decision 123).
 */
export const tierOption = (tier: Pick<Tier, "displayName" | "priceMonthly">): string =>
  t("plans.tierOption", { name: tier.displayName, price: perMonth(tier.priceMonthly) });

/** The tiers the Select plan dropdown offers: every active tier above level 1, lowest first. */
export const selectableTiers = <T extends TierLevel>(tiers: readonly T[]): T[] =>
  tiers.filter((tier) => tier.tierLevel > FREE_LEVEL).sort((a, b) => a.tierLevel - b.tierLevel);

export type PlanAction = "Current Plan" | "Upgrade Plan" | "Downgrade Plan" | "Select Plan";

/**
 * The picker's action button. "Select Plan" when there is nothing to compare with: no tier picked
 * yet, or the member has none (and for two tiers on one level, which the unique level rules out).
 */
export function planAction(
  current: (TierLevel & Pick<Tier, "id">) | null,
  selected: (TierLevel & Pick<Tier, "id">) | null,
): PlanAction {
  if (!selected || !current) return "Select Plan";
  if (selected.id === current.id) return "Current Plan";
  if (selected.tierLevel > current.tierLevel) return "Upgrade Plan";
  if (selected.tierLevel < current.tierLevel) return "Downgrade Plan";
  return "Select Plan";
}

/** A higher level than the current one; from no plan at all, any tier is a step up. */
export const isUpgrade = (current: TierLevel | null, next: TierLevel): boolean =>
  next.tierLevel > (current?.tierLevel ?? 0);

export const confirmationTitle = (current: TierLevel | null, next: TierLevel): string =>
  isUpgrade(current, next) ? t("plans.upgradePlan") : t("plans.changePlan");

export const changeSentence = (
  current: Pick<Tier, "displayName"> | null,
  next: Pick<Tier, "displayName">,
): string =>
  current
    ? t("plans.changeFrom", { current: current.displayName, next: next.displayName })
    : t("plans.changeFromNone", { next: next.displayName });

/** "New cost: $50.00/month (+$25.00)" for a rise, "(saves $25.00/month)" for a fall, bare when equal. */
export function newCostText(current: PricedTier | null, next: PricedTier): string {
  const price = perMonth(next.priceMonthly);
  const diff = toCents(next.priceMonthly) - toCents(current?.priceMonthly ?? "0");
  if (diff > 0) return t("plans.newCostRise", { price, diff: dollars(diff) });
  if (diff < 0) return t("plans.newCostSaves", { price, diff: dollars(-diff) });
  return t("plans.newCost", { price });
}

export const planChangedText = (result: Pick<ChangePlanResult, "upgraded"> & { displayName: string }) =>
  result.upgraded
    ? t("plans.upgraded", { name: result.displayName })
    : t("plans.changed", { name: result.displayName });

/** The memberships badge: "Free" for level 1, else "Pro - <name>" with " credits / month" as "/mo". */
export const tierBadge = (tier: Pick<Tier, "displayName" | "tierLevel">): string =>
  tier.tierLevel <= FREE_LEVEL
    ? t("plans.badgeFree")
    : t("plans.badgePro", { name: tier.displayName.replaceAll(" credits / month", "/mo") });

export interface MoneyRemaining {
  /** "$12.50 of $25.00" */
  text: string;
  /** How much of the total is used, 0–100, for the usage bar. */
  usedPercent: number;
}

/** The Money remaining panel: what is left of monthly + rollover; null when that total is 0. */
export function moneyRemaining(budget: Budget): MoneyRemaining | null {
  // Credits added this month (a code, a reward) are money to spend like the plan's own.
  const totalCents = toCents(budget.monthly) + toCents(budget.rollover) + toCents(budget.credits);
  if (totalCents <= 0) return null;
  const remainingCents = Math.min(Math.max(toCents(budget.remaining), 0), totalCents);
  return {
    text: t("plans.moneyOf", { remaining: dollars(remainingCents), total: dollars(totalCents) }),
    usedPercent: Math.round(((totalCents - remainingCents) / totalCents) * 100),
  };
}

/** "Up to $25.00 in monthly value": the month's budget is the plan's price. */
export const monthlyValueLine = (budget: Pick<Budget, "monthly">): string =>
  t("plans.monthlyValue", { amount: dollars(toCents(budget.monthly)) });

/** The green line, shown only when money rolled over: "$5.00 rolled over from last month". */
export function rolloverLine(budget: Pick<Budget, "rollover">): string | null {
  const cents = toCents(budget.rollover);
  return cents > 0 ? t("plans.rollover", { amount: dollars(cents) }) : null;
}

/*
 * Paying for a plan (the server's PLAN_PAYMENTS). The texts are the API's (planPaymentMessages in
 * api/contracts/plan-payments.ts) as catalog keys, so the plan sheet does not load the contracts'
 * zod; tests/unit/miniapp-plans.test.ts checks that the English of both agrees.
 */
export const planPaymentTexts = {
  requested: (name: string) => t("plans.requested", { name }),
  requestPending: (name: string) => t("plans.requestPending", { name }),
  requestDeclined: (name: string) => t("plans.requestDeclined", { name }),
  get payWithStars() {
    return t("plans.payWithStars");
  },
  get payByInvoice() {
    return t("plans.payByInvoice");
  },
  get requestNote() {
    return t("plans.requestNote");
  },
  get paymentReceived() {
    return t("plans.paymentReceived");
  },
  get paymentFailed() {
    return t("plans.paymentFailed");
  },
};

/**
 * How the picked tier is taken: `now` (free payments, or a tier that costs nothing), `stars` (bought
 * as a Telegram Stars subscription), `invoice` (paid by card through Telegram's payment provider,
 * 30 days at a time) or `request` (an admin approves it; also a paid tier not sold for Stars), as
 * the server decides it.
 */
export type PlanPath = "now" | "request" | "stars" | "invoice";

export function planPath(
  payments: Plan["payments"],
  tier: Pick<Tier, "priceMonthly" | "priceStars">,
): PlanPath {
  if (payments === "free" || toCents(tier.priceMonthly) <= 0) return "now";
  if (payments === "stars" && tier.priceStars !== null) return "stars";
  if (payments === "invoice") return "invoice";
  return "request";
}

/**
 * How a paid tier is sold to this member, for the picker and the Memberships card (decision 123):
 * its Stars price (`stars`), "not sold for Stars" (`notForStars`: a Stars shop's paid tier without
 * a Stars price, which only an admin's approval gives), its price by card in the invoice currency
 * (`invoice`); null where nothing is paid through Telegram (free or manual payments, a tier that
 * costs nothing).
 */
export type TierSale =
  | { kind: "stars"; stars: number }
  | { kind: "notForStars" }
  | { kind: "invoice"; amount: string };

export function tierSale(
  payments: Plan["payments"],
  currency: Plan["currency"],
  tier: Pick<Tier, "priceMonthly" | "priceStars">,
): TierSale | null {
  if (toCents(tier.priceMonthly) <= 0) return null;
  if (payments === "stars")
    return tier.priceStars === null ? { kind: "notForStars" } : { kind: "stars", stars: tier.priceStars };
  if (payments === "invoice" && currency)
    return { kind: "invoice", amount: invoiceAmount(tier.priceMonthly, currency) };
  return null;
}

/** The member's latest request as a line: waiting or declined (an approved one is the plan itself). */
export function requestLine(
  request: Pick<PlanRequest, "tierName" | "status"> | null,
): { status: "pending" | "declined"; text: string } | null {
  if (!request || request.status === "approved") return null;
  return request.status === "pending"
    ? { status: "pending", text: planPaymentTexts.requestPending(request.tierName) }
    : { status: "declined", text: planPaymentTexts.requestDeclined(request.tierName) };
}

/** "€25.00": a tier's monthly price in the currency an invoice charges it in. */
export const invoiceAmount = (price: string, currency: string): string =>
  formatCurrencyCents(toCents(price), currency);

/** A plan paid by provider invoice, one period at a time (not a Stars subscription Telegram renews). */
export const isInvoicePlan = (subscription: Pick<PlanSubscription, "currency">) =>
  subscription.currency !== "XTR";

/** Where a Stars subscription stands: it renews, it ends (renewal cancelled), or its payment is due. */
export type SubscriptionState = "renews" | "ends" | "due";

export const subscriptionState = (
  subscription: Pick<PlanSubscription, "renews" | "paymentDue">,
): SubscriptionState => (!subscription.renews ? "ends" : subscription.paymentDue ? "due" : "renews");

/**
 * The subscription as a line, dates written out in the app's language: "Paid with Telegram Stars ·
 * Renews on July 15, 2025", "Renewal cancelled · Ends on …", or payment due until the plan lapses.
 */
export function subscriptionLine(
  subscription: Pick<PlanSubscription, "expiresAt" | "renews" | "paymentDue" | "lapsesAt" | "currency">,
): { state: SubscriptionState; text: string } {
  const state = subscriptionState(subscription);
  switch (state) {
    case "renews":
      return {
        state,
        text: t(isInvoicePlan(subscription) ? "plans.nextPaymentOn" : "plans.renewsOn", {
          date: formatLongDate(subscription.expiresAt),
        }),
      };
    case "ends":
      return { state, text: t("plans.endsOn", { date: formatLongDate(subscription.expiresAt) }) };
    case "due":
      return { state, text: t("plans.paymentDueText", { date: formatLongDate(subscription.lapsesAt) }) };
  }
}

/** The action button while the picked tier waits for an admin: asking again changes nothing. */
export const REQUEST_PENDING_ACTION = "Request Pending";

const planActionKeys: Record<PlanAction | typeof REQUEST_PENDING_ACTION, AppTextKey> = {
  "Current Plan": "plans.currentPlan",
  "Upgrade Plan": "plans.upgradePlan",
  "Downgrade Plan": "plans.downgradePlan",
  "Select Plan": "plans.selectPlan",
  "Request Pending": "plans.requestPendingAction",
};

/** The action button's words: the action in the app's language. */
export const planActionLabel = (action: PlanAction | typeof REQUEST_PENDING_ACTION): string =>
  t(planActionKeys[action]);

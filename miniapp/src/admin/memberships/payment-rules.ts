import {
  isUnmatched,
  type PaymentFlag,
  STARS_CURRENCY,
  type StarPayment,
} from "#api/contracts/plan-payments";
import { type AdminTextKey, t } from "../../i18n/i18n";
import { formatCurrencyCents } from "../../lib/format";

/**
 * How a payment is refunded (decision 116): Telegram Stars through Telegram (Refund), a payment
 * provider's at the provider, then marked refunded here (Telegram cannot refund it).
 */
export const refundWay = (payment: Pick<StarPayment, "currency">): "stars" | "provider" =>
  payment.currency === STARS_CURRENCY ? "stars" : "provider";

/**
 * The badge beside a payment: refunded; else a payment not applied, unmatched (no account of ours to
 * apply it to) or flagged (it did not match its invoice); else none.
 */
export const paymentBadge = (
  payment: Pick<StarPayment, "flag" | "refundedAt">,
): "refunded" | "unmatched" | "flagged" | null => {
  if (payment.refundedAt) return "refunded";
  if (payment.flag === null) return null;
  return isUnmatched(payment.flag) ? "unmatched" : "flagged";
};

/** Who paid: the member, else the payer's Telegram id for a payment not applied, else a deleted account. */
export const payerName = (payment: Pick<StarPayment, "userName" | "flag" | "telegramId">): string =>
  payment.userName ??
  (payment.flag
    ? t("admin.payments.telegramUser", { id: payment.telegramId })
    : t("admin.payments.deletedAccount"));

const whyKeys: Record<PaymentFlag, AdminTextKey> = {
  unknown_invoice: "admin.payments.why.unknownInvoice",
  account_gone: "admin.payments.why.accountGone",
  other_payer: "admin.payments.why.otherPayer",
  currency: "admin.payments.why.currency",
  amount: "admin.payments.why.amount",
  tier_not_sold: "admin.payments.why.tierNotSold",
};

/** "Not applied: …" for a payment not applied to a plan; null for one that was. */
export const whyNotApplied = (payment: Pick<StarPayment, "flag">): string | null =>
  payment.flag ? t("admin.payments.notApplied", { why: t(whyKeys[payment.flag]) }) : null;

/** Cents of an amount in `currency`'s smallest unit (Intl's digits: 2 for EUR, 0 for JPY). */
const centsOf = (amount: number, currency: string) => {
  const digits =
    new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  return Math.round((amount * 100) / 10 ** digits);
};

/** The amount in words: Stars counted ("250 Stars"), a provider's in its currency ("€25.00"). */
export const paymentAmount = (payment: Pick<StarPayment, "stars" | "currency">): string =>
  refundWay(payment) === "stars"
    ? t("admin.payments.starsAmount", { count: payment.stars })
    : formatCurrencyCents(centsOf(payment.stars, payment.currency), payment.currency);

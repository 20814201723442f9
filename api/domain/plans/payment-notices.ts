import type { PaymentFlag } from "#api/contracts/plan-payments";
import { tellAdmins } from "#api/domain/messaging";
import type { StarPaymentRow } from "#db/queries/plans/plan-payments";
import type { ServiceContext } from "../context";
import { type ServerTextKey, serverText } from "../i18n/translate";
import { paymentAmountText } from "./amount-text";

const whyKeys: Record<PaymentFlag, ServerTextKey> = {
  unknown_invoice: "notice.paymentWhy.unknownInvoice",
  account_gone: "notice.paymentWhy.accountGone",
  other_payer: "notice.paymentWhy.otherPayer",
  currency: "notice.paymentWhy.currency",
  amount: "notice.paymentWhy.amount",
  tier_not_sold: "notice.paymentWhy.tierNotSold",
};

/**
 * The shop's admins hear of a payment that was not applied (decision 116): how much, from whom,
 * why, and where to refund it; through the staff notices, in the background.
 */
export function noticePaymentNotApplied(ctx: ServiceContext, payment: StarPaymentRow, flag: PaymentFlag) {
  if (!ctx.telegram.enabled) return;
  ctx.background.run("payment notices", () =>
    tellAdmins(ctx, [
      (language) =>
        serverText(language, "notice.paymentNotApplied", {
          amount: paymentAmountText(language, payment.stars, payment.currency),
          payer: String(payment.telegramId),
          why: serverText(language, whyKeys[flag]),
        }),
    ]),
  );
}

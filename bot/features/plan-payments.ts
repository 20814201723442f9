import { Composer } from "grammy";
import type { ServiceContext } from "#api/domain/context";
import { translateMessage } from "#api/domain/i18n/translate";
import { checkPlanCheckout, recordPlanPayment } from "#api/domain/plans";
import type { BotContext } from "../context";

const dateOf = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Plans bought inside Telegram (Stars subscriptions or a provider's invoices): the pre-checkout answer
 * (within Telegram's 10 s) and successful_payment, recorded once per charge id; a renewal's payment
 * extends the subscription. A payment not applied to a plan (decision 116) is told plainly: the money
 * arrived, nothing changed, an admin will look at it. Registered before the channel posting feature,
 * so a payment's service message is never a draft. The payer hears it in their language (ctx.t);
 * the date stays ISO (YYYY-MM-DD).
 */
export function planPayments(services: ServiceContext) {
  const composer = new Composer<BotContext>();
  composer.on("pre_checkout_query", async (ctx) => {
    const query = ctx.preCheckoutQuery;
    const refusal = await checkPlanCheckout(services, {
      payload: query.invoice_payload,
      fromId: query.from.id,
      currency: query.currency,
      totalAmount: query.total_amount,
    });
    await (refusal === undefined
      ? ctx.answerPreCheckoutQuery(true)
      : ctx.answerPreCheckoutQuery(false, {
          error_message: translateMessage(ctx.language, refusal),
        }));
  });
  composer.on("message:successful_payment", async (ctx) => {
    const paid = ctx.message.successful_payment;
    const recorded = await recordPlanPayment(services, {
      payload: paid.invoice_payload,
      fromId: ctx.from.id,
      currency: paid.currency,
      totalAmount: paid.total_amount,
      chargeId: paid.telegram_payment_charge_id,
      providerChargeId: paid.provider_payment_charge_id,
      expiresAt: paid.subscription_expiration_date,
      isRecurring: paid.is_recurring === true,
      isFirstRecurring: paid.is_first_recurring === true,
    });
    if (!recorded) return;
    await ctx.reply(
      recorded.outcome === "not_applied"
        ? ctx.t("bot.paymentNotApplied")
        : recorded.renewal
          ? ctx.t("bot.planRenewed", { name: recorded.tierName, until: dateOf(recorded.expiresAt) })
          : ctx.t("bot.planGranted", { name: recorded.tierName }),
    );
  });
  return composer;
}

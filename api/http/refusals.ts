import type { Context } from "hono";
import { accountMessages } from "#api/contracts/account";
import { adminMessages } from "#api/contracts/admin";
import { adminLegalMessages } from "#api/contracts/admin-legal";
import { adminProductMessages } from "#api/contracts/admin-products";
import { adminSettingsMessages } from "#api/contracts/admin-settings";
import { adminTierMessages } from "#api/contracts/admin-tiers";
import { authMessages, emailVerificationMessages, telegramAuthMessages } from "#api/contracts/auth";
import type { BotProblem, BotState } from "#api/contracts/bot-status";
import { broadcastMessages } from "#api/contracts/broadcasts";
import { checkoutMessages } from "#api/contracts/checkout";
import { type ErrorCode, type ErrorReason, errorReasons } from "#api/contracts/errors";
import { feedMessages, postMessageMessages } from "#api/contracts/feed";
import { gateMessages } from "#api/contracts/gate";
import type { Language } from "#api/contracts/languages";
import { planPaymentMessages } from "#api/contracts/plan-payments";
import { planMessages, trialMessages } from "#api/contracts/plans";
import { productFileMessages } from "#api/contracts/product-files";
import { promoMessages } from "#api/contracts/promo-codes";
import { rewardMessages } from "#api/contracts/rewards";
import { setupLinkMessages } from "#api/contracts/setup-link";
import { shareMessages } from "#api/contracts/share";
import { stockAlertMessages } from "#api/contracts/stock-alerts";
import { storefrontMessages } from "#api/contracts/storefront-messages";
import { strainAnalysisMessages } from "#api/contracts/strain-analysis";
import { supportMessages } from "#api/contracts/support";
import { invalidTextMessage } from "#api/contracts/text";
import { translationMessages } from "#api/contracts/translation";
import { stateName } from "#api/contracts/us-states";
import { busyMessage, tooManyAttemptsMessage } from "#api/domain/auth";
import { type ServerTextKey, serverText, translateMessage } from "#api/domain/i18n/translate";
import type { Refusal, RefusalDetail, RefusalReason } from "#api/domain/refusal";
import { errorResponse, statusOf } from "./errors";
import { fieldTooLargeMessage, incompleteUploadMessage } from "./multipart";
import { requestLanguage } from "./request-language";

/** Why the bot cannot do it, in plain words: not set up, or set up and not running and why (decision 121). */
function botNotRunningText(bot: BotState, language: Language): string {
  switch (bot.state) {
    case "off":
      return serverText(language, bot.reason === "no_token" ? "refusal.botOff" : "refusal.botOffHere");
    // A running bot's notifier is enabled and nothing is refused; the two differ only for a moment.
    case "starting":
    case "running":
      return serverText(language, "refusal.botStarting");
    case "not_running":
      return serverText(language, "refusal.botNotRunning", {
        reason: serverText(language, botProblemTexts[bot.problem], { error: bot.error }),
      });
  }
}

const botProblemTexts = {
  token_refused: "refusal.botTokenRefused",
  telegram_unreachable: "refusal.botTelegramUnreachable",
  webhook_refused: "refusal.botWebhookRefused",
  conflict: "refusal.botConflict",
  telegram_error: "refusal.botTelegramError",
} as const satisfies Record<BotProblem, ServerTextKey>;

interface Answer<R extends RefusalReason> {
  code: ErrorCode;
  /** A contract's English words (errorResponse translates them), or a text built in the language. */
  message: string | ((detail: RefusalDetail<R>, language: Language) => string);
  headers?: (detail: RefusalDetail<R>) => Record<string, string>;
}

const own = (detail: { message: string }) => detail.message;

/**
 * Each rule that refuses, as HTTP: its code (and so its status), its message and any header.
 */
const answers: { [R in RefusalReason]: Answer<R> } = {
  not_signed_in: { code: "unauthorized", message: authMessages.notSignedIn },
  account_exists: { code: "conflict", message: authMessages.accountExists },
  invalid_credentials: { code: "unauthorized", message: authMessages.invalidCredentials },
  wrong_current_password: { code: "unprocessable", message: accountMessages.currentPasswordIncorrect },
  email_taken: { code: "conflict", message: accountMessages.emailTaken },
  email_required_for_password: { code: "unprocessable", message: accountMessages.emailRequiredForPassword },
  delete_email_mismatch: { code: "unprocessable", message: accountMessages.deleteEmailMismatch },
  delete_word_mismatch: { code: "unprocessable", message: accountMessages.deleteTypeDelete },
  reset_link_invalid: { code: "bad_request", message: authMessages.resetLinkInvalid },
  verify_link_invalid: { code: "bad_request", message: emailVerificationMessages.linkInvalid },
  no_email: { code: "unprocessable", message: emailVerificationMessages.noEmail },
  email_already_verified: { code: "conflict", message: emailVerificationMessages.alreadyVerified },
  mail_not_configured: { code: "unavailable", message: emailVerificationMessages.mailNotConfigured },
  telegram_already_linked: { code: "conflict", message: accountMessages.telegramAlreadyLinked },
  telegram_data_expired: { code: "unauthorized", message: telegramAuthMessages.expired },
  telegram_not_linked: { code: "conflict", message: accountMessages.telegramNotLinked },
  rate_limited: {
    code: "rate_limited",
    message: ({ retryAfterSeconds }, language) => tooManyAttemptsMessage(retryAfterSeconds, language),
    headers: ({ retryAfterSeconds }) => ({ "Retry-After": String(retryAfterSeconds) }),
  },
  server_busy: { code: "unavailable", message: busyMessage, headers: () => ({ "Retry-After": "1" }) },

  user_not_found: { code: "not_found", message: adminMessages.userNotFound },
  last_admin: { code: "unprocessable", message: adminMessages.lastAdmin },
  setup_link_invalid: { code: "bad_request", message: setupLinkMessages.invalid },
  setup_link_expired: { code: "gone", message: setupLinkMessages.expired },
  setup_link_used: { code: "gone", message: setupLinkMessages.used },
  setup_admin_exists: { code: "conflict", message: setupLinkMessages.adminExists },

  bad_cursor: { code: "bad_request", message: feedMessages.badCursor },
  message_not_found: { code: "not_found", message: feedMessages.notFound },
  post_locked: { code: "forbidden", message: feedMessages.locked },
  invalid_text: { code: "bad_request", message: invalidTextMessage },
  invalid_post: { code: "bad_request", message: own },
  empty_post: { code: "bad_request", message: postMessageMessages.empty },

  product_not_found: { code: "not_found", message: stockAlertMessages.productNotFound },
  image_not_found: { code: "not_found", message: productFileMessages.imageNotFound },
  too_many_images: { code: "unprocessable", message: productFileMessages.tooManyImages },
  variant_taken: { code: "conflict", message: adminProductMessages.variantTaken },
  products_need_storefront: { code: "unprocessable", message: adminProductMessages.storefrontNotConfigured },
  in_stock: { code: "conflict", message: stockAlertMessages.inStock },

  upload_missing: { code: "bad_request", message: own },
  upload_wrong_type: { code: "unsupported_media_type", message: own },
  upload_too_large: { code: "too_large", message: own },
  upload_too_many: { code: "bad_request", message: own },
  upload_incomplete: { code: "bad_request", message: incompleteUploadMessage },
  upload_field_too_large: { code: "too_large", message: fieldTooLargeMessage },

  image_not_base64: { code: "bad_request", message: strainAnalysisMessages.notBase64 },
  image_too_large: { code: "too_large", message: strainAnalysisMessages.tooLarge },
  image_wrong_type: { code: "unsupported_media_type", message: strainAnalysisMessages.wrongType },
  analysis_not_configured: { code: "unavailable", message: strainAnalysisMessages.failed },
  analysis_failed: { code: "bad_gateway", message: strainAnalysisMessages.failed },
  translation_not_configured: { code: "unavailable", message: translationMessages.notConfigured },
  translation_failed: { code: "bad_gateway", message: translationMessages.failed },
  no_text_to_translate: { code: "unprocessable", message: translationMessages.noText },

  age_required: { code: "forbidden", message: checkoutMessages.ageRequired },
  unavailable: {
    code: "unprocessable",
    message: ({ title }, language) =>
      title == null
        ? serverText(language, "refusal.unavailableInCart")
        : serverText(language, "refusal.unavailable", { title }),
  },
  restricted_state: {
    code: "unprocessable",
    message: ({ title, state }, language) =>
      serverText(language, "refusal.restricted", { title: title ?? "", state: stateName(state) }),
  },
  out_of_stock: {
    code: "conflict",
    message: ({ title }, language) => serverText(language, "refusal.outOfStock", { title: title ?? "" }),
  },
  over_budget: {
    code: "unprocessable",
    message: ({ remaining }, language) => serverText(language, "refusal.overBudget", { remaining }),
  },
  order_not_found: { code: "not_found", message: checkoutMessages.orderNotFound },
  idempotency_key_reused: { code: "conflict", message: checkoutMessages.keyReused },
  bad_transition: { code: "conflict", message: checkoutMessages.badTransition },

  storefront_not_configured: { code: "unavailable", message: storefrontMessages.notConfigured },
  unknown_item: { code: "unprocessable", message: storefrontMessages.unknownItem },
  storefront_refused: { code: "unprocessable", message: own },
  storefront_failed: { code: "bad_gateway", message: own },
  storefront_payment_required: { code: "bad_gateway", message: own },

  unknown_tier: { code: "not_found", message: planMessages.unknownTier },
  tier_not_found: { code: "not_found", message: adminTierMessages.notFound },
  tier_name_taken: { code: "conflict", message: adminTierMessages.nameTaken },
  tier_in_use: {
    code: "conflict",
    message: ({ members }, language) => serverText(language, "refusal.tierInUse", { count: members }),
  },
  trial_on_free_tier: { code: "bad_request", message: adminTierMessages.trialOnFreeTier },
  pay_with_stars: { code: "conflict", message: planPaymentMessages.payWithStars },
  pay_by_invoice: { code: "conflict", message: planPaymentMessages.payByInvoice },
  not_sold_for_stars: { code: "conflict", message: planPaymentMessages.notStars },
  payments_unavailable: { code: "unavailable", message: planPaymentMessages.paymentsUnavailable },
  payment_not_found: { code: "not_found", message: planPaymentMessages.paymentNotFound },
  already_refunded: { code: "conflict", message: planPaymentMessages.alreadyRefunded },
  refund_failed: {
    code: "unavailable",
    message: ({ cause }, language) => serverText(language, "refusal.refundFailed", { reason: cause }),
  },
  refund_at_provider: { code: "conflict", message: planPaymentMessages.refundAtProvider },
  refund_in_telegram: { code: "conflict", message: planPaymentMessages.refundInTelegram },
  no_subscription: { code: "not_found", message: planPaymentMessages.noSubscription },
  request_not_found: { code: "not_found", message: planPaymentMessages.requestNotFound },
  request_decided: { code: "conflict", message: planPaymentMessages.requestDecided },
  tier_gone: { code: "conflict", message: planPaymentMessages.tierGone },

  chat_not_found: { code: "not_found", message: gateMessages.chatNotFound },
  chat_not_granted: { code: "forbidden", message: gateMessages.notGranted },
  bot_cannot_invite: { code: "conflict", message: gateMessages.botCannotInvite },
  bot_not_running: { code: "unavailable", message: ({ bot }, language) => botNotRunningText(bot, language) },
  test_mail_failed: {
    code: "bad_gateway",
    message: ({ cause }, language) => serverText(language, "refusal.testMailFailed", { reason: cause }),
  },

  conversation_not_found: { code: "not_found", message: supportMessages.conversationNotFound },
  invalid_support_message: { code: "bad_request", message: own },
  empty_support_message: { code: "bad_request", message: supportMessages.empty },

  broadcast_not_found: { code: "not_found", message: broadcastMessages.notFound },
  broadcast_finished: { code: "conflict", message: broadcastMessages.finished },
  broadcast_image_not_found: { code: "bad_request", message: broadcastMessages.badImage },
  broadcast_too_far_ahead: { code: "bad_request", message: broadcastMessages.tooFarAhead },

  legal_not_newer: {
    code: "conflict",
    message: ({ latest }, language) =>
      serverText(language, "refusal.legalNotNewer", { latest: String(latest) }),
  },
  legal_published_meanwhile: { code: "conflict", message: adminLegalMessages.publishedMeanwhile },
  logo_not_uploaded: { code: "bad_request", message: adminSettingsMessages.notUploaded },
  time_zone_invalid: { code: "bad_request", message: adminSettingsMessages.timeZoneInvalid },
  channel_not_configured: { code: "unavailable", message: adminSettingsMessages.channelNotConfigured },
  channel_sync_failed: { code: "unavailable", message: adminSettingsMessages.syncFailed },

  share_unavailable: { code: "unavailable", message: shareMessages.unavailable },
  share_needs_telegram: { code: "conflict", message: shareMessages.needsTelegram },
  share_failed: { code: "unavailable", message: shareMessages.failed },

  promo_code_not_found: { code: "not_found", message: promoMessages.adminNotFound },
  promo_code_taken: { code: "conflict", message: promoMessages.codeTaken },
  promo_window_invalid: { code: "bad_request", message: promoMessages.windowInvalid },
  promo_max_below_uses: { code: "conflict", message: promoMessages.maxBelowUses },
  promo_not_found: { code: "not_found", message: promoMessages.notFound },
  promo_not_started: { code: "gone", message: promoMessages.notStarted },
  promo_expired: { code: "gone", message: promoMessages.expired },
  promo_used_up: { code: "gone", message: promoMessages.usedUp },
  promo_already_used: { code: "conflict", message: promoMessages.alreadyUsed },
  promo_plan_includes: { code: "conflict", message: promoMessages.planIncludes },
  days_on_free_tier: { code: "bad_request", message: rewardMessages.daysOnFreeTier },

  trial_not_offered: { code: "conflict", message: trialMessages.notOffered },
  trial_tier_held: { code: "conflict", message: trialMessages.tierHeld },
  trial_already_had: { code: "conflict", message: trialMessages.alreadyHad },
  trial_needs_identity: { code: "conflict", message: trialMessages.needsIdentity },
  trial_plan_includes: { code: "conflict", message: trialMessages.planIncludes },
};

/** A refusal as HTTP: its rule's code and status, its message (in `language`) and any header. */
export function answerTo(refusal: Refusal, language: Language = "en") {
  if (!Object.hasOwn(answers, refusal.reason)) throw new Error(`no answer for refusal ${refusal.reason}`);
  const answer = answers[refusal.reason] as Answer<RefusalReason>;
  return {
    code: answer.code,
    status: statusOf[answer.code],
    message:
      typeof answer.message === "string"
        ? translateMessage(language, answer.message)
        : answer.message(refusal.detail, language),
    headers: answer.headers?.(refusal.detail) ?? {},
  };
}

const onTheWire = (reason: RefusalReason): reason is RefusalReason & ErrorReason =>
  (errorReasons as readonly string[]).includes(reason);

/** The error body of a refusal; it names the rule when clients branch on it (`errorReasons`). */
export function refusalResponse(c: Context, refusal: Refusal) {
  const { code, message, headers } = answerTo(refusal, requestLanguage(c));
  return errorResponse(c, code, message, headers, onTheWire(refusal.reason) ? refusal.reason : undefined);
}

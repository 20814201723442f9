import type { BotState } from "#api/contracts/bot-status";

/**
 * Every rule that refuses by throwing, by name. The ones a client branches on are also on the wire
 * (`errorReasons` in api/contracts/errors.ts); the others name the rule to the server's own callers
 * (the HTTP table, the bot, the CLI, tests); for them the answer's body carries only a code and a message.
 */
export const refusalReasons = [
  // Accounts and signing in
  "not_signed_in",
  "account_exists",
  "invalid_credentials",
  "wrong_current_password",
  "email_taken",
  "email_required_for_password",
  "delete_email_mismatch",
  "delete_word_mismatch",
  "reset_link_invalid",
  "verify_link_invalid",
  "no_email",
  "email_already_verified",
  "mail_not_configured",
  "telegram_already_linked",
  "telegram_data_expired",
  "telegram_not_linked",
  "rate_limited",
  "server_busy",
  // Admins and roles
  "user_not_found",
  "last_admin",
  // The first admin's one-time setup link (decision 122)
  "setup_link_invalid",
  "setup_link_expired",
  "setup_link_used",
  "setup_admin_exists",
  // The feed
  "bad_cursor",
  "message_not_found",
  "invalid_text",
  "invalid_post",
  "empty_post",
  "post_locked",
  // Products, images and stock alerts
  "product_not_found",
  "image_not_found",
  "too_many_images",
  "variant_taken",
  "products_need_storefront",
  "in_stock",
  // Uploads
  "upload_missing",
  "upload_wrong_type",
  "upload_too_large",
  "upload_too_many",
  "upload_incomplete",
  "upload_field_too_large",
  // Strain analysis
  "image_not_base64",
  "image_too_large",
  "image_wrong_type",
  "analysis_not_configured",
  "analysis_failed",
  // Translating a post
  "translation_not_configured",
  "translation_failed",
  "no_text_to_translate",
  // Orders: a credit checkout's rules, then the order's own
  "age_required",
  "unavailable",
  "restricted_state",
  "out_of_stock",
  "over_budget",
  "order_not_found",
  "idempotency_key_reused",
  "bad_transition",
  // The storefront (Shopify)
  "storefront_not_configured",
  "unknown_item",
  "storefront_refused",
  "storefront_failed",
  "storefront_payment_required",
  // Plans, tiers and Stars payments
  "unknown_tier",
  "tier_not_found",
  "tier_name_taken",
  "tier_in_use",
  "trial_on_free_tier",
  "pay_with_stars",
  "pay_by_invoice",
  "not_sold_for_stars",
  "payments_unavailable",
  "payment_not_found",
  "already_refunded",
  "refund_failed",
  "refund_at_provider",
  "refund_in_telegram",
  "no_subscription",
  "request_not_found",
  "request_decided",
  "tier_gone",
  // The support inbox
  "conversation_not_found",
  "invalid_support_message",
  "empty_support_message",
  // Broadcasts
  "broadcast_not_found",
  "broadcast_finished",
  "broadcast_image_not_found",
  "broadcast_too_far_ahead",
  // Legal documents and channel settings
  "legal_not_newer",
  "legal_published_meanwhile",
  "logo_not_uploaded",
  "time_zone_invalid",
  "channel_not_configured",
  "channel_sync_failed",
  // Sharing into Telegram (decision 110)
  "share_unavailable",
  "share_needs_telegram",
  "share_failed",
  // Promo codes (decision 112)
  "promo_code_not_found",
  "promo_code_taken",
  "promo_window_invalid",
  "promo_max_below_uses",
  "promo_not_found",
  "promo_not_started",
  "promo_expired",
  "promo_used_up",
  "promo_already_used",
  "promo_plan_includes",
  "days_on_free_tier",
  // Free trials (decision 113)
  "trial_not_offered",
  "trial_tier_held",
  "trial_already_had",
  "trial_needs_identity",
  "trial_plan_includes",
  // The gate (decision 120)
  "chat_not_found",
  "chat_not_granted",
  "bot_cannot_invite",
  "bot_not_running",
  // Administration › Setup (decision 121)
  "test_mail_failed",
] as const;
export type RefusalReason = (typeof refusalReasons)[number];

/**
 * What a refusal carries besides its rule, for the rules whose words depend on the case. Every
 * other reason carries nothing: its words are fixed (api/http/refusals.ts).
 */
export interface RefusalDetails {
  /** Too many attempts: when the next one is allowed. */
  rate_limited: { retryAfterSeconds: number };
  /** A newer version of a legal document exists: the newest. */
  legal_not_newer: { latest: number };
  /** A tier with members cannot be deleted: how many. */
  tier_in_use: { members: number };
  /** Telegram refused a Stars refund: what it said. */
  refund_failed: { cause: string };
  /** The storefront refused or failed: its own words, which the member is shown. */
  storefront_refused: { message: string };
  storefront_failed: { message: string };
  storefront_payment_required: { message: string };
  /** An upload's kind, size or count broke its rule (api/contracts/uploads.ts words each kind's). */
  upload_missing: { message: string };
  upload_wrong_type: { message: string };
  upload_too_large: { message: string };
  upload_too_many: { message: string };
  /** A credit checkout's rule refused a product of the order (its title, when the product exists). */
  unavailable: { title: string | null };
  restricted_state: { title: string | null; state: string };
  out_of_stock: { title: string | null };
  /** The order costs more than the member's budget has left this month: what is left. */
  over_budget: { remaining: string };
  /** A post's fields broke their schema: the schema's message for the first issue. */
  invalid_post: { message: string };
  /** A support message's fields broke their schema: the schema's message for the first issue. */
  invalid_support_message: { message: string };
  /** The bot cannot do what was asked: its state says why (off, starting, or not running and why). */
  bot_not_running: { bot: BotState };
  /** Sending a test mail failed: the relay's words. */
  test_mail_failed: { cause: string };
}

export type RefusalDetail<R extends RefusalReason> = R extends keyof RefusalDetails
  ? RefusalDetails[R]
  : undefined;

/**
 * A domain rule said no. Services, queries' callers and the rules under api/auth and api/storage
 * throw it named by their rule; the HTTP layer alone gives it a status and its message
 * (api/http/refusals.ts), and the bot and the CLI branch on the same reason.
 */
export class Refusal<R extends RefusalReason = RefusalReason> extends Error {
  readonly detail: RefusalDetail<R>;
  constructor(
    readonly reason: R,
    ...detail: R extends keyof RefusalDetails ? [RefusalDetails[R]] : []
  ) {
    super(reason);
    this.name = "Refusal";
    this.detail = detail[0] as RefusalDetail<R>;
  }
}

/** True when `error` is a refusal for `reason` (the CLI and the bot branch on it). */
export const refusedFor = <R extends RefusalReason>(error: unknown, reason: R): error is Refusal<R> =>
  error instanceof Refusal && error.reason === reason;

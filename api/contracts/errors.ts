import { z } from "zod";

export const errorCodes = [
  "bad_request",
  "unauthorized",
  "forbidden",
  "not_found",
  "conflict",
  "too_large",
  "unsupported_media_type",
  "unprocessable",
  "rate_limited",
  "unavailable",
  "bad_gateway",
  "internal",
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/**
 * Which domain rule refused, when one did: routes, the bot, the CLI and the Mini App branch on the
 * reason, never on the message text (which is the spec's wording and may change).
 */
export const errorReasons = [
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
  "telegram_not_configured",
  "telegram_data_expired",
  "rate_limited",
  "server_busy",
  // Admins and roles
  "user_not_found",
  "last_admin",
  // The feed
  "bad_cursor",
  "message_not_found",
  "invalid_text",
  "invalid_post",
  "empty_post",
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
  // Orders and the credit checkout (its refusals: api/http/refusals.ts words them)
  "order_not_found",
  "idempotency_key_reused",
  "bad_transition",
  "age_required",
  "unavailable",
  "restricted_state",
  "out_of_stock",
  "over_budget",
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
  "pay_with_stars",
  "not_sold_for_stars",
  "payments_unavailable",
  "payment_not_found",
  "already_refunded",
  "refund_failed",
  "request_not_found",
  "request_decided",
  "tier_gone",
  // Legal documents and channel settings
  "legal_not_newer",
  "legal_published_meanwhile",
  "logo_not_uploaded",
  "time_zone_invalid",
  "bot_not_configured",
  "channel_sync_failed",
] as const;
export type ErrorReason = (typeof errorReasons)[number];

export const apiErrorSchema = z.object({
  error: z.object({ code: z.enum(errorCodes), message: z.string(), reason: z.enum(errorReasons).optional() }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

import { z } from "zod";

export const errorCodes = [
  "bad_request",
  "unauthorized",
  "forbidden",
  "not_found",
  "conflict",
  "gone",
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
 * reason, never on the message text (which may change).
 */
export const errorReasons = [
  "last_admin",
  // The setup link's screen says which way the first admin's link failed (decision 122).
  "setup_link_invalid",
  "setup_link_expired",
  "setup_link_used",
  "setup_admin_exists",
  "account_exists",
  "invalid_credentials",
  "wrong_current_password",
  "email_taken",
  "telegram_already_linked",
  "telegram_data_expired",
  "storefront_payment_required",
  "email_already_verified",
  "mail_not_configured",
  // A credit checkout's refusals.
  "age_required",
  "unavailable",
  "restricted_state",
  "out_of_stock",
  "over_budget",
  // The tier form's trial days on a tier that costs nothing; free days on one (a promo code, the referral reward).
  "trial_on_free_tier",
  "days_on_free_tier",
  // The tier form shows it on the display name.
  "tier_name_taken",
  // The broadcast composer shows it on its schedule field.
  "broadcast_too_far_ahead",
  // A post for tiers the member is not on (decision 118): the Mini App offers the plans.
  "post_locked",
  // The gate (decision 120): a member's Join, and the bot's rights or absence behind it.
  "chat_not_granted",
  "bot_cannot_invite",
  "bot_not_running",
] as const;
export type ErrorReason = (typeof errorReasons)[number];

export const apiErrorSchema = z.object({
  error: z.object({ code: z.enum(errorCodes), message: z.string(), reason: z.enum(errorReasons).optional() }),
});

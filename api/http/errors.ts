import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ErrorCode, ErrorReason } from "#api/contracts/errors";
import { translateMessage } from "#api/domain/i18n/translate";
import { requestLanguage } from "./request-language";

export const statusOf = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  // A promo code past its time or its uses.
  gone: 410,
  too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  rate_limited: 429,
  // Overloaded for a moment (the password queue or the event streams are full); with Retry-After.
  unavailable: 503,
  // The storefront (Shopify) failed or refused.
  bad_gateway: 502,
  internal: 500,
} as const satisfies Record<ErrorCode, ContentfulStatusCode>;

/**
 * An answer the HTTP layer gives on its own (bad input, not signed in, a cross-site request): the
 * domain's refusals are `Refusal`s (api/domain/refusal.ts), which api/http/refusals.ts answers.
 */
export class AppError extends Error {
  readonly status: ContentfulStatusCode;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = statusOf[code];
  }
}

/**
 * The error body with its code's literal status, so typed clients tell errors from answers. Its
 * message speaks the request's language: a contract's English words are looked up in the catalogs.
 */
export function errorResponse<Code extends ErrorCode>(
  c: Context,
  code: Code,
  message: string,
  headers: Record<string, string> = {},
  reason?: ErrorReason,
) {
  for (const [name, value] of Object.entries(headers)) c.header(name, value);
  return c.json(
    {
      error: { code, message: translateMessage(requestLanguage(c), message), ...(reason ? { reason } : {}) },
    },
    statusOf[code],
  );
}

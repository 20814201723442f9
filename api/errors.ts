import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ErrorCode, ErrorReason } from "./contracts/errors";

const statusOf = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
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

/** A failure the client should see, with the spec's message. */
export class AppError extends Error {
  readonly status: ContentfulStatusCode;
  reason: ErrorReason | undefined;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = statusOf[code];
  }

  /** Names the domain rule that refused: `throw new AppError(...).because("last_admin")`. */
  because(reason: ErrorReason): this {
    this.reason = reason;
    return this;
  }
}

/** The error body with its code's literal status, so typed clients tell errors from answers. */
export function errorResponse<Code extends ErrorCode>(
  c: Context,
  code: Code,
  message: string,
  headers: Record<string, string> = {},
  reason?: ErrorReason,
) {
  for (const [name, value] of Object.entries(headers)) c.header(name, value);
  return c.json({ error: { code, message, ...(reason ? { reason } : {}) } }, statusOf[code]);
}

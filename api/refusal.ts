import type { ErrorReason } from "./contracts/errors";

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
  /** A post's fields broke their schema: the schema's message for the first issue. */
  invalid_post: { message: string };
}

export type RefusalDetail<R extends ErrorReason> = R extends keyof RefusalDetails
  ? RefusalDetails[R]
  : undefined;

/**
 * A domain rule said no. Services, queries' callers and the rules under api/auth and api/storage
 * throw it named by their rule; the HTTP layer alone gives it a status and the spec's words
 * (api/http/refusals.ts), and the bot and the CLI branch on the same reason.
 */
export class Refusal<R extends ErrorReason = ErrorReason> extends Error {
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
export const refusedFor = <R extends ErrorReason>(error: unknown, reason: R): error is Refusal<R> =>
  error instanceof Refusal && error.reason === reason;

import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { z } from "zod";
import type { ErrorCode } from "../contracts/errors";
import { hasInvalidText, invalidTextMessage } from "../contracts/text";
import { AppError } from "../errors";

/**
 * Validates a request part with a contract schema. Text no field may hold (NUL, lone surrogates)
 * is refused first, for every field of every route (`data` is the input on a failure, the parsed
 * value on success, which keeps such text). Otherwise a failure answers 400 (or `code`) with the
 * FIRST issue's message, which is the spec's text the forms show in their "Validation Error" toast.
 */
export function valid<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
  code: ErrorCode = "bad_request",
) {
  return zValidator(target, schema, (result) => {
    if (hasInvalidText(result.data)) throw new AppError(code, invalidTextMessage);
    if (!result.success) {
      throw new AppError(code, result.error.issues[0]?.message ?? "Invalid request");
    }
  });
}

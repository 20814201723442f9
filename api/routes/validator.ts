import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import { z } from "zod";
import type { ErrorCode } from "../contracts/errors";
import { idSchema } from "../contracts/ids";
import { hasInvalidText, invalidTextMessage } from "../contracts/text";
import { AppError } from "../errors";
import { deepJsonMessage, MAX_JSON_DEPTH, nestedDeeperThan } from "../http/json-depth";

/**
 * Validates a request part with a contract schema. Text no field may hold (NUL, lone surrogates)
 * is refused first, for every field of every route (`data` is the input on a failure, the parsed
 * value on success, which keeps such text). Otherwise a failure answers 400 (or `code`) with the
 * FIRST issue's message, which is the spec's text the forms show in their "Validation Error" toast.
 * A JSON body nested deeper than MAX_JSON_DEPTH is refused (400) before it is parsed.
 */
export function valid<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
  code: ErrorCode = "bad_request",
) {
  const validate = zValidator(target, schema, (result) => {
    if (hasInvalidText(result.data)) throw new AppError(code, invalidTextMessage);
    if (!result.success) {
      throw new AppError(code, result.error.issues[0]?.message ?? "Invalid request");
    }
  });
  if (target !== "json") return validate;
  const boundedJson: typeof validate = async (c, next) => {
    const body: unknown = await c.req.json().catch(() => undefined);
    if (nestedDeeperThan(body, MAX_JSON_DEPTH)) throw new AppError("bad_request", deepJsonMessage);
    return validate(c, next);
  };
  return boundedJson;
}

/**
 * The route's `:id` in its canonical form (lower case, `c.req.valid("param").id`); one that is no
 * UUID names nothing: 404 with the route's own `notFound` message.
 */
export const idParam = (notFound: string) =>
  valid("param", z.object({ id: idSchema(notFound) }), "not_found");

import { type Hook, OpenAPIHono } from "@hono/zod-openapi";
import type { Env, MiddlewareHandler } from "hono";
import { z } from "zod";
import { apiErrorSchema, type ErrorCode } from "#api/contracts/errors";
import { idSchema } from "#api/contracts/ids";
import { hasInvalidText, invalidTextMessage } from "#api/contracts/text";
import { AppError } from "../errors";
import { deepJsonMessage, MAX_JSON_DEPTH, nestedDeeperThan } from "../json-depth";
import type { AppEnv, SignedInEnv } from "../middleware/auth";

/**
 * What every route's validators do with what they read (query, path, headers, JSON body), as
 * `@hono/zod-openapi` runs them after the route's middleware (who may call it). A JSON body nested
 * deeper than MAX_JSON_DEPTH is refused first. Text no field may hold (NUL, lone surrogates) is
 * refused next, for every field (`data` is the input on a failure, the parsed value on success).
 * Otherwise a failure answers with the FIRST issue's message, the text the forms show in
 * their "Validation Error" toast: 404 for a path (its ids name nothing), else 400, or `code`.
 */
export const refuseInvalid =
  // biome-ignore lint/suspicious/noExplicitAny: the library's own hook type (OpenAPIHono's defaultHook): any route's env, path and answer
    <Input>(code?: ErrorCode): Hook<Input, any, any, any> =>
    async (result, c) => {
      // No body (or none sent as JSON) parses to nothing: the schema's own first message answers.
      const body: unknown = result.target === "json" ? await c.req.json().catch(() => undefined) : undefined;
      if (nestedDeeperThan(body, MAX_JSON_DEPTH)) {
        throw new AppError("bad_request", deepJsonMessage);
      }
      const refusal = code ?? (result.target === "param" ? "not_found" : "bad_request");
      if (hasInvalidText("data" in result ? result.data : undefined)) {
        throw new AppError(refusal, invalidTextMessage);
      }
      if (!result.success) {
        throw new AppError(refusal, result.error.issues[0]?.message ?? "Invalid request");
      }
      return undefined;
    };

/**
 * A router whose routes are declared with `createRoute`: the validators and the OpenAPI document
 * (api/http/openapi.ts) come from the same zod schemas.
 */
export const openApiRouter = <E extends Env = AppEnv>() =>
  new OpenAPIHono<E>({ defaultHook: refuseInvalid() });

/**
 * A router every path of which passes `guard` first (the staff and admin routers): an unknown path
 * under it is refused as its routes are. Its handlers see the signed-in user.
 */
export function guardedRouter(guard: MiddlewareHandler<SignedInEnv>) {
  const router = openApiRouter<AppEnv & SignedInEnv>();
  router.use("*", guard);
  return router;
}

/** Who may call a route, as the document says it. */
export const access = (who: string) => `Access: ${who}`;

/**
 * A route for `who` only: the middleware that enforces it (run before the validators), and the
 * document's words for it. The middleware's variables (`c.var.user`) reach the handler.
 */
export const only = <const Guards extends MiddlewareHandler<SignedInEnv>[]>(
  who: string,
  ...middleware: Guards
) => ({
  middleware,
  description: access(who),
});
export const STAFF = "staff (admin, moderator, employee)";

const json = <S extends z.ZodType>(schema: S) => ({ "application/json": { schema } });

/** A success answer with a JSON body. */
export const answers = <S extends z.ZodType>(schema: S, description = "OK") => ({
  description,
  content: json(schema),
});

/** The error body (`{ error: { code, message } }`) under each status a route may refuse with. */
export function refusals<const Statuses extends readonly number[]>(...statuses: Statuses) {
  const refusal = { description: "Refused", content: json(apiErrorSchema) };
  return Object.fromEntries(statuses.map((status) => [status, refusal])) as {
    [Status in Statuses[number]]: typeof refusal;
  };
}

/** A required JSON request body. */
export const jsonBody = <S extends z.ZodType>(schema: S) => ({ required: true, content: json(schema) });

/**
 * A multipart upload, streamed by the upload pipeline rather than validated here: a plain schema
 * (not zod), so no validator reads the body. `fields` are the text parts sent before the file.
 */
export function uploadBody(fields?: z.ZodObject) {
  const file = { type: "string" as const, format: "binary" };
  const schema: { properties?: Record<string, object>; required?: string[] } = fields
    ? (z.toJSONSchema(fields, { io: "input" }) as { properties?: Record<string, object> })
    : { required: ["file"] };
  return {
    required: true,
    content: {
      "multipart/form-data": {
        schema: { type: "object" as const, ...schema, properties: { ...schema.properties, file } },
      },
    },
  };
}

/** The route's `:id` in its canonical form (lower case); one that is no UUID names nothing (404). */
export const idParams = (notFound: string) => z.object({ id: idSchema(notFound) });

import { createRoute } from "@hono/zod-openapi";
import { createMiddleware } from "hono/factory";
import { okSchema } from "#api/contracts/auth";
import {
  type FeedPage,
  feedMessages,
  feedPageSchema,
  feedQuerySchema,
  type PostMessageResult,
  pinSchema,
  postMessageFieldsSchema,
  postMessageResultSchema,
  reactionResultSchema,
  reactionSchema,
} from "#api/contracts/feed";
import { messageTranslationSchema } from "#api/contracts/translation";
import {
  messageTranslations,
  pinMessage,
  postMessage,
  react,
  readFeedMessages,
  readFeedPage,
  removeMessage,
} from "#api/domain/channel";
import { openAiTranslator } from "#api/domain/ports/openai-translator";
import type { AppDeps } from "../deps";
import { AppError } from "../errors";
import { requireRole, requireUser, type SignedInEnv } from "../middleware/auth";
import { multipartForm } from "../multipart";
import { answers, idParams, jsonBody, only, openApiRouter, refusals, uploadBody } from "./openapi-route";

/** Signed in and past the age gate: the feed is for members. */
const requireMember = createMiddleware<SignedInEnv>(async (c, next) => {
  if (!c.var.user.ageVerified) throw new AppError("forbidden", feedMessages.ageRequired);
  await next();
});

export const members = only("signed-in, age-verified", requireUser, requireMember);
const staff = only("admin, moderator", requireRole("admin", "moderator"));
const messageId = idParams(feedMessages.notFound);

/**
 * The reaction in the path: documented here, read by the handler (an unknown one is 404 "Not
 * found", after the message id is checked), so no validator reads it.
 */
const reactionParameter = {
  name: "reaction",
  in: "path" as const,
  required: true,
  schema: { type: "string" as const, enum: reactionSchema.options },
};

const feedRoute = createRoute({
  method: "get",
  path: "/messages",
  summary:
    "A page of the channel feed: pinned first, newest first (?cursor, ?limit ≤ 50); or ?ids=a,b (≤ 50): those messages as they are now, the deleted ones absent",
  ...members,
  request: { query: feedQuerySchema },
  responses: { 200: answers(feedPageSchema), ...refusals(400, 401, 403) },
});

const postRoute = createRoute({
  method: "post",
  path: "/messages",
  summary:
    "Post a message: the text field `content` first, then optionally one image (≤ 5MB) or video (≤ 500MB) as `file`; also published to the Telegram channel when the bot has one",
  ...only("admin", requireRole("admin")),
  request: { body: uploadBody(postMessageFieldsSchema) },
  responses: { 201: answers(postMessageResultSchema, "Posted"), ...refusals(400, 401, 403, 413, 415) },
});

const reactRoute = createRoute({
  method: "put",
  path: "/messages/{id}/reactions/{reaction}",
  summary: "React with a heart or a flame (once each; repeating changes nothing)",
  ...members,
  request: { params: messageId },
  parameters: [reactionParameter],
  responses: { 200: answers(reactionResultSchema), ...refusals(401, 403, 404) },
});

const unreactRoute = createRoute({
  method: "delete",
  path: "/messages/{id}/reactions/{reaction}",
  summary: "Take a heart or a flame back",
  ...members,
  request: { params: messageId },
  parameters: [reactionParameter],
  responses: { 200: answers(reactionResultSchema), ...refusals(401, 403, 404) },
});

const translateRoute = createRoute({
  method: "post",
  path: "/messages/{id}/translation",
  summary:
    "The message's text in the member's language, made once by the configured model and kept (docs/decisions/103); each member may have 30 a minute made (kept ones are not counted). 503 without a model, 502 when it fails, 422 for a message without text",
  ...members,
  request: { params: messageId },
  responses: { 200: answers(messageTranslationSchema), ...refusals(401, 403, 404, 422, 429, 502, 503) },
});

const pinRoute = createRoute({
  method: "patch",
  path: "/messages/{id}",
  summary: "Pin or unpin a message",
  ...staff,
  request: { params: messageId, body: jsonBody(pinSchema) },
  responses: { 200: answers(okSchema), ...refusals(400, 401, 403, 404) },
});

const removeRoute = createRoute({
  method: "delete",
  path: "/messages/{id}",
  summary: "Delete a message",
  ...staff,
  request: { params: messageId },
  responses: { 200: answers(okSchema), ...refusals(401, 403, 404) },
});

/**
 * The channel feed: members read, react and translate; admins post; admins and moderators pin and
 * delete.
 */
export const feedRoutes = (deps: AppDeps) => {
  const ctx = deps;
  const translations = messageTranslations(ctx, openAiTranslator(deps.config));
  return openApiRouter()
    .openapi(feedRoute, async (c) => {
      const { cursor, limit, ids } = c.req.valid("query");
      const page = ids
        ? await readFeedMessages(ctx, c.var.user.userId, ids)
        : await readFeedPage(ctx, c.var.user.userId, cursor, limit);
      return c.json(page satisfies FeedPage, 200);
    })
    .openapi(postRoute, async (c) => {
      const userId = c.var.user.userId;
      // The body streams: its attachment goes to storage through the pipeline, no validator reads it.
      const form = multipartForm(c.req.raw, "messageAttachment");
      return c.json((await postMessage(ctx, userId, form)) satisfies PostMessageResult, 201);
    })
    .openapi(reactRoute, async (c) => {
      const reaction = reactionSchema.safeParse(c.req.param("reaction"));
      if (!reaction.success) throw new AppError("not_found", "Not found");
      return c.json(await react(ctx, c.var.user.userId, c.req.valid("param").id, reaction.data, true), 200);
    })
    .openapi(unreactRoute, async (c) => {
      const reaction = reactionSchema.safeParse(c.req.param("reaction"));
      if (!reaction.success) throw new AppError("not_found", "Not found");
      return c.json(await react(ctx, c.var.user.userId, c.req.valid("param").id, reaction.data, false), 200);
    })
    .openapi(translateRoute, async (c) =>
      c.json(await translations.translate(c.var.user.userId, c.req.valid("param").id), 200),
    )
    .openapi(pinRoute, async (c) => {
      await pinMessage(ctx, c.req.valid("param").id, c.req.valid("json").isPinned);
      return c.json({ ok: true as const }, 200);
    })
    .openapi(removeRoute, async (c) => {
      await removeMessage(ctx, c.req.valid("param").id);
      return c.json({ ok: true as const }, 200);
    });
};

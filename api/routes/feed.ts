import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { type AppEnv, requireRole, requireUser, type SignedInEnv } from "../auth/middleware";
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
} from "../contracts/feed";
import { type AppDeps, serviceContext } from "../deps";
import { AppError } from "../errors";
import { pinMessage, react, readFeedMessages, readFeedPage, removeMessage } from "../services/feed";
import { postMessage } from "../services/feed-post";
import { receiveForm } from "../storage/upload-pipeline";
import type { RouteDoc } from "./route-doc";
import { idParam, valid } from "./validator";

/** Signed in and past the age gate: the feed is for members. */
const requireMember = createMiddleware<SignedInEnv>(async (c, next) => {
  if (!c.var.user.ageVerified) throw new AppError("forbidden", feedMessages.ageRequired);
  await next();
});

const staff = requireRole("admin", "moderator");
const messageId = idParam(feedMessages.notFound);
const admin = requireRole("admin");

/** The channel feed: members read and react; admins post; admins and moderators pin and delete. */
export const feedRoutes = (deps: AppDeps) => {
  const ctx = serviceContext(deps);
  return new Hono<AppEnv>()
    .get("/messages", requireUser, requireMember, valid("query", feedQuerySchema), async (c) => {
      const { cursor, limit, ids } = c.req.valid("query");
      const page = ids
        ? await readFeedMessages(ctx, c.var.user.userId, ids)
        : await readFeedPage(ctx, c.var.user.userId, cursor, limit);
      return c.json(page satisfies FeedPage, 200);
    })
    .post("/messages", admin, async (c) => {
      const userId = c.var.user.userId;
      // The body streams: its attachment goes to storage through the pipeline, no validator reads it.
      const form = await receiveForm(c.req.raw, ctx, "messageAttachment", {
        owner: userId,
        at: ctx.now().getTime(),
      });
      return c.json((await postMessage(ctx, userId, form)) satisfies PostMessageResult, 201);
    })
    .put("/messages/:id/reactions/:reaction", requireUser, requireMember, messageId, async (c) => {
      const reaction = reactionSchema.safeParse(c.req.param("reaction"));
      if (!reaction.success) throw new AppError("not_found", "Not found");
      return c.json(await react(ctx, c.var.user.userId, c.req.valid("param").id, reaction.data, true), 200);
    })
    .delete("/messages/:id/reactions/:reaction", requireUser, requireMember, messageId, async (c) => {
      const reaction = reactionSchema.safeParse(c.req.param("reaction"));
      if (!reaction.success) throw new AppError("not_found", "Not found");
      return c.json(await react(ctx, c.var.user.userId, c.req.valid("param").id, reaction.data, false), 200);
    })
    .patch("/messages/:id", staff, messageId, valid("json", pinSchema), async (c) => {
      await pinMessage(ctx, c.req.valid("param").id, c.req.valid("json").isPinned);
      return c.json({ ok: true as const }, 200);
    })
    .delete("/messages/:id", staff, messageId, async (c) => {
      await removeMessage(ctx, c.req.valid("param").id);
      return c.json({ ok: true as const }, 200);
    });
};

/** OpenAPI descriptions of these routes (api/openapi.ts assembles them). */
export const feedDocs: RouteDoc[] = [
  {
    method: "get",
    path: "/api/messages",
    summary:
      "A page of the channel feed: pinned first, newest first (?cursor, ?limit ≤ 50); or ?ids=a,b (≤ 50): those messages as they are now, the deleted ones absent",
    access: "signed-in, age-verified",
    response: feedPageSchema,
    errors: [400, 401, 403],
  },
  {
    method: "post",
    path: "/api/messages",
    summary:
      "Post a message: the text field `content` first, then optionally one image (≤ 5MB) or video (≤ 500MB) as `file`; also published to the Telegram channel when the bot has one",
    access: "admin",
    body: postMessageFieldsSchema,
    bodyType: "multipart/form-data",
    response: postMessageResultSchema,
    status: 201,
    errors: [400, 401, 403, 413, 415],
  },
  {
    method: "put",
    path: "/api/messages/:id/reactions/:reaction",
    summary: "React with a heart or a flame (once each; repeating changes nothing)",
    access: "signed-in, age-verified",
    response: reactionResultSchema,
    errors: [401, 403, 404],
  },
  {
    method: "delete",
    path: "/api/messages/:id/reactions/:reaction",
    summary: "Take a heart or a flame back",
    access: "signed-in, age-verified",
    response: reactionResultSchema,
    errors: [401, 403, 404],
  },
  {
    method: "patch",
    path: "/api/messages/:id",
    summary: "Pin or unpin a message",
    access: "admin, moderator",
    errors: [400, 401, 403, 404],
  },
  {
    method: "delete",
    path: "/api/messages/:id",
    summary: "Delete a message",
    access: "admin, moderator",
    errors: [401, 403, 404],
  },
];

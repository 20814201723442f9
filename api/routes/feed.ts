import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { type AppEnv, requireRole, requireUser, type SignedInEnv } from "../auth/middleware";
import {
  type FeedPage,
  feedMessages,
  feedPageSchema,
  feedQuerySchema,
  pinSchema,
  reactionResultSchema,
  reactionSchema,
} from "../contracts/feed";
import { type AppDeps, serviceContext } from "../deps";
import { AppError } from "../errors";
import { pinMessage, react, readFeedPage, removeMessage } from "../services/feed";
import type { RouteDoc } from "./route-doc";
import { valid } from "./validator";

/** Signed in and past the age gate: the feed is for members. */
const requireMember = createMiddleware<SignedInEnv>(async (c, next) => {
  if (!c.var.user.ageVerified) throw new AppError("forbidden", feedMessages.ageRequired);
  await next();
});

const staff = requireRole("admin", "moderator");

/** The channel feed: members read and react; admins and moderators pin and delete. */
export const feedRoutes = (deps: AppDeps) => {
  const ctx = serviceContext(deps);
  return new Hono<AppEnv>()
    .get("/messages", requireUser, requireMember, valid("query", feedQuerySchema), async (c) => {
      const { cursor, limit } = c.req.valid("query");
      return c.json((await readFeedPage(ctx, c.var.user.userId, cursor, limit)) satisfies FeedPage, 200);
    })
    .put("/messages/:id/reactions/:reaction", requireUser, requireMember, async (c) => {
      const reaction = reactionSchema.safeParse(c.req.param("reaction"));
      if (!reaction.success) throw new AppError("not_found", "Not found");
      return c.json(await react(ctx, c.var.user.userId, c.req.param("id"), reaction.data, true), 200);
    })
    .delete("/messages/:id/reactions/:reaction", requireUser, requireMember, async (c) => {
      const reaction = reactionSchema.safeParse(c.req.param("reaction"));
      if (!reaction.success) throw new AppError("not_found", "Not found");
      return c.json(await react(ctx, c.var.user.userId, c.req.param("id"), reaction.data, false), 200);
    })
    .patch("/messages/:id", staff, valid("json", pinSchema), async (c) => {
      await pinMessage(ctx, c.req.param("id"), c.req.valid("json").isPinned);
      return c.json({ ok: true as const }, 200);
    })
    .delete("/messages/:id", staff, async (c) => {
      await removeMessage(ctx, c.req.param("id"));
      return c.json({ ok: true as const }, 200);
    });
};

/** OpenAPI descriptions of these routes (api/openapi.ts assembles them). */
export const feedDocs: RouteDoc[] = [
  {
    method: "get",
    path: "/api/messages",
    summary: "A page of the channel feed: pinned first, newest first (?cursor, ?limit ≤ 50)",
    access: "signed-in, age-verified",
    response: feedPageSchema,
    errors: [400, 401, 403],
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

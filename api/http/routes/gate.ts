import { createRoute, z } from "@hono/zod-openapi";
import { okSchema } from "#api/contracts/auth";
import {
  adminChatSchema,
  adminChatsSchema,
  chatIdSchema,
  chatInviteSchema,
  memberChatsSchema,
  putChatAccessSchema,
} from "#api/contracts/gate";
import {
  announceToChat,
  inviteLink,
  listChatsForAdmin,
  memberChatsOf,
  setChatAccess,
} from "#api/domain/gate";
import type { AppDeps } from "../deps";
import { requireRole, requireUser } from "../middleware/auth";
import { requestLanguage } from "../request-language";
import { access, answers, guardedRouter, jsonBody, only, openApiRouter, refusals } from "./openapi-route";

const chatParams = z.object({ chatId: chatIdSchema });

const myChatsRoute = createRoute({
  method: "get",
  path: "/me/chats",
  summary:
    "The gated chats (the channel, groups) the member's plan or role opens, and those they asked to join (decision 120)",
  ...only("signed in", requireUser),
  responses: { 200: answers(memberChatsSchema), ...refusals(401) },
});

const inviteRoute = createRoute({
  method: "post",
  path: "/me/chats/{chatId}/invite",
  summary:
    "The member's personal invite link to a chat their plan opens (creates a join request; one live link, reused; revoked when access ends)",
  ...only("signed in", requireUser),
  request: { params: chatParams },
  responses: { 200: answers(chatInviteSchema), ...refusals(401, 403, 404, 409, 503) },
});

/** The member's chats and their Join (decision 120). */
export const memberGateRoutes = (deps: AppDeps) =>
  openApiRouter()
    .openapi(myChatsRoute, async (c) => c.json(await memberChatsOf(deps, c.var.user.userId), 200))
    .openapi(inviteRoute, async (c) =>
      c.json(await inviteLink(deps, c.var.user.userId, c.req.valid("param").chatId), 200),
    );

const admin = access("admin");

const listRoute = createRoute({
  method: "get",
  path: "/",
  summary:
    "Every chat the bot knows (the channel of TELEGRAM_CHANNEL_ID, groups it administers): rights, access, who is in",
  description: admin,
  responses: { 200: answers(adminChatsSchema), ...refusals(401, 403) },
});

const putAccessRoute = createRoute({
  method: "put",
  path: "/{chatId}",
  summary:
    "Open a chat to everyone, or gate it to members of some tiers (staff and the chat's admins always stay)",
  description: admin,
  request: { params: chatParams, body: jsonBody(putChatAccessSchema) },
  responses: { 200: answers(adminChatSchema), ...refusals(400, 401, 403, 404) },
});

const announceRoute = createRoute({
  method: "post",
  path: "/{chatId}/announcement",
  summary:
    "Post to the chat a message with a button that opens the Mini App, where people link their Telegram to an account",
  description: admin,
  request: { params: chatParams },
  responses: { 200: answers(okSchema), ...refusals(401, 403, 404, 503) },
});

/** Mounted at /admin/chats: Administration › Chats, for admins only (decision 120). */
export const adminGateRoutes = (deps: AppDeps) =>
  guardedRouter(requireRole("admin"))
    .openapi(listRoute, async (c) => c.json(await listChatsForAdmin(deps), 200))
    .openapi(putAccessRoute, async (c) =>
      c.json(await setChatAccess(deps, c.req.valid("param").chatId, c.req.valid("json").access), 200),
    )
    .openapi(announceRoute, async (c) => {
      await announceToChat(deps, c.req.valid("param").chatId, requestLanguage(c));
      return c.json({ ok: true as const }, 200);
    });

import { createRoute } from "@hono/zod-openapi";
import { okSchema } from "#api/contracts/auth";
import {
  type ConversationDetail,
  type ConversationList,
  conversationDetailSchema,
  conversationListSchema,
  conversationsQuerySchema,
  type MemberConversation,
  memberConversationSchema,
  type PostedSupportMessage,
  postedSupportMessageSchema,
  SUPPORT_TEXT_MAX,
  supportMessageFieldsSchema,
  supportMessages,
} from "#api/contracts/support";
import {
  conversationForStaff,
  conversationsForStaff,
  memberConversation,
  readConversation,
  replyAsStaff,
  writeToShop,
} from "#api/domain/support";
import type { AppDeps } from "../deps";
import { requireRole, requireUser } from "../middleware/auth";
import { multipartForm } from "../multipart";
import {
  access,
  answers,
  guardedRouter,
  idParams,
  only,
  openApiRouter,
  refusals,
  uploadBody,
} from "./openapi-route";

/** Who answers the inbox (docs/decisions/105-support-inbox.md). */
const INBOX_STAFF = "admin, moderator";
const signedIn = only("signed in", requireUser);
const conversationId = idParams(supportMessages.conversationNotFound);
const replyFields = supportMessageFieldsSchema.omit({ orderId: true });

const conversationRoute = createRoute({
  method: "get",
  path: "/me/conversation",
  summary:
    "The member's conversation with the shop, oldest first (the newest 200 messages); empty before the first",
  ...signedIn,
  responses: { 200: answers(memberConversationSchema), ...refusals(401) },
});

const writeRoute = createRoute({
  method: "post",
  path: "/me/conversation/messages",
  summary: `Write to the shop: the fields \`text\` (≤ ${SUPPORT_TEXT_MAX} characters) and \`orderId\` (one of the member's orders, optional) first, then optionally one image (≤ 5MB) as \`file\`; 20 messages per 10 minutes`,
  ...signedIn,
  request: { body: uploadBody(supportMessageFieldsSchema) },
  responses: {
    201: answers(postedSupportMessageSchema, "Sent"),
    ...refusals(400, 401, 404, 413, 415, 429),
  },
});

const listRoute = createRoute({
  method: "get",
  path: "/",
  summary:
    "The inbox: conversations newest first (?page, ?pageSize), each with its newest message and unread count",
  description: access(INBOX_STAFF),
  request: { query: conversationsQuerySchema },
  responses: { 200: answers(conversationListSchema), ...refusals(400, 401, 403) },
});

const openRoute = createRoute({
  method: "get",
  path: "/{id}",
  summary: "A conversation: its messages, the member's plan and recent orders",
  description: access(INBOX_STAFF),
  request: { params: conversationId },
  responses: { 200: answers(conversationDetailSchema), ...refusals(401, 403, 404) },
});

const replyRoute = createRoute({
  method: "post",
  path: "/{id}/messages",
  summary: `Reply: the field \`text\` (≤ ${SUPPORT_TEXT_MAX} characters) first, then optionally one image (≤ 5MB) as \`file\`; the member sees it in the app and gets it through the bot`,
  description: access(INBOX_STAFF),
  request: { params: conversationId, body: uploadBody(replyFields) },
  responses: {
    201: answers(postedSupportMessageSchema, "Sent"),
    ...refusals(400, 401, 403, 404, 413, 415),
  },
});

const readRoute = createRoute({
  method: "post",
  path: "/{id}/read",
  summary: "Mark the conversation read: its unread count goes to 0",
  description: access(INBOX_STAFF),
  request: { params: conversationId },
  responses: { 200: answers(okSchema), ...refusals(401, 403, 404) },
});

/** The member's side: their one conversation. */
export const memberSupportRoutes = (deps: AppDeps) => {
  const ctx = deps;
  return openApiRouter()
    .openapi(conversationRoute, async (c) =>
      c.json((await memberConversation(ctx, c.var.user.userId)) satisfies MemberConversation, 200),
    )
    .openapi(writeRoute, async (c) => {
      // The body streams: its image goes to storage through the pipeline, no validator reads it.
      const form = multipartForm(c.req.raw, "supportImage");
      return c.json((await writeToShop(ctx, c.var.user.userId, form)) satisfies PostedSupportMessage, 201);
    });
};

/**
 * The inbox, mounted at /admin/conversations BEFORE the admin router (whose admin-only check covers
 * every other /admin path): admins and moderators answer members.
 */
export const inboxRoutes = (deps: AppDeps) => {
  const ctx = deps;
  return guardedRouter(requireRole("admin", "moderator"))
    .openapi(listRoute, async (c) =>
      c.json((await conversationsForStaff(ctx, c.req.valid("query"))) satisfies ConversationList, 200),
    )
    .openapi(openRoute, async (c) =>
      c.json((await conversationForStaff(ctx, c.req.valid("param").id)) satisfies ConversationDetail, 200),
    )
    .openapi(replyRoute, async (c) => {
      const form = multipartForm(c.req.raw, "supportImage");
      const reply = await replyAsStaff(ctx, c.var.user.userId, c.req.valid("param").id, form);
      return c.json(reply satisfies PostedSupportMessage, 201);
    })
    .openapi(readRoute, async (c) => {
      await readConversation(ctx, c.req.valid("param").id);
      return c.json({ ok: true as const }, 200);
    });
};

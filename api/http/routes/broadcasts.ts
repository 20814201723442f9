import { createRoute } from "@hono/zod-openapi";
import {
  type Audience,
  audienceQuerySchema,
  audienceSchema,
  BROADCAST_CAPTION_MAX,
  BROADCAST_TEXT_MAX,
  type Broadcast,
  type BroadcastImage,
  type BroadcastList,
  broadcastImageSchema,
  broadcastListSchema,
  broadcastMessages,
  broadcastSchema,
  broadcastsQuerySchema,
  type CreatedBroadcast,
  createBroadcastSchema,
  createdBroadcastSchema,
} from "#api/contracts/broadcasts";
import {
  broadcastForAdmin,
  broadcastsForAdmin,
  cancelBroadcast,
  createBroadcast,
  previewAudience,
  uploadBroadcastImage,
} from "#api/domain/messaging";
import type { AppDeps } from "../deps";
import { requireRole } from "../middleware/auth";
import { multipartForm } from "../multipart";
import { access, answers, guardedRouter, idParams, jsonBody, refusals, uploadBody } from "./openapi-route";

const ADMINS = "admin";
const broadcastId = idParams(broadcastMessages.notFound);

const listRoute = createRoute({
  method: "get",
  path: "/",
  summary:
    "Broadcasts newest first (?page, ?pageSize), each with its progress: queued, sent, unreachable, blocked, failed",
  description: access(ADMINS),
  request: { query: broadcastsQuerySchema },
  responses: { 200: answers(broadcastListSchema), ...refusals(400, 401, 403) },
});

const createBroadcastRoute = createRoute({
  method: "post",
  path: "/",
  summary: `Send a broadcast to a segment of the members whose news is on: \`text\` (plain, ≤ ${BROADCAST_TEXT_MAX} characters, ≤ ${BROADCAST_CAPTION_MAX} with an image), \`segment\` ({ kind: all | tier (tierId) | lapsed (days, 30 by default) | no_orders | cart }), \`imageId\` from POST /admin/broadcasts/images, \`sendAt\` (later: scheduled; now or past: sent at once), \`paid\` (allow_paid_broadcast). Each recipient becomes one outbox row; those the bot cannot write to are counted unreachable`,
  description: access(ADMINS),
  request: { body: jsonBody(createBroadcastSchema) },
  responses: {
    201: answers(createdBroadcastSchema, "Created (started, or scheduled)"),
    ...refusals(400, 401, 403, 404),
  },
});

const audienceRoute = createRoute({
  method: "post",
  path: "/audience",
  summary:
    "How many members a segment reaches now (news on, the bot allowed to write), how many it cannot, and the estimated seconds at BROADCAST_RATE (BROADCAST_PAID_RATE when `paid`)",
  description: access(ADMINS),
  request: { body: jsonBody(audienceQuerySchema) },
  responses: { 200: answers(audienceSchema), ...refusals(400, 401, 403, 404) },
});

const imageRoute = createRoute({
  method: "post",
  path: "/images",
  summary:
    "Upload a broadcast's one image (PNG, JPEG or WebP, ≤ 5MB) as `file`: answers the `imageId` to send with the broadcast",
  description: access(ADMINS),
  request: { body: uploadBody() },
  responses: { 201: answers(broadcastImageSchema, "Stored"), ...refusals(400, 401, 403, 413, 415) },
});

const openRoute = createRoute({
  method: "get",
  path: "/{id}",
  summary: "A broadcast and its progress",
  description: access(ADMINS),
  request: { params: broadcastId },
  responses: { 200: answers(broadcastSchema), ...refusals(401, 403, 404) },
});

const cancelRoute = createRoute({
  method: "post",
  path: "/{id}/cancel",
  summary:
    "Cancel a scheduled or sending broadcast: its queued messages are cancelled (those being sent finish); 409 once it has finished",
  description: access(ADMINS),
  request: { params: broadcastId },
  responses: { 200: answers(createdBroadcastSchema), ...refusals(401, 403, 404, 409) },
});

/** Mounted at /admin/broadcasts: admins message segments of the members (docs/decisions/108-broadcasts.md). */
export const broadcastRoutes = (deps: AppDeps) => {
  const ctx = deps;
  return guardedRouter(requireRole("admin"))
    .openapi(listRoute, async (c) =>
      c.json((await broadcastsForAdmin(ctx, c.req.valid("query"))) satisfies BroadcastList, 200),
    )
    .openapi(createBroadcastRoute, async (c) => {
      const created = await createBroadcast(ctx, c.var.user.userId, c.req.valid("json"));
      return c.json(created satisfies CreatedBroadcast, 201);
    })
    .openapi(audienceRoute, async (c) =>
      c.json((await previewAudience(ctx, c.req.valid("json"))) satisfies Audience, 200),
    )
    .openapi(imageRoute, async (c) => {
      const form = multipartForm(c.req.raw, "broadcastImage");
      return c.json((await uploadBroadcastImage(ctx, c.var.user.userId, form)) satisfies BroadcastImage, 201);
    })
    .openapi(openRoute, async (c) =>
      c.json((await broadcastForAdmin(ctx, c.req.valid("param").id)) satisfies Broadcast, 200),
    )
    .openapi(cancelRoute, async (c) =>
      c.json((await cancelBroadcast(ctx, c.req.valid("param").id)) satisfies CreatedBroadcast, 200),
    );
};

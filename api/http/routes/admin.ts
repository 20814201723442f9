import { createRoute } from "@hono/zod-openapi";
import {
  adminMessages,
  adminUserListSchema,
  adminUserQuerySchema,
  setRoleResultSchema,
  setRoleSchema,
} from "#api/contracts/admin";
import {
  adminTierMessages,
  adminTierResultSchema,
  adminTiersSchema,
  createTierSchema,
  updateTierSchema,
} from "#api/contracts/admin-tiers";
import { okSchema } from "#api/contracts/auth";
import {
  planPaymentMessages,
  planRequestResultSchema,
  starPaymentResultSchema,
  starPaymentsSchema,
} from "#api/contracts/plan-payments";
import { listUsersPage, replaceRole } from "#api/domain/accounts";
import {
  createTier,
  decidePlanRequest,
  editTier,
  listPayments,
  listTiersForStaff,
  markPaymentRefunded,
  refundPayment,
  removeTier,
} from "#api/domain/plans";
import type { AppDeps } from "../deps";
import { requireRole } from "../middleware/auth";
import { access, answers, guardedRouter, idParams, jsonBody, refusals } from "./openapi-route";

const admin = access("admin");
const tierId = idParams(adminTierMessages.notFound);
const requestId = idParams(planPaymentMessages.requestNotFound);

const usersRoute = createRoute({
  method: "get",
  path: "/users",
  summary:
    "Users with roles, tier and pending request, oldest first, a page at a time: ?filter (all by default, pending: those with a plan request waiting), search (part of the name, email or Telegram @username, ignoring case; % and _ are literal), page, pageSize (24, at most 100)",
  description: admin,
  request: { query: adminUserQuerySchema },
  responses: { 200: answers(adminUserListSchema), ...refusals(400, 401, 403) },
});

const setRoleRoute = createRoute({
  method: "put",
  path: "/users/{id}/role",
  summary: "Replace a user's roles with one role",
  description: admin,
  request: { params: idParams(adminMessages.userNotFound), body: jsonBody(setRoleSchema) },
  responses: { 200: answers(setRoleResultSchema), ...refusals(400, 401, 403, 404, 422) },
});

const tiersRoute = createRoute({
  method: "get",
  path: "/tiers",
  summary:
    "Every membership tier, inactive too, lowest level first, with its member count; the shop's PLAN_PAYMENTS",
  description: admin,
  responses: { 200: answers(adminTiersSchema), ...refusals(401, 403) },
});

const createTierRoute = createRoute({
  method: "post",
  path: "/tiers",
  summary: "Create a tier: the slug from the display name, the level one above the highest",
  description: admin,
  request: { body: jsonBody(createTierSchema) },
  responses: { 201: answers(adminTierResultSchema, "Created"), ...refusals(400, 401, 403, 409) },
});

const editTierRoute = createRoute({
  method: "patch",
  path: "/tiers/{id}",
  summary: "Change a tier's display name (and slug), price and whether it is active",
  description: admin,
  request: { params: tierId, body: jsonBody(updateTierSchema) },
  responses: { 200: answers(adminTierResultSchema), ...refusals(400, 401, 403, 404, 409) },
});

const removeTierRoute = createRoute({
  method: "delete",
  path: "/tiers/{id}",
  summary: "Delete a tier for good; refused while members are on it",
  description: admin,
  request: { params: tierId },
  responses: { 200: answers(okSchema), ...refusals(401, 403, 404, 409) },
});

const approveRoute = createRoute({
  method: "post",
  path: "/plan-requests/{id}/approve",
  summary: "Approve a member's plan request: the member moves to the tier (once; a decided request is 409)",
  description: admin,
  request: { params: requestId },
  responses: { 200: answers(planRequestResultSchema), ...refusals(401, 403, 404, 409) },
});

const declineRoute = createRoute({
  method: "post",
  path: "/plan-requests/{id}/decline",
  summary: "Decline a member's plan request (once; a decided request is 409)",
  description: admin,
  request: { params: requestId },
  responses: { 200: answers(planRequestResultSchema), ...refusals(401, 403, 404, 409) },
});

const paymentId = idParams(planPaymentMessages.paymentNotFound);

const paymentsRoute = createRoute({
  method: "get",
  path: "/payments",
  summary:
    "Plan payments through Telegram (Stars and a payment provider's), renewals included: every payment not applied to a plan and not refunded yet (flag says why), then the newest 200 others, newest first in each part",
  description: admin,
  responses: { 200: answers(starPaymentsSchema), ...refusals(401, 403) },
});

const refundRoute = createRoute({
  method: "post",
  path: "/payments/{id}/refund",
  summary:
    "Refund a Stars payment through the bot (refundStarPayment): a payment that granted a plan ends its subscription at once; a provider's payment is 409 (refund it at the provider, then mark it refunded)",
  description: admin,
  request: { params: paymentId },
  responses: { 200: answers(starPaymentResultSchema), ...refusals(401, 403, 404, 409, 503) },
});

const markRefundedRoute = createRoute({
  method: "post",
  path: "/payments/{id}/mark-refunded",
  summary:
    "Mark a payment provider's payment refunded, after the admin refunded it at the provider (no Telegram call): a payment that granted a plan ends its subscription at once; a Stars payment is 409",
  description: admin,
  request: { params: paymentId },
  responses: { 200: answers(starPaymentResultSchema), ...refusals(401, 403, 404, 409) },
});

/** Mounted at /admin: administration of users and membership tiers, for admins only, checked on the server. */
export const adminRoutes = (deps: AppDeps) => {
  const ctx = deps;
  return guardedRouter(requireRole("admin"))
    .openapi(usersRoute, async (c) => c.json(await listUsersPage(ctx, c.req.valid("query")), 200))
    .openapi(setRoleRoute, async (c) =>
      c.json({ user: await replaceRole(ctx, c.req.valid("param").id, c.req.valid("json").role) }, 200),
    )
    .openapi(tiersRoute, async (c) => c.json(await listTiersForStaff(ctx), 200))
    .openapi(createTierRoute, async (c) => c.json({ tier: await createTier(ctx, c.req.valid("json")) }, 201))
    .openapi(editTierRoute, async (c) =>
      c.json({ tier: await editTier(ctx, c.req.valid("param").id, c.req.valid("json")) }, 200),
    )
    .openapi(removeTierRoute, async (c) => {
      await removeTier(ctx, c.req.valid("param").id);
      return c.json({ ok: true as const }, 200);
    })
    .openapi(approveRoute, async (c) =>
      c.json(
        { request: await decidePlanRequest(ctx, c.req.valid("param").id, true, c.var.user.userId) },
        200,
      ),
    )
    .openapi(declineRoute, async (c) =>
      c.json(
        { request: await decidePlanRequest(ctx, c.req.valid("param").id, false, c.var.user.userId) },
        200,
      ),
    )
    .openapi(paymentsRoute, async (c) => c.json({ payments: await listPayments(ctx) }, 200))
    .openapi(refundRoute, async (c) =>
      c.json({ payment: await refundPayment(ctx, c.req.valid("param").id) }, 200),
    )
    .openapi(markRefundedRoute, async (c) =>
      c.json({ payment: await markPaymentRefunded(ctx, c.req.valid("param").id) }, 200),
    );
};

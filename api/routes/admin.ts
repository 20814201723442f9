import { Hono } from "hono";
import { type AppEnv, requireRole } from "../auth/middleware";
import {
  adminMessages,
  adminUserListSchema,
  adminUserQuerySchema,
  setRoleResultSchema,
  setRoleSchema,
} from "../contracts/admin";
import {
  adminTierMessages,
  adminTierResultSchema,
  adminTiersSchema,
  createTierSchema,
  updateTierSchema,
} from "../contracts/admin-tiers";
import {
  planPaymentMessages,
  planRequestResultSchema,
  starPaymentResultSchema,
  starPaymentsSchema,
} from "../contracts/plan-payments";
import { type AppDeps, serviceContext } from "../deps";
import { createTier, editTier, listTiersForStaff, removeTier } from "../services/admin-tiers";
import { decidePlanRequest, listPayments, refundPayment } from "../services/plan-payments";
import { listUsersPage, replaceRole } from "../services/roles";
import type { RouteDoc } from "./route-doc";
import { idParam, valid } from "./validator";

const tierId = idParam(adminTierMessages.notFound);
const requestId = idParam(planPaymentMessages.requestNotFound);

/** Mounted at /admin: administration of users and membership tiers, for admins only, checked on the server. */
export const adminRoutes = (deps: AppDeps) => {
  const ctx = serviceContext(deps);
  return new Hono<AppEnv>()
    .use("*", requireRole("admin"))
    .get("/users", valid("query", adminUserQuerySchema), async (c) =>
      c.json(await listUsersPage(ctx, c.req.valid("query")), 200),
    )
    .put("/users/:id/role", idParam(adminMessages.userNotFound), valid("json", setRoleSchema), async (c) =>
      c.json({ user: await replaceRole(ctx, c.req.valid("param").id, c.req.valid("json").role) }, 200),
    )
    .get("/tiers", async (c) => c.json({ tiers: await listTiersForStaff(ctx) }, 200))
    .post("/tiers", valid("json", createTierSchema), async (c) =>
      c.json({ tier: await createTier(ctx, c.req.valid("json")) }, 201),
    )
    .patch("/tiers/:id", tierId, valid("json", updateTierSchema), async (c) =>
      c.json({ tier: await editTier(ctx, c.req.valid("param").id, c.req.valid("json")) }, 200),
    )
    .delete("/tiers/:id", tierId, async (c) => {
      await removeTier(ctx, c.req.valid("param").id);
      return c.json({ ok: true as const }, 200);
    })
    .post("/plan-requests/:id/approve", requestId, async (c) =>
      c.json(
        { request: await decidePlanRequest(ctx, c.req.valid("param").id, true, c.var.user.userId) },
        200,
      ),
    )
    .post("/plan-requests/:id/decline", requestId, async (c) =>
      c.json(
        { request: await decidePlanRequest(ctx, c.req.valid("param").id, false, c.var.user.userId) },
        200,
      ),
    )
    .get("/payments", async (c) => c.json({ payments: await listPayments(ctx) }, 200))
    .post("/payments/:id/refund", idParam(planPaymentMessages.paymentNotFound), async (c) =>
      c.json({ payment: await refundPayment(ctx, c.req.valid("param").id) }, 200),
    );
};

/** OpenAPI descriptions of these routes (api/openapi.ts assembles them). */
export const adminDocs: RouteDoc[] = [
  {
    method: "get",
    path: "/api/admin/users",
    summary:
      "Users with roles, tier and pending request, oldest first, a page at a time: ?filter (all by default, pending: those with a plan request waiting), search (part of the name, email or Telegram @username, ignoring case; % and _ are literal), page, pageSize (24, at most 100)",
    access: "admin",
    query: adminUserQuerySchema,
    response: adminUserListSchema,
    errors: [400, 401, 403],
  },
  {
    method: "put",
    path: "/api/admin/users/:id/role",
    summary: "Replace a user's roles with one role",
    access: "admin",
    body: setRoleSchema,
    response: setRoleResultSchema,
    errors: [400, 401, 403, 404, 422],
  },
  {
    method: "get",
    path: "/api/admin/tiers",
    summary: "Every membership tier, inactive too, lowest level first, with its member count",
    access: "admin",
    response: adminTiersSchema,
    errors: [401, 403],
  },
  {
    method: "post",
    path: "/api/admin/tiers",
    summary: "Create a tier: the slug from the display name, the level one above the highest",
    access: "admin",
    body: createTierSchema,
    response: adminTierResultSchema,
    status: 201,
    errors: [400, 401, 403, 409],
  },
  {
    method: "patch",
    path: "/api/admin/tiers/:id",
    summary: "Change a tier's display name (and slug), price and whether it is active",
    access: "admin",
    body: updateTierSchema,
    response: adminTierResultSchema,
    errors: [400, 401, 403, 404, 409],
  },
  {
    method: "delete",
    path: "/api/admin/tiers/:id",
    summary: "Delete a tier for good; refused while members are on it",
    access: "admin",
    errors: [401, 403, 404, 409],
  },
  {
    method: "post",
    path: "/api/admin/plan-requests/:id/approve",
    summary: "Approve a member's plan request: the member moves to the tier (once; a decided request is 409)",
    access: "admin",
    response: planRequestResultSchema,
    errors: [401, 403, 404, 409],
  },
  {
    method: "post",
    path: "/api/admin/plan-requests/:id/decline",
    summary: "Decline a member's plan request (once; a decided request is 409)",
    access: "admin",
    response: planRequestResultSchema,
    errors: [401, 403, 404, 409],
  },
  {
    method: "get",
    path: "/api/admin/payments",
    summary: "The newest 200 Telegram Stars payments, renewals included",
    access: "admin",
    response: starPaymentsSchema,
    errors: [401, 403],
  },
  {
    method: "post",
    path: "/api/admin/payments/:id/refund",
    summary: "Refund a Stars payment through the bot (refundStarPayment); the subscription ends at once",
    access: "admin",
    response: starPaymentResultSchema,
    errors: [401, 403, 404, 409, 503],
  },
];

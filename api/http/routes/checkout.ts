import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import {
  checkoutMessages,
  checkoutSchema,
  idempotencyKeySchema,
  orderListQuerySchema,
  orderResultSchema,
  orderStatusChangeSchema,
  ordersSchema,
} from "#api/contracts/checkout";
import { storefrontCartSchema, storefrontCheckoutSchema } from "#api/contracts/storefront";
import {
  cancelOwnOrder,
  changeOrderStatus,
  checkoutWithCredits,
  checkoutWithStorefront,
  orderForStaff,
  orderOfMember,
  ordersForStaff,
  ordersOf,
} from "#api/domain/orders";
import type { AppDeps } from "../deps";
import { requireRole, requireUser } from "../middleware/auth";
import { clientAddress } from "../middleware/client-address";
import {
  access,
  answers,
  guardedRouter,
  idParams,
  jsonBody,
  only,
  openApiRouter,
  refusals,
  STAFF,
} from "./openapi-route";

const keyHeader = z.object({ "idempotency-key": idempotencyKeySchema });
const orderId = idParams(checkoutMessages.orderNotFound);
const signedIn = only("signed in", requireUser);

const creditsRoute = createRoute({
  method: "post",
  path: "/checkout/credits",
  summary:
    "Order with credits (Idempotency-Key header): stock, budget and restricted states checked in one transaction; the same key and body replay the first answer",
  ...only("signed in, age-verified", requireUser),
  request: { headers: keyHeader, body: jsonBody(checkoutSchema) },
  responses: { 201: answers(orderResultSchema, "Placed"), ...refusals(400, 401, 403, 409, 422) },
});

const storefrontRoute = createRoute({
  method: "post",
  path: "/checkout/storefront",
  summary:
    "A Shopify cart (cartCreate, Storefront API 2025-07) for storefront items of active products; its checkout URL with channel=online_store",
  description: access("anyone"),
  request: { body: jsonBody(storefrontCheckoutSchema) },
  responses: { 200: answers(storefrontCartSchema), ...refusals(400, 422, 502, 503) },
});

const myOrdersRoute = createRoute({
  method: "get",
  path: "/me/orders",
  summary: "The member's orders, newest first (100)",
  ...signedIn,
  responses: { 200: answers(ordersSchema), ...refusals(401) },
});

const myOrderRoute = createRoute({
  method: "get",
  path: "/me/orders/{id}",
  summary: "One of the member's orders",
  ...signedIn,
  request: { params: orderId },
  responses: { 200: answers(orderResultSchema), ...refusals(401, 404) },
});

const cancelRoute = createRoute({
  method: "post",
  path: "/me/orders/{id}/cancel",
  summary:
    "Cancel one of the member's orders while it is placed: stock and spending come back in the same transaction as the staff's cancel; staff are told through the bot",
  ...signedIn,
  request: { params: orderId },
  responses: { 200: answers(orderResultSchema), ...refusals(401, 404, 409) },
});

/** The credit checkout and a member's own orders. */
export const checkoutRoutes = (deps: AppDeps) => {
  const ctx = deps;
  return openApiRouter()
    .openapi(creditsRoute, async (c) => {
      const input = c.req.valid("json");
      const order = await checkoutWithCredits(
        ctx,
        c.var.user.userId,
        c.req.valid("header")["idempotency-key"],
        input,
      );
      return c.json({ order }, 201);
    })
    .openapi(storefrontRoute, async (c) =>
      c.json(
        await checkoutWithStorefront(ctx, c.req.valid("json"), clientAddress(c, deps.config.TRUST_PROXY)),
        200,
      ),
    )
    .openapi(myOrdersRoute, async (c) => c.json({ orders: await ordersOf(ctx, c.var.user.userId) }, 200))
    .openapi(myOrderRoute, async (c) =>
      c.json({ order: await orderOfMember(ctx, c.var.user.userId, c.req.valid("param").id) }, 200),
    )
    .openapi(cancelRoute, async (c) =>
      c.json({ order: await cancelOwnOrder(ctx, c.var.user.userId, c.req.valid("param").id) }, 200),
    );
};

const staffOrdersRoute = createRoute({
  method: "get",
  path: "/",
  summary: "Every order (?status=placed|fulfilled|cancelled), newest first (100)",
  description: access(STAFF),
  request: { query: orderListQuerySchema },
  responses: { 200: answers(ordersSchema), ...refusals(400, 401, 403) },
});

const staffOrderRoute = createRoute({
  method: "get",
  path: "/{id}",
  summary: "One order",
  description: access(STAFF),
  request: { params: orderId },
  responses: { 200: answers(orderResultSchema), ...refusals(401, 403, 404) },
});

const changeStatusRoute = createRoute({
  method: "patch",
  path: "/{id}",
  summary: "Fulfil or cancel a placed order (cancelling gives back stock and spending)",
  description: access(STAFF),
  request: { params: orderId, body: jsonBody(orderStatusChangeSchema) },
  responses: { 200: answers(orderResultSchema), ...refusals(400, 401, 403, 404, 409) },
});

/**
 * Mounted at /admin/orders BEFORE the admin router, whose admin-only check covers every other
 * /admin path: orders are for all staff (admin, moderator, employee).
 */
export const staffOrderRoutes = (deps: AppDeps) => {
  const ctx = deps;
  return guardedRouter(requireRole("admin", "moderator", "employee"))
    .openapi(staffOrdersRoute, async (c) =>
      c.json({ orders: await ordersForStaff(ctx, c.req.valid("query").status) }, 200),
    )
    .openapi(staffOrderRoute, async (c) =>
      c.json({ order: await orderForStaff(ctx, c.req.valid("param").id) }, 200),
    )
    .openapi(changeStatusRoute, async (c) =>
      c.json(
        { order: await changeOrderStatus(ctx, c.req.valid("param").id, c.req.valid("json").status) },
        200,
      ),
    );
};

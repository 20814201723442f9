import { Hono } from "hono";
import { z } from "zod";
import { clientAddress } from "../auth/client-address";
import { type AppEnv, requireRole, requireUser } from "../auth/middleware";
import {
  checkoutMessages,
  checkoutSchema,
  idempotencyKeySchema,
  orderListQuerySchema,
  orderResultSchema,
  orderStatusChangeSchema,
  ordersSchema,
} from "../contracts/checkout";
import { storefrontCartSchema, storefrontCheckoutSchema } from "../contracts/storefront";
import { type AppDeps, serviceContext } from "../deps";
import { checkoutRefusalResponse } from "../http/checkout-refusals";
import {
  cancelOwnOrder,
  changeOrderStatus,
  checkoutWithCredits,
  orderForStaff,
  orderOfMember,
  ordersForStaff,
  ordersOf,
} from "../services/checkout";
import { checkoutWithStorefront } from "../services/storefront-checkout";
import type { RouteDoc } from "./route-doc";
import { idParam, valid } from "./validator";

const keyHeader = z.object({ "idempotency-key": idempotencyKeySchema });
const orderId = idParam(checkoutMessages.orderNotFound);

/** The credit checkout and a member's own orders. */
export const checkoutRoutes = (deps: AppDeps) => {
  const ctx = serviceContext(deps);
  return new Hono<AppEnv>()
    .post(
      "/checkout/credits",
      requireUser,
      valid("header", keyHeader),
      valid("json", checkoutSchema),
      async (c) => {
        const input = c.req.valid("json");
        const checkout = await checkoutWithCredits(
          ctx,
          c.var.user.userId,
          c.req.valid("header")["idempotency-key"],
          input,
        );
        return checkout.outcome === "placed"
          ? c.json({ order: checkout.order }, 201)
          : checkoutRefusalResponse(c, checkout, input);
      },
    )
    .post("/checkout/storefront", valid("json", storefrontCheckoutSchema), async (c) =>
      c.json(
        await checkoutWithStorefront(ctx, c.req.valid("json"), clientAddress(c, deps.config.TRUST_PROXY)),
        200,
      ),
    )
    .get("/me/orders", requireUser, async (c) =>
      c.json({ orders: await ordersOf(ctx, c.var.user.userId) }, 200),
    )
    .get("/me/orders/:id", requireUser, orderId, async (c) =>
      c.json({ order: await orderOfMember(ctx, c.var.user.userId, c.req.valid("param").id) }, 200),
    )
    .post("/me/orders/:id/cancel", requireUser, orderId, async (c) =>
      c.json({ order: await cancelOwnOrder(ctx, c.var.user.userId, c.req.valid("param").id) }, 200),
    );
};

/**
 * Mounted at /admin/orders BEFORE the admin router, whose admin-only check covers every other
 * /admin path: orders are for all staff (admin, moderator, employee).
 */
export const staffOrderRoutes = (deps: AppDeps) => {
  const ctx = serviceContext(deps);
  return new Hono<AppEnv>()
    .use("*", requireRole("admin", "moderator", "employee"))
    .get("/", valid("query", orderListQuerySchema), async (c) =>
      c.json({ orders: await ordersForStaff(ctx, c.req.valid("query").status) }, 200),
    )
    .get("/:id", orderId, async (c) =>
      c.json({ order: await orderForStaff(ctx, c.req.valid("param").id) }, 200),
    )
    .patch("/:id", orderId, valid("json", orderStatusChangeSchema), async (c) =>
      c.json(
        { order: await changeOrderStatus(ctx, c.req.valid("param").id, c.req.valid("json").status) },
        200,
      ),
    );
};

/** OpenAPI descriptions of these routes (api/openapi.ts assembles them). */
export const checkoutDocs: RouteDoc[] = [
  {
    method: "post",
    path: "/api/checkout/credits",
    summary:
      "Order with credits (Idempotency-Key header): stock, budget and restricted states checked in one transaction; the same key and body replay the first answer",
    access: "signed in, age-verified",
    body: checkoutSchema,
    response: orderResultSchema,
    status: 201,
    errors: [400, 401, 403, 409, 422],
  },
  {
    method: "post",
    path: "/api/checkout/storefront",
    summary:
      "A Shopify cart (cartCreate, Storefront API 2025-07) for storefront items of active products; its checkout URL with channel=online_store",
    access: "anyone",
    body: storefrontCheckoutSchema,
    response: storefrontCartSchema,
    errors: [400, 422, 502, 503],
  },
  {
    method: "get",
    path: "/api/me/orders",
    summary: "The member's orders, newest first (100)",
    access: "signed in",
    response: ordersSchema,
    errors: [401],
  },
  {
    method: "get",
    path: "/api/me/orders/:id",
    summary: "One of the member's orders",
    access: "signed in",
    response: orderResultSchema,
    errors: [401, 404],
  },
  {
    method: "post",
    path: "/api/me/orders/:id/cancel",
    summary:
      "Cancel one of the member's orders while it is placed: stock and spending come back in the same transaction as the staff's cancel; staff are told through the bot",
    access: "signed in",
    response: orderResultSchema,
    errors: [401, 404, 409],
  },
  {
    method: "get",
    path: "/api/admin/orders",
    summary: "Every order (?status=placed|fulfilled|cancelled), newest first (100)",
    access: "staff (admin, moderator, employee)",
    response: ordersSchema,
    errors: [400, 401, 403],
  },
  {
    method: "get",
    path: "/api/admin/orders/:id",
    summary: "One order",
    access: "staff (admin, moderator, employee)",
    response: orderResultSchema,
    errors: [401, 403, 404],
  },
  {
    method: "patch",
    path: "/api/admin/orders/:id",
    summary: "Fulfil or cancel a placed order (cancelling gives back stock and spending)",
    access: "staff (admin, moderator, employee)",
    body: orderStatusChangeSchema,
    response: orderResultSchema,
    errors: [400, 401, 403, 404, 409],
  },
];

import { createRoute } from "@hono/zod-openapi";
import { type StockAlert, stockAlertMessages, stockAlertSchema } from "#api/contracts/stock-alerts";
import { stockAlertOf, stopWaitingForStock, waitForStock } from "#api/domain/catalogue";
import type { AppDeps } from "../deps";
import { requireUser } from "../middleware/auth";
import { answers, idParams, only, openApiRouter, refusals } from "./openapi-route";

const signedIn = only("signed in", requireUser);
/** The product's id in its one form (lower case); no UUID at all is an unknown product. */
const params = idParams(stockAlertMessages.productNotFound);

const alertRoute = createRoute({
  method: "get",
  path: "/products/{id}/alert",
  summary: "Whether the member waits for this product to come back in stock",
  ...signedIn,
  request: { params },
  responses: { 200: answers(stockAlertSchema), ...refusals(401, 404) },
});

const waitRoute = createRoute({
  method: "put",
  path: "/products/{id}/alert",
  summary:
    "Wait for an out-of-stock product: told once when its stock rises above 0 (the bot inside Telegram, email otherwise); 409 while it is in stock",
  ...signedIn,
  request: { params },
  responses: { 200: answers(stockAlertSchema), ...refusals(401, 404, 409) },
});

const stopRoute = createRoute({
  method: "delete",
  path: "/products/{id}/alert",
  summary: "Stop waiting for the product (also when not waiting)",
  ...signedIn,
  request: { params },
  responses: { 200: answers(stockAlertSchema), ...refusals(401, 404) },
});

/** A signed-in member's back-in-stock alert for one active product (404 for any other id). */
export const stockAlertRoutes = (deps: AppDeps) => {
  const ctx = deps;
  return openApiRouter()
    .openapi(alertRoute, async (c) =>
      c.json((await stockAlertOf(ctx, c.var.user.userId, c.req.valid("param").id)) satisfies StockAlert, 200),
    )
    .openapi(waitRoute, async (c) =>
      c.json((await waitForStock(ctx, c.var.user.userId, c.req.valid("param").id)) satisfies StockAlert, 200),
    )
    .openapi(stopRoute, async (c) =>
      c.json(
        (await stopWaitingForStock(ctx, c.var.user.userId, c.req.valid("param").id)) satisfies StockAlert,
        200,
      ),
    );
};

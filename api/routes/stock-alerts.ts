import { Hono } from "hono";
import { type AppEnv, requireUser } from "../auth/middleware";
import { type StockAlert, stockAlertMessages, stockAlertSchema } from "../contracts/stock-alerts";
import { type AppDeps, serviceContext } from "../deps";
import { stockAlertOf, stopWaitingForStock, waitForStock } from "../services/stock-alerts";
import type { RouteDoc } from "./route-doc";
import { idParam } from "./validator";

/** The product's id in its one form (lower case); no UUID at all is an unknown product. */
const productId = idParam(stockAlertMessages.productNotFound);

/** A signed-in member's back-in-stock alert for one active product (404 for any other id). */
export const stockAlertRoutes = (deps: AppDeps) => {
  const ctx = serviceContext(deps);
  return new Hono<AppEnv>()
    .get("/products/:id/alert", requireUser, productId, async (c) =>
      c.json((await stockAlertOf(ctx, c.var.user.userId, c.req.valid("param").id)) satisfies StockAlert, 200),
    )
    .put("/products/:id/alert", requireUser, productId, async (c) =>
      c.json((await waitForStock(ctx, c.var.user.userId, c.req.valid("param").id)) satisfies StockAlert, 200),
    )
    .delete("/products/:id/alert", requireUser, productId, async (c) =>
      c.json(
        (await stopWaitingForStock(ctx, c.var.user.userId, c.req.valid("param").id)) satisfies StockAlert,
        200,
      ),
    );
};

/** OpenAPI descriptions of these routes (api/openapi.ts assembles them). */
export const stockAlertDocs: RouteDoc[] = [
  {
    method: "get",
    path: "/api/products/:id/alert",
    summary: "Whether the member waits for this product to come back in stock",
    access: "signed in",
    response: stockAlertSchema,
    errors: [401, 404],
  },
  {
    method: "put",
    path: "/api/products/:id/alert",
    summary:
      "Wait for an out-of-stock product: told once when its stock rises above 0 (the bot inside Telegram, email otherwise); 409 while it is in stock",
    access: "signed in",
    response: stockAlertSchema,
    errors: [401, 404, 409],
  },
  {
    method: "delete",
    path: "/api/products/:id/alert",
    summary: "Stop waiting for the product (also when not waiting)",
    access: "signed in",
    response: stockAlertSchema,
    errors: [401, 404],
  },
];

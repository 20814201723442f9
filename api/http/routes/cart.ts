import { createRoute } from "@hono/zod-openapi";
import { type Cart, cartInputSchema, cartSchema } from "#api/contracts/cart";
import { keepCart, keptCart } from "#api/domain/orders";
import type { AppDeps } from "../deps";
import { requireUser } from "../middleware/auth";
import { answers, jsonBody, only, openApiRouter, refusals } from "./openapi-route";

const signedIn = only("signed in", requireUser);

const getCartRoute = createRoute({
  method: "get",
  path: "/me/cart",
  summary: "Own kept cart: its lines with the products as the catalogue shows them (decision 106)",
  ...signedIn,
  responses: { 200: answers(cartSchema), ...refusals(401) },
});

const putCartRoute = createRoute({
  method: "put",
  path: "/me/cart",
  summary:
    "Keep the cart as given (at most 100 lines, each product once, quantities 1 to 99); products the shop does not sell are dropped; touched_at moves only on a real change",
  ...signedIn,
  request: { body: jsonBody(cartInputSchema) },
  responses: { 200: answers(cartSchema), ...refusals(400, 401) },
});

/** The signed-in member's cart as the server keeps it, so it follows them between Telegram and the web. */
export const cartRoutes = (deps: AppDeps) =>
  openApiRouter()
    .openapi(getCartRoute, async (c) => c.json((await keptCart(deps, c.var.user.userId)) satisfies Cart, 200))
    .openapi(putCartRoute, async (c) =>
      c.json((await keepCart(deps, c.var.user.userId, c.req.valid("json"))) satisfies Cart, 200),
    );

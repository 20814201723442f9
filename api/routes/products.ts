import type { Context, TypedResponse } from "hono";
import { Hono } from "hono";
import type { Product, ProductList } from "../contracts/products";
import { productListSchema, productSchema } from "../contracts/products";
import type { AppDeps } from "../deps";
import { errorResponse } from "../errors";
import type { CachedBody } from "../services/catalogue-cache";
import type { RouteDoc } from "./route-doc";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Serves a cached JSON body with its ETag, or 304 when the client already has it. */
function sendCached<T>(c: Context, cached: CachedBody) {
  c.header("ETag", cached.etag);
  c.header("Cache-Control", "no-cache");
  if (c.req.header("If-None-Match") === cached.etag) return c.body(null, 304);
  c.header("Content-Type", "application/json; charset=UTF-8");
  // The body is already serialised JSON of T; the cast tells the typed client so.
  return c.body(cached.body, 200) as unknown as Response & TypedResponse<T, 200, "json">;
}

export const productRoutes = (deps: AppDeps) =>
  new Hono()
    .get("/products", async (c) => sendCached<ProductList>(c, await deps.catalogue.list()))
    .get("/products/:id", async (c) => {
      const id = c.req.param("id");
      const cached = UUID.test(id) ? await deps.catalogue.product(id.toLowerCase()) : undefined;
      if (!cached) return errorResponse(c, "not_found", "Product not found");
      return sendCached<Product>(c, cached);
    });

/** OpenAPI descriptions of these routes (api/openapi.ts assembles them). */
export const productDocs: RouteDoc[] = [
  {
    method: "get",
    path: "/api/products",
    summary: "Active catalogue, newest first (ETag / 304)",
    access: "anyone",
    response: productListSchema,
  },
  {
    method: "get",
    path: "/api/products/:id",
    summary: "One active product (ETag / 304)",
    access: "anyone",
    response: productSchema,
    errors: [404],
  },
];

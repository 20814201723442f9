import type { Context, TypedResponse } from "hono";
import { Hono } from "hono";
import { canonicalId } from "../contracts/ids";
import type { Product, ProductList } from "../contracts/products";
import { productListSchema, productSchema } from "../contracts/products";
import type { AppDeps } from "../deps";
import { errorResponse } from "../errors";
import { COMPRESS_MIN_BYTES, pickEncoding } from "../http/compression";
import type { CachedBody } from "../services/catalogue-cache";
import type { RouteDoc } from "./route-doc";

/**
 * Serves a cached JSON body with its ETag, or 304 when the client already has it; compressed from
 * the snapshot's own cached bytes when the client accepts it (api/server.ts does the same).
 */
function sendCached<T>(c: Context, cached: CachedBody) {
  c.header("ETag", cached.etag);
  c.header("Cache-Control", "no-cache");
  c.header("Vary", "Accept-Encoding");
  if (c.req.header("If-None-Match") === cached.etag) return c.body(null, 304);
  c.header("Content-Type", "application/json; charset=UTF-8");
  const encoding =
    cached.bytes.length >= COMPRESS_MIN_BYTES ? pickEncoding(c.req.header("accept-encoding")) : undefined;
  if (encoding) c.header("Content-Encoding", encoding);
  const body = encoding ? new Uint8Array(cached.encoded(encoding)) : cached.body;
  // The body is already serialised JSON of T; the cast tells the typed client so.
  return c.body(body, 200) as unknown as Response & TypedResponse<T, 200, "json">;
}

export const productRoutes = (deps: AppDeps) =>
  new Hono()
    .get("/products", async (c) => sendCached<ProductList>(c, await deps.catalogue.list()))
    .get("/products/:id", async (c) => {
      const id = canonicalId(c.req.param("id"));
      const cached = id ? await deps.catalogue.product(id) : undefined;
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

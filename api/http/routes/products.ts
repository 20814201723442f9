import { createRoute } from "@hono/zod-openapi";
import type { Context, TypedResponse } from "hono";
import type { Product, ProductList } from "#api/contracts/products";
import { productListSchema, productSchema } from "#api/contracts/products";
import type { CachedBody } from "#api/domain/catalogue";
import { COMPRESS_MIN_BYTES, pickEncoding } from "../compression";
import type { AppDeps } from "../deps";
import { AppError } from "../errors";
import { access, answers, idParams, openApiRouter, refusals } from "./openapi-route";

const productNotFound = "Product not found";

/**
 * Serves a cached JSON body with its ETag, or 304 when the client already has it; compressed from
 * the snapshot's own cached bytes when the client accepts it (api/http/server.ts does the same).
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

/** The answer to a client whose copy is current (If-None-Match: the ETag): no body. */
const notModified = { description: "Not modified" };

const listRoute = createRoute({
  method: "get",
  path: "/products",
  summary: "Active catalogue, newest first (ETag / 304)",
  description: access("anyone"),
  responses: { 200: answers(productListSchema), 304: notModified },
});

const productRoute = createRoute({
  method: "get",
  path: "/products/{id}",
  summary: "One active product (ETag / 304)",
  description: access("anyone"),
  request: { params: idParams(productNotFound) },
  responses: { 200: answers(productSchema), 304: notModified, ...refusals(404) },
});

export const productRoutes = (deps: AppDeps) =>
  openApiRouter()
    .openapi(listRoute, async (c) => sendCached<ProductList>(c, await deps.catalogue.list()))
    .openapi(
      productRoute,
      async (c) => {
        const cached = await deps.catalogue.product(c.req.valid("param").id);
        if (!cached) throw new AppError("not_found", productNotFound);
        return sendCached<Product>(c, cached);
      },
      // Any id that is no UUID (text no field may hold included) names no product.
      (result) => {
        if (!result.success) throw new AppError("not_found", productNotFound);
        return undefined;
      },
    );

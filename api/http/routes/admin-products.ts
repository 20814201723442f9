import { createRoute } from "@hono/zod-openapi";
import {
  adminProductMessages,
  adminProductPageSchema,
  adminProductQuerySchema,
  adminProductResultSchema,
  createProductSchema,
  updateProductSchema,
} from "#api/contracts/admin-products";
import {
  createProduct,
  editProduct,
  listProductsPage,
  productForStaff,
  removeProduct,
} from "#api/domain/catalogue";
import type { AppDeps } from "../deps";
import { requireRole } from "../middleware/auth";
import { adminProductFileRoutes } from "./admin-product-files";
import { access, answers, guardedRouter, idParams, jsonBody, refusals, STAFF } from "./openapi-route";

const params = idParams(adminProductMessages.notFound);

const listRoute = createRoute({
  method: "get",
  path: "/",
  summary:
    "Products for staff, newest first, a page at a time: ?search (title), strain, category, status (active by default, inactive, all), page, pageSize (24, at most 100)",
  description: access(STAFF),
  request: { query: adminProductQuerySchema },
  responses: { 200: answers(adminProductPageSchema), ...refusals(400, 401, 403) },
});

const createProductRoute = createRoute({
  method: "post",
  path: "/",
  summary: "A new product (title and a price above 0 required; empty optional fields saved as null)",
  description: access(STAFF),
  request: { body: jsonBody(createProductSchema) },
  responses: {
    201: answers(adminProductResultSchema, "Created"),
    ...refusals(400, 401, 403, 409, 422),
  },
});

const productRoute = createRoute({
  method: "get",
  path: "/{id}",
  summary: "One product, active or not",
  description: access(STAFF),
  request: { params },
  responses: { 200: answers(adminProductResultSchema), ...refusals(401, 403, 404) },
});

const editProductRoute = createRoute({
  method: "patch",
  path: "/{id}",
  summary: "Change any of a product's fields (e.g. {stockQuantity}, {isActive}, {storefront})",
  description: access(STAFF),
  request: { params, body: jsonBody(updateProductSchema) },
  responses: { 200: answers(adminProductResultSchema), ...refusals(400, 401, 403, 404, 409, 422) },
});

const removeProductRoute = createRoute({
  method: "delete",
  path: "/{id}",
  summary: "Delete: the product is marked inactive and no longer visible to customers",
  description: access(STAFF),
  request: { params },
  responses: { 200: answers(adminProductResultSchema), ...refusals(401, 403, 404) },
});

/**
 * The catalogue for staff (admin, moderator, employee). Mounted at /admin/products BEFORE the
 * admin router, whose admin-only check covers every other /admin path.
 */
export const adminProductRoutes = (deps: AppDeps) => {
  const ctx = deps;
  return guardedRouter(requireRole("admin", "moderator", "employee"))
    .openapi(listRoute, async (c) => c.json(await listProductsPage(ctx, c.req.valid("query")), 200))
    .openapi(createProductRoute, async (c) =>
      c.json({ product: await createProduct(ctx, c.req.valid("json")) }, 201),
    )
    .openapi(productRoute, async (c) =>
      c.json({ product: await productForStaff(ctx, c.req.valid("param").id) }, 200),
    )
    .openapi(editProductRoute, async (c) =>
      c.json({ product: await editProduct(ctx, c.req.valid("param").id, c.req.valid("json")) }, 200),
    )
    .openapi(removeProductRoute, async (c) =>
      c.json({ product: await removeProduct(ctx, c.req.valid("param").id) }, 200),
    )
    .route("/", adminProductFileRoutes(ctx));
};

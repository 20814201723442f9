import { Hono } from "hono";
import { type AppEnv, requireRole } from "../auth/middleware";
import {
  adminProductMessages,
  adminProductPageSchema,
  adminProductQuerySchema,
  adminProductResultSchema,
  createProductSchema,
  updateProductSchema,
} from "../contracts/admin-products";
import { type AppDeps, serviceContext } from "../deps";
import {
  createProduct,
  editProduct,
  listProductsPage,
  productForStaff,
  removeProduct,
} from "../services/admin-products";
import { adminProductFileRoutes } from "./admin-product-files";
import type { RouteDoc } from "./route-doc";
import { idParam, valid } from "./validator";

const productId = idParam(adminProductMessages.notFound);

/**
 * The catalogue for staff (admin, moderator, employee). Mounted at /admin/products BEFORE the
 * admin router, whose admin-only check covers every other /admin path.
 */
export const adminProductRoutes = (deps: AppDeps) => {
  const ctx = serviceContext(deps);
  return new Hono<AppEnv>()
    .use("*", requireRole("admin", "moderator", "employee"))
    .get("/", valid("query", adminProductQuerySchema), async (c) =>
      c.json(await listProductsPage(ctx, c.req.valid("query")), 200),
    )
    .post("/", valid("json", createProductSchema), async (c) =>
      c.json({ product: await createProduct(ctx, c.req.valid("json")) }, 201),
    )
    .get("/:id", productId, async (c) =>
      c.json({ product: await productForStaff(ctx, c.req.valid("param").id) }, 200),
    )
    .patch("/:id", productId, valid("json", updateProductSchema), async (c) =>
      c.json({ product: await editProduct(ctx, c.req.valid("param").id, c.req.valid("json")) }, 200),
    )
    .delete("/:id", productId, async (c) =>
      c.json({ product: await removeProduct(ctx, c.req.valid("param").id) }, 200),
    )
    .route("/", adminProductFileRoutes(ctx));
};

const STAFF = "staff (admin, moderator, employee)";

/** OpenAPI descriptions of these routes (api/openapi.ts assembles them). */
export const adminProductDocs: RouteDoc[] = [
  {
    method: "get",
    path: "/api/admin/products",
    summary:
      "Products for staff, newest first, a page at a time: ?search (title), strain, category, status (active by default, inactive, all), page, pageSize (24, at most 100)",
    access: STAFF,
    query: adminProductQuerySchema,
    response: adminProductPageSchema,
    errors: [400, 401, 403],
  },
  {
    method: "post",
    path: "/api/admin/products",
    summary: "A new product (title and a price above 0 required; empty optional fields saved as null)",
    access: STAFF,
    body: createProductSchema,
    response: adminProductResultSchema,
    status: 201,
    errors: [400, 401, 403, 409, 422],
  },
  {
    method: "get",
    path: "/api/admin/products/:id",
    summary: "One product, active or not",
    access: STAFF,
    response: adminProductResultSchema,
    errors: [401, 403, 404],
  },
  {
    method: "patch",
    path: "/api/admin/products/:id",
    summary: "Change any of a product's fields (e.g. {stockQuantity}, {isActive}, {storefront})",
    access: STAFF,
    body: updateProductSchema,
    response: adminProductResultSchema,
    errors: [400, 401, 403, 404, 409, 422],
  },
  {
    method: "delete",
    path: "/api/admin/products/:id",
    summary: "Delete: the product is marked inactive and no longer visible to customers",
    access: STAFF,
    response: adminProductResultSchema,
    errors: [401, 403, 404],
  },
];

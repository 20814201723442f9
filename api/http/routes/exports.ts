import { createRoute } from "@hono/zod-openapi";
import { orderExportQuerySchema } from "#api/contracts/exports";
import { membersCsv, ordersCsv, productsCsv } from "#api/domain/operations";
import { csvDownload } from "../csv-download";
import type { AppDeps } from "../deps";
import { requireRole } from "../middleware/auth";
import { only, openApiRouter, refusals, STAFF } from "./openapi-route";

const today = () => new Date().toISOString().slice(0, 10);

const csv = (description: string) => ({
  description,
  content: { "text/csv": { schema: { type: "string" as const } } },
});

const ordersRoute = createRoute({
  method: "get",
  path: "/orders.csv",
  summary:
    "Orders as CSV (a download, streamed): ?from and ?to are UTC days (YYYY-MM-DD), both included, either optional; by order number. Cells a spreadsheet would take for a formula start with '",
  ...only(STAFF, requireRole("admin", "moderator", "employee")),
  request: { query: orderExportQuerySchema },
  responses: { 200: csv("The orders"), ...refusals(400, 401, 403) },
});

const membersRoute = createRoute({
  method: "get",
  path: "/members.csv",
  summary:
    "Every account as CSV (a download, streamed), oldest first: name, email, Telegram username, roles, plan",
  ...only("admin", requireRole("admin")),
  responses: { 200: csv("The accounts"), ...refusals(401, 403) },
});

const productsRoute = createRoute({
  method: "get",
  path: "/products.csv",
  summary: "Every product as CSV (a download, streamed), inactive ones too, oldest first",
  ...only("admin", requireRole("admin")),
  responses: { 200: csv("The products"), ...refusals(401, 403) },
});

/**
 * Mounted at /admin/exports BEFORE the admin router (whose admin-only check covers the rest of
 * /admin): orders are for all staff, members and products for admins.
 */
export const exportRoutes = (deps: AppDeps) =>
  openApiRouter()
    .openapi(ordersRoute, (c) => {
      const query = c.req.valid("query");
      const span = `${query.from ?? "start"}_${query.to ?? today()}`;
      return csvDownload(c, deps.log, `orders_${span}.csv`, ordersCsv(deps.database, query));
    })
    .openapi(membersRoute, (c) =>
      csvDownload(c, deps.log, `members_${today()}.csv`, membersCsv(deps.database)),
    )
    .openapi(productsRoute, (c) =>
      csvDownload(c, deps.log, `products_${today()}.csv`, productsCsv(deps.database)),
    );

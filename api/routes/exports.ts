import type { Context } from "hono";
import { Hono } from "hono";
import { type AppEnv, requireRole } from "../auth/middleware";
import { orderExportQuerySchema } from "../contracts/exports";
import type { AppDeps } from "../deps";
import { membersCsv, ordersCsv, productsCsv } from "../services/exports";
import type { RouteDoc } from "./route-doc";
import { valid } from "./validator";

/**
 * A CSV download streamed as it is read: the next batch is fetched only when the client has taken
 * the last one (a pull stream), so a slow reader holds the server to one batch.
 */
function csvDownload(c: Context, filename: string, chunks: AsyncGenerator<string>) {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  return c.body(body, 200, {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${filename}"`,
  });
}

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Mounted at /admin/exports BEFORE the admin router (whose admin-only check covers the rest of
 * /admin): orders are for all staff, members and products for admins.
 */
export const exportRoutes = (deps: AppDeps) => {
  return new Hono<AppEnv>()
    .get(
      "/orders.csv",
      requireRole("admin", "moderator", "employee"),
      valid("query", orderExportQuerySchema),
      (c) => {
        const query = c.req.valid("query");
        const span = `${query.from ?? "start"}_${query.to ?? today()}`;
        return csvDownload(c, `orders_${span}.csv`, ordersCsv(deps.database, query));
      },
    )
    .get("/members.csv", requireRole("admin"), (c) =>
      csvDownload(c, `members_${today()}.csv`, membersCsv(deps.database)),
    )
    .get("/products.csv", requireRole("admin"), (c) =>
      csvDownload(c, `products_${today()}.csv`, productsCsv(deps.database)),
    );
};

/** OpenAPI descriptions of these routes (api/openapi.ts assembles them). */
export const exportDocs: RouteDoc[] = [
  {
    method: "get",
    path: "/api/admin/exports/orders.csv",
    summary:
      "Orders as CSV (a download, streamed): ?from and ?to are UTC days (YYYY-MM-DD), both included, either optional; by order number. Cells a spreadsheet would take for a formula start with '",
    access: "staff (admin, moderator, employee)",
    query: orderExportQuerySchema,
    contentType: "text/csv",
    errors: [400, 401, 403],
  },
  {
    method: "get",
    path: "/api/admin/exports/members.csv",
    summary:
      "Every account as CSV (a download, streamed), oldest first: name, email, Telegram username, roles, plan",
    access: "admin",
    contentType: "text/csv",
    errors: [401, 403],
  },
  {
    method: "get",
    path: "/api/admin/exports/products.csv",
    summary: "Every product as CSV (a download, streamed), inactive ones too, oldest first",
    access: "admin",
    contentType: "text/csv",
    errors: [401, 403],
  },
];

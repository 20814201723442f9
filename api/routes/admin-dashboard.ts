import { Hono } from "hono";
import { type AppEnv, requireRole } from "../auth/middleware";
import { dashboardQuerySchema, dashboardSchema } from "../contracts/admin-dashboard";
import { type AppDeps, serviceContext } from "../deps";
import { readDashboard } from "../services/admin-dashboard";
import type { RouteDoc } from "./route-doc";
import { valid } from "./validator";

/** Mounted at /admin/dashboard: the owner's figures, for admins only, checked on the server. */
export const adminDashboardRoutes = (deps: AppDeps) => {
  const ctx = serviceContext(deps);
  return new Hono<AppEnv>()
    .use("*", requireRole("admin"))
    .get("/", valid("query", dashboardQuerySchema), async (c) =>
      c.json(await readDashboard(ctx, c.req.valid("query").days), 200),
    );
};

/** OpenAPI descriptions of these routes (api/openapi.ts assembles them). */
export const adminDashboardDocs: RouteDoc[] = [
  {
    method: "get",
    path: "/api/admin/dashboard",
    summary:
      "The owner's dashboard for the last ?days (7, 30 or 90; 30 by default) days, today included, counted in the channel's time zone: credits spent and orders per day (cancelled orders left out), totals and those of the period before, the top 10 products by credits and by units, members by plan and plan changes, new members per day, the feed's posts with their reactions and the top five, and products at or under the low-stock threshold",
    access: "admin",
    query: dashboardQuerySchema,
    response: dashboardSchema,
    errors: [400, 401, 403],
  },
];

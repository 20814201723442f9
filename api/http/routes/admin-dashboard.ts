import { createRoute } from "@hono/zod-openapi";
import { dashboardQuerySchema, dashboardSchema } from "#api/contracts/admin-dashboard";
import { readDashboard } from "#api/domain/operations";
import type { AppDeps } from "../deps";
import { requireRole } from "../middleware/auth";
import { access, answers, guardedRouter, refusals } from "./openapi-route";

const dashboardRoute = createRoute({
  method: "get",
  path: "/",
  summary:
    "The owner's dashboard for the last ?days (7, 30 or 90; 30 by default) days, today included, counted in the channel's time zone: credits spent and orders per day (cancelled orders left out), totals and those of the period before, the top 10 products by credits and by units, members by plan and plan changes, new members per day, the feed's posts with their reactions and the top five, and products at or under the low-stock threshold",
  description: access("admin"),
  request: { query: dashboardQuerySchema },
  responses: { 200: answers(dashboardSchema), ...refusals(400, 401, 403) },
});

/** Mounted at /admin/dashboard: the owner's figures, for admins only, checked on the server. */
export const adminDashboardRoutes = (deps: AppDeps) => {
  const ctx = deps;
  return guardedRouter(requireRole("admin")).openapi(dashboardRoute, async (c) =>
    c.json(await readDashboard(ctx, c.req.valid("query").days), 200),
  );
};

import { Hono } from "hono";
import { type AppEnv, requireUserSaying } from "../auth/middleware";
import { invoiceRequestSchema, invoiceSchema } from "../contracts/plan-payments";
import {
  budgetSchema,
  changePlanResultSchema,
  changePlanSchema,
  planMessages,
  planSchema,
  tiersSchema,
} from "../contracts/plans";
import { type AppDeps, serviceContext } from "../deps";
import { createPlanInvoice } from "../services/plan-payments";
import { activeTiers, changePlan, readBudget, readPlan } from "../services/plans";
import type { RouteDoc } from "./route-doc";
import { valid } from "./validator";

const requireUser = requireUserSaying(planMessages.notAuthenticated);

/** Tiers for everyone; a member's own plan and this month's budget. */
export const planRoutes = (deps: AppDeps) => {
  const ctx = serviceContext(deps);
  return new Hono<AppEnv>()
    .get("/tiers", async (c) => {
      c.header("Cache-Control", "no-cache");
      return c.json({ tiers: await activeTiers(ctx) }, 200);
    })
    .get("/me/plan", requireUser, async (c) => c.json(await readPlan(ctx, c.var.user.userId), 200))
    .put("/me/plan", requireUser, valid("json", changePlanSchema), async (c) =>
      c.json(await changePlan(ctx, c.var.user.userId, c.req.valid("json").tierId), 200),
    )
    .post("/me/plan/invoice", requireUser, valid("json", invoiceRequestSchema), async (c) => {
      const invoiceUrl = await createPlanInvoice(ctx, c.var.user.userId, c.req.valid("json").tierId);
      return c.json({ invoiceUrl }, 200);
    })
    .get("/me/budget", requireUser, async (c) => c.json(await readBudget(ctx, c.var.user.userId), 200));
};

/** OpenAPI descriptions of these routes (api/openapi.ts assembles them). */
export const planDocs: RouteDoc[] = [
  {
    method: "get",
    path: "/api/tiers",
    summary: "Active membership tiers, lowest level first",
    access: "anyone",
    response: tiersSchema,
  },
  {
    method: "get",
    path: "/api/me/plan",
    summary: "The member's tier (null with none) and since when",
    access: "signed in",
    response: planSchema,
    errors: [401],
  },
  {
    method: "put",
    path: "/api/me/plan",
    summary:
      "Move to an active tier: at once when PLAN_PAYMENTS=free or the tier costs nothing, else a request for an admin (manual); 409 when it is paid for with Stars",
    access: "signed in",
    body: changePlanSchema,
    response: changePlanResultSchema,
    errors: [400, 401, 404, 409],
  },
  {
    method: "post",
    path: "/api/me/plan/invoice",
    summary:
      "A Telegram Stars subscription invoice link for a paid tier (PLAN_PAYMENTS=stars, Telegram members)",
    access: "signed in",
    body: invoiceRequestSchema,
    response: invoiceSchema,
    errors: [400, 401, 404, 409, 503],
  },
  {
    method: "get",
    path: "/api/me/budget",
    summary: "This calendar month's budget (UTC): monthly price, rollover, spent, remaining",
    access: "signed in",
    response: budgetSchema,
    errors: [401],
  },
];

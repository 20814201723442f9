import { createRoute } from "@hono/zod-openapi";
import {
  invoiceRequestSchema,
  invoiceSchema,
  planSubscriptionSchema,
  renewalRequestSchema,
} from "#api/contracts/plan-payments";
import {
  budgetSchema,
  changePlanResultSchema,
  changePlanSchema,
  planMessages,
  planSchema,
  startTrialSchema,
  tiersSchema,
} from "#api/contracts/plans";
import {
  activeTiers,
  changePlan,
  createPlanInvoice,
  readBudget,
  readPlan,
  setRenewal,
} from "#api/domain/plans";
import { startTrial } from "#api/domain/rewards";
import type { AppDeps } from "../deps";
import { requireUserSaying } from "../middleware/auth";
import { access, answers, jsonBody, only, openApiRouter, refusals } from "./openapi-route";

const requireUser = requireUserSaying(planMessages.notAuthenticated);
const signedIn = only("signed in", requireUser);

const tiersRoute = createRoute({
  method: "get",
  path: "/tiers",
  summary: "Active membership tiers, lowest level first",
  description: access("anyone"),
  responses: { 200: answers(tiersSchema) },
});

const planRoute = createRoute({
  method: "get",
  path: "/me/plan",
  summary: "The member's tier (null with none) and since when",
  ...signedIn,
  responses: { 200: answers(planSchema), ...refusals(401) },
});

const changePlanRoute = createRoute({
  method: "put",
  path: "/me/plan",
  summary:
    "Move to an active tier: at once when PLAN_PAYMENTS=free or the tier costs nothing, else a request for an admin (manual); 409 when it is paid for with Stars",
  ...signedIn,
  request: { body: jsonBody(changePlanSchema) },
  responses: { 200: answers(changePlanResultSchema), ...refusals(400, 401, 404, 409) },
});

const invoiceRoute = createRoute({
  method: "post",
  path: "/me/plan/invoice",
  summary:
    "A Telegram Stars subscription invoice link for a paid tier (PLAN_PAYMENTS=stars, Telegram members)",
  ...signedIn,
  request: { body: jsonBody(invoiceRequestSchema) },
  responses: { 200: answers(invoiceSchema), ...refusals(400, 401, 404, 409, 503) },
});

const renewalRoute = createRoute({
  method: "post",
  path: "/me/plan/renewal",
  summary:
    "Stop (renew false) or restart (renew true) the renewal of the member's Telegram Stars subscription (editUserStarSubscription); 404 without one",
  ...signedIn,
  request: { body: jsonBody(renewalRequestSchema) },
  responses: { 200: answers(planSubscriptionSchema), ...refusals(400, 401, 404, 503) },
});

const trialRoute = createRoute({
  method: "post",
  path: "/me/plan/trial",
  summary:
    "Start the tier's free trial: the plan after it; 409 when the tier offers none, the member held it, this person (Telegram id or proven email, even of a deleted account) had its trial, or the plan already includes it; 404 for an unknown tier",
  ...signedIn,
  request: { body: jsonBody(startTrialSchema) },
  responses: { 200: answers(planSchema), ...refusals(400, 401, 404, 409) },
});

const budgetRoute = createRoute({
  method: "get",
  path: "/me/budget",
  summary: "This calendar month's budget (UTC): monthly price, rollover, spent, remaining",
  ...signedIn,
  responses: { 200: answers(budgetSchema), ...refusals(401) },
});

/** Tiers for everyone; a member's own plan and this month's budget. */
export const planRoutes = (deps: AppDeps) => {
  const ctx = deps;
  return openApiRouter()
    .openapi(tiersRoute, async (c) => {
      c.header("Cache-Control", "no-cache");
      return c.json({ tiers: await activeTiers(ctx) }, 200);
    })
    .openapi(planRoute, async (c) => c.json(await readPlan(ctx, c.var.user.userId), 200))
    .openapi(changePlanRoute, async (c) =>
      c.json(await changePlan(ctx, c.var.user.userId, c.req.valid("json").tierId), 200),
    )
    .openapi(invoiceRoute, async (c) => {
      const invoiceUrl = await createPlanInvoice(ctx, c.var.user.userId, c.req.valid("json").tierId);
      return c.json({ invoiceUrl }, 200);
    })
    .openapi(renewalRoute, async (c) =>
      c.json(await setRenewal(ctx, c.var.user.userId, c.req.valid("json").renew), 200),
    )
    .openapi(trialRoute, async (c) =>
      c.json(await startTrial(ctx, c.var.user.userId, c.req.valid("json").tierId), 200),
    )
    .openapi(budgetRoute, async (c) => c.json(await readBudget(ctx, c.var.user.userId), 200));
};

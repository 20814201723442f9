import { createRoute } from "@hono/zod-openapi";
import {
  adminReferralsSchema,
  myReferralsSchema,
  referralSettingsSchema,
  updateReferralSettingsSchema,
} from "#api/contracts/referrals";
import { adminReferrals, loadReferralSettings, myReferrals, saveReferralSettings } from "#api/domain/rewards";
import type { AppDeps } from "../deps";
import { requireRole, requireUser } from "../middleware/auth";
import { access, answers, guardedRouter, jsonBody, only, openApiRouter, refusals } from "./openapi-route";

const myReferralsRoute = createRoute({
  method: "get",
  path: "/me/referrals",
  summary:
    "The member's referral link (its code made on first ask), friends joined and rewarded, and the reward (null while the programme is off)",
  ...only("signed in", requireUser),
  responses: { 200: answers(myReferralsSchema), ...refusals(401) },
});

/** The member's own invite page (decision 114). */
export const memberReferralRoutes = (deps: AppDeps) =>
  openApiRouter().openapi(myReferralsRoute, async (c) =>
    c.json(await myReferrals(deps, c.var.user.userId), 200),
  );

const admin = access("admin");

const settingsRoute = createRoute({
  method: "get",
  path: "/settings",
  summary: "The referral programme: on or off, the reward, and the hold (REFERRAL_HOLD_DAYS)",
  description: admin,
  responses: { 200: answers(referralSettingsSchema), ...refusals(401, 403) },
});

const saveSettingsRoute = createRoute({
  method: "put",
  path: "/settings",
  summary:
    "Turn the referral programme on or off and set its reward: credits, or free days on an active tier",
  description: admin,
  request: { body: jsonBody(updateReferralSettingsSchema) },
  responses: { 200: answers(referralSettingsSchema), ...refusals(400, 401, 403, 404) },
});

const listRoute = createRoute({
  method: "get",
  path: "/",
  summary: "The newest referrals (who brought whom, joined, qualified, rewarded or voided) and the totals",
  description: admin,
  responses: { 200: answers(adminReferralsSchema), ...refusals(401, 403) },
});

/** Mounted at /admin/referrals: the programme's settings and its referrals, for admins only. */
export const adminReferralRoutes = (deps: AppDeps) =>
  guardedRouter(requireRole("admin"))
    .openapi(settingsRoute, async (c) => c.json(await loadReferralSettings(deps), 200))
    .openapi(saveSettingsRoute, async (c) =>
      c.json(await saveReferralSettings(deps, c.req.valid("json")), 200),
    )
    .openapi(listRoute, async (c) => c.json(await adminReferrals(deps), 200));

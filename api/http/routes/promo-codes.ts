import { createRoute } from "@hono/zod-openapi";
import {
  createPromoCodeSchema,
  promoCodeResultSchema,
  promoCodesSchema,
  promoMessages,
  redeemedPromoSchema,
  redeemPromoSchema,
  updatePromoCodeSchema,
} from "#api/contracts/promo-codes";
import { changePromoCode, createPromoCode, promoCodesList, redeemPromo } from "#api/domain/rewards";
import type { AppDeps } from "../deps";
import { requireRole, requireUser } from "../middleware/auth";
import {
  access,
  answers,
  guardedRouter,
  idParams,
  jsonBody,
  only,
  openApiRouter,
  refusals,
} from "./openapi-route";

const redeemRoute = createRoute({
  method: "post",
  path: "/me/promo",
  summary:
    "Redeem a promo code (any letter case): free days on a tier or credits this month, with the plan and budget after; 404 unknown, 410 expired, not yet valid or used up, 409 already used or the plan already includes it, 429 after 10 failed tries in 15 minutes",
  ...only("signed in", requireUser),
  request: { body: jsonBody(redeemPromoSchema) },
  responses: { 200: answers(redeemedPromoSchema), ...refusals(400, 401, 404, 409, 410, 429) },
});

/** A member redeems a code (decision 112). */
export const memberPromoRoutes = (deps: AppDeps) =>
  openApiRouter().openapi(redeemRoute, async (c) =>
    c.json(await redeemPromo(deps, c.var.user.userId, c.req.valid("json").code), 200),
  );

const admin = access("admin");
const promoCodeId = idParams(promoMessages.adminNotFound);

const listRoute = createRoute({
  method: "get",
  path: "/",
  summary:
    "Every promo code, newest first, with its uses and what it brought (members, their orders and credits spent since)",
  description: admin,
  responses: { 200: answers(promoCodesSchema), ...refusals(401, 403) },
});

const createPromoRoute = createRoute({
  method: "post",
  path: "/",
  summary:
    "Create a promo code: free days on an active tier, or credits; 409 when the code exists in any letter case",
  description: admin,
  request: { body: jsonBody(createPromoCodeSchema) },
  responses: { 201: answers(promoCodeResultSchema, "Created"), ...refusals(400, 401, 403, 404, 409) },
});

const updateRoute = createRoute({
  method: "patch",
  path: "/{id}",
  summary:
    "Turn a code on or off, change its dates or its limits (total uses never below the uses so far: 409)",
  description: admin,
  request: { params: promoCodeId, body: jsonBody(updatePromoCodeSchema) },
  responses: { 200: answers(promoCodeResultSchema), ...refusals(400, 401, 403, 404, 409) },
});

/** Mounted at /admin/promo-codes: admins make and watch promo codes. */
export const adminPromoCodeRoutes = (deps: AppDeps) =>
  guardedRouter(requireRole("admin"))
    .openapi(listRoute, async (c) => c.json({ promoCodes: await promoCodesList(deps) }, 200))
    .openapi(createPromoRoute, async (c) =>
      c.json({ promoCode: await createPromoCode(deps, c.var.user.userId, c.req.valid("json")) }, 201),
    )
    .openapi(updateRoute, async (c) =>
      c.json({ promoCode: await changePromoCode(deps, c.req.valid("param").id, c.req.valid("json")) }, 200),
    );

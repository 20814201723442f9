import { createRoute } from "@hono/zod-openapi";
import { rolesResponseSchema } from "#api/contracts/account";
import { setupClaimSchema } from "#api/contracts/setup-link";
import { claimSetupLink } from "#api/domain/accounts";
import type { AppDeps } from "../deps";
import { requireUser } from "../middleware/auth";
import { answers, jsonBody, only, openApiRouter, refusals } from "./openapi-route";

const claimRoute = createRoute({
  method: "post",
  path: "/setup/claim",
  summary:
    "Spend the first admin's one-time setup link (printed at a start while no account holds admin; an hour, once): the caller becomes admin and gets their roles; 400 no such link, 410 expired or used, 409 the shop has an admin already",
  ...only("signed in", requireUser),
  request: { body: jsonBody(setupClaimSchema) },
  responses: { 200: answers(rolesResponseSchema), ...refusals(400, 401, 409, 410) },
});

/** The first admin without a restart (decision 122). */
export const setupLinkRoutes = (deps: AppDeps) =>
  openApiRouter().openapi(claimRoute, async (c) =>
    c.json({ roles: await claimSetupLink(deps, c.var.user.userId, c.req.valid("json").token) }, 200),
  );

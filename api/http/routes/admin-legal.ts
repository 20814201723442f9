import { createRoute } from "@hono/zod-openapi";
import {
  adminLegalListSchema,
  adminLegalResultSchema,
  legalTypeParamSchema,
  publishLegalSchema,
} from "#api/contracts/admin-legal";
import { listPolicyVersions, publishPolicyVersion } from "#api/domain/settings";
import type { AppDeps } from "../deps";
import { requireRole } from "../middleware/auth";
import { access, answers, guardedRouter, jsonBody, refusals } from "./openapi-route";

// On both routes an unknown {type} names nothing: 404, as every path refusal is.
const versionsRoute = createRoute({
  method: "get",
  path: "/{type}",
  summary: "Every version of a legal document (terms, privacy, refund, shipping, cancellation), newest first",
  description: access("admin"),
  request: { params: legalTypeParamSchema },
  responses: { 200: answers(adminLegalListSchema), ...refusals(401, 403, 404) },
});

const publishRoute = createRoute({
  method: "post",
  path: "/{type}",
  summary:
    "Publish a new version (the latest plus one unless given; greater than every existing one): it becomes the active document",
  description: access("admin"),
  request: { params: legalTypeParamSchema, body: jsonBody(publishLegalSchema) },
  responses: { 201: answers(adminLegalResultSchema, "Created"), ...refusals(400, 401, 403, 404, 409) },
});

/** Mounted at /admin/legal: the five policies' versions, for admins only, checked on the server. */
export const adminLegalRoutes = (deps: AppDeps) =>
  guardedRouter(requireRole("admin"))
    .openapi(versionsRoute, async (c) => {
      const { type } = c.req.valid("param");
      return c.json({ documentType: type, versions: await listPolicyVersions(deps.database, type) }, 200);
    })
    .openapi(publishRoute, async (c) =>
      c.json(
        {
          document: await publishPolicyVersion(deps.database, c.req.valid("param").type, c.req.valid("json")),
        },
        201,
      ),
    );

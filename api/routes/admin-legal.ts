import { Hono } from "hono";
import { type AppEnv, requireRole } from "../auth/middleware";
import {
  adminLegalListSchema,
  adminLegalResultSchema,
  legalTypeParamSchema,
  publishLegalSchema,
} from "../contracts/admin-legal";
import type { AppDeps } from "../deps";
import { listPolicyVersions, publishPolicyVersion } from "../services/admin-legal";
import type { RouteDoc } from "./route-doc";
import { valid } from "./validator";

/** Mounted at /admin/legal: the five policies' versions, for admins only, checked on the server. */
export const adminLegalRoutes = (deps: AppDeps) => {
  return new Hono<AppEnv>()
    .use("*", requireRole("admin"))
    .get("/:type", valid("param", legalTypeParamSchema, "not_found"), async (c) => {
      const { type } = c.req.valid("param");
      return c.json({ documentType: type, versions: await listPolicyVersions(deps.database, type) }, 200);
    })
    .post(
      "/:type",
      valid("param", legalTypeParamSchema, "not_found"),
      valid("json", publishLegalSchema),
      async (c) =>
        c.json(
          {
            document: await publishPolicyVersion(
              deps.database,
              c.req.valid("param").type,
              c.req.valid("json"),
            ),
          },
          201,
        ),
    );
};

/** OpenAPI descriptions of these routes (api/openapi.ts assembles them). */
export const adminLegalDocs: RouteDoc[] = [
  {
    method: "get",
    path: "/api/admin/legal/:type",
    summary:
      "Every version of a legal document (terms, privacy, refund, shipping, cancellation), newest first",
    access: "admin",
    response: adminLegalListSchema,
    errors: [401, 403, 404],
  },
  {
    method: "post",
    path: "/api/admin/legal/:type",
    summary:
      "Publish a new version (the latest plus one unless given; greater than every existing one): it becomes the active document",
    access: "admin",
    body: publishLegalSchema,
    response: adminLegalResultSchema,
    status: 201,
    errors: [400, 401, 403, 404, 409],
  },
];

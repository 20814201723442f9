import { Hono } from "hono";
import { findActiveLegalDocument } from "#db/queries/legal";
import {
  type LegalDocument,
  legalDocumentSchema,
  legalNotFoundMessages,
  legalTypeSchema,
} from "../contracts/legal";
import type { AppDeps } from "../deps";
import { AppError } from "../errors";
import type { RouteDoc } from "./route-doc";

/** Public policies: the active document of a type, newest version. */
export const legalRoutes = (deps: AppDeps) =>
  new Hono().get("/legal/:type", async (c) => {
    const type = legalTypeSchema.safeParse(c.req.param("type"));
    if (!type.success) throw new AppError("not_found", "Not found");
    const row = await findActiveLegalDocument(deps.database.db, type.data);
    if (!row) throw new AppError("not_found", legalNotFoundMessages[type.data]);
    c.header("Cache-Control", "no-cache");
    return c.json(
      {
        documentType: row.documentType,
        version: row.version,
        content: row.content,
        effectiveDate: row.effectiveDate,
        updatedAt: row.updatedAt.toISOString(),
      } satisfies LegalDocument,
      200,
    );
  });

/** OpenAPI descriptions of these routes (api/openapi.ts assembles them). */
export const legalDocs: RouteDoc[] = [
  {
    method: "get",
    path: "/api/legal/:type",
    summary: "Active legal document (terms, privacy, refund, shipping, cancellation), newest version",
    access: "anyone",
    response: legalDocumentSchema,
    errors: [404],
  },
];

import { createRoute } from "@hono/zod-openapi";
import {
  type LegalDocument,
  legalDocumentSchema,
  legalNotFoundMessages,
  legalTypeSchema,
  legalTypes,
} from "#api/contracts/legal";
import { readActiveLegalDocument } from "#api/domain/settings";
import type { AppDeps } from "../deps";
import { AppError } from "../errors";
import { access, answers, openApiRouter, refusals } from "./openapi-route";

/**
 * `:type` is read in the handler, not by a validator: any value not a type (NUL included) is
 * refused with the plain "Not found", which the validation hook would word otherwise. The document
 * names it with a plain schema.
 */
const legalRoute = createRoute({
  method: "get",
  path: "/legal/{type}",
  summary: "Active legal document (terms, privacy, refund, shipping, cancellation), newest version",
  description: access("anyone"),
  parameters: [
    { name: "type", in: "path", required: true, schema: { type: "string", enum: [...legalTypes] } },
  ],
  responses: { 200: answers(legalDocumentSchema), ...refusals(404) },
});

/** Public policies: the active document of a type, newest version. */
export const legalRoutes = (deps: AppDeps) =>
  openApiRouter().openapi(legalRoute, async (c) => {
    const type = legalTypeSchema.safeParse(c.req.param("type"));
    if (!type.success) throw new AppError("not_found", "Not found");
    const document = await readActiveLegalDocument(deps, type.data);
    if (!document) throw new AppError("not_found", legalNotFoundMessages[type.data]);
    c.header("Cache-Control", "no-cache");
    return c.json(document satisfies LegalDocument, 200);
  });

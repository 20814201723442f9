import { createRoute } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import {
  MAX_IMAGE_BASE64_CHARS,
  strainAnalysisMessages,
  strainAnalysisRequestSchema,
  strainAnalysisSchema,
} from "#api/contracts/strain-analysis";
import { analyzeStrain } from "#api/domain/catalogue";
import { openAiVision } from "#api/domain/ports/openai-vision";
import type { AppDeps } from "../deps";
import { errorResponse } from "../errors";
import { requireRole } from "../middleware/auth";
import { answers, jsonBody, only, openApiRouter, refusals, STAFF } from "./openapi-route";

export const STRAIN_ANALYSIS_PATH = "/api/admin/strain-analysis";

const analysisRoute = createRoute({
  method: "post",
  path: "/",
  summary:
    "AI strain analysis of a product image (base64 or a data: URL; PNG, JPEG, WebP or GIF up to 10 MB): strain type, description, features and up to 5 catalogue strains of that type, best match first. 503 without a model, 502 when it fails, both 'Failed to analyze strain. You can still enter details manually.'",
  ...only(
    STAFF,
    requireRole("admin", "moderator", "employee"),
    bodyLimit({
      maxSize: MAX_IMAGE_BASE64_CHARS + 1024,
      onError: (c) => errorResponse(c, "too_large", strainAnalysisMessages.tooLarge),
    }),
  ),
  request: { body: jsonBody(strainAnalysisRequestSchema) },
  responses: {
    200: answers(strainAnalysisSchema),
    ...refusals(400, 401, 403, 413, 415, 502, 503),
  },
});

/**
 * Mounted at /admin/strain-analysis BEFORE the admin router (admins only): the analysis is for all
 * staff. Its body holds a whole image as base64, so app.ts leaves this path out of the JSON body
 * limit and the limit here (a 10 MB image as a data: URL, and JSON around it) applies, once the
 * caller is known to be staff.
 */
export const strainAnalysisRoutes = (deps: AppDeps) => {
  const ctx = deps;
  const vision = openAiVision(deps.config);
  return openApiRouter().openapi(analysisRoute, async (c) =>
    c.json(await analyzeStrain(ctx, vision, c.req.valid("json").imageBase64), 200),
  );
};

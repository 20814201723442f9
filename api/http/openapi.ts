import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { Hono, Schema } from "hono";
import type { AppEnv } from "./middleware/auth";
import { metricsRoute } from "./routes/metrics";
import { access } from "./routes/openapi-route";

/** GET /api/openapi.json, declared here so the document lists itself. */
export const documentRoute = createRoute({
  method: "get",
  path: "/openapi.json",
  summary: "This document",
  description: access("anyone"),
  responses: { 200: { description: "OK", content: { "application/json": { schema: { type: "object" } } } } },
});

/**
 * The OpenAPI 3.1 document of every /api route (from each route's createRoute declaration: the
 * same zod schemas its validators use) and of GET /metrics.
 */
export function apiDocument(api: Hono<AppEnv, Schema, "/">) {
  const all = new OpenAPIHono();
  all.route("/api", api);
  all.openAPIRegistry.registerPath(metricsRoute);
  return all.getOpenAPI31Document({
    openapi: "3.1.0",
    info: { title: "Members channel and shop API", version: "1.0.0" },
  });
}

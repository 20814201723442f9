import { createHash, timingSafeEqual } from "node:crypto";
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { type Context, Hono } from "hono";
import { z } from "zod";
import type { Metrics } from "#api/process/metrics";
import type { AppDeps } from "../deps";
import { errorResponse } from "../errors";
import { access, refusals } from "./openapi-route";

const digest = (text: string) => createHash("sha256").update(text).digest();

/** `Authorization: Bearer <token>`, compared in constant time (digests: equal lengths whatever was sent). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const sent = /^Bearer (.+)$/.exec(header ?? "")?.[1] ?? "";
  return timingSafeEqual(digest(sent), digest(token));
}

const serve = async (c: Context, metrics: Metrics) =>
  c.text(await metrics.registry.metrics(), 200, {
    "Content-Type": metrics.registry.contentType,
    "Cache-Control": "no-store",
  });

export const metricsRoute = createRoute({
  method: "get",
  path: "/metrics",
  summary:
    "Prometheus metrics (text exposition format); served only when METRICS_TOKEN is set, or without a token on METRICS_PORT",
  description: access("a scraper with `Authorization: Bearer <METRICS_TOKEN>`"),
  responses: {
    200: { description: "OK", content: { "text/plain; version=0.0.4": { schema: z.string() } } },
    ...refusals(401),
  },
});

/** GET /metrics on the app's port, for a scraper holding METRICS_TOKEN (createApp mounts it only then). */
export const metricsRoutes = (deps: Pick<AppDeps, "metrics">, token: string) =>
  new OpenAPIHono().openapi(metricsRoute, (c) => {
    if (!bearerMatches(c.req.header("authorization"), token)) {
      return errorResponse(c, "unauthorized", "A valid metrics token is required", {
        "WWW-Authenticate": 'Bearer realm="metrics"',
      });
    }
    return serve(c, deps.metrics);
  });

/** The whole app on METRICS_PORT: GET /metrics without a token (the port is kept private). */
export const metricsPortApp = (metrics: Metrics) => new Hono().get("/metrics", (c) => serve(c, metrics));

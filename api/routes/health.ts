import { Hono } from "hono";
import { pingDatabase } from "#db/queries/health";
import type { Health } from "../contracts/health";
import { healthSchema, readinessSchema } from "../contracts/health";
import type { AppDeps } from "../deps";
import { readiness } from "../services/readiness";
import type { RouteDoc } from "./route-doc";

export const healthRoutes = (deps: AppDeps) =>
  new Hono()
    .get("/health", async (c) => {
      await pingDatabase(deps.database.db);
      return c.json({ ok: true, db: deps.database.kind } satisfies Health);
    })
    .get("/ready", async (c) => {
      const answer = await readiness(deps.database, deps.lifecycle.draining);
      return c.json(answer, answer.ok ? 200 : 503);
    });

/** OpenAPI descriptions of these routes (api/openapi.ts assembles them). */
export const healthDocs: RouteDoc[] = [
  {
    method: "get",
    path: "/api/health",
    summary: "Liveness and database kind",
    access: "anyone",
    response: healthSchema,
  },
  {
    method: "get",
    path: "/api/ready",
    summary:
      "Readiness: the database answers, this version's migrations are applied and the process is not shutting down; 503 with the same body naming the failed checks",
    access: "anyone",
    response: readinessSchema,
    sameBodyOn: [503],
  },
];

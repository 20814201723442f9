import { createRoute } from "@hono/zod-openapi";
import type { Health } from "#api/contracts/health";
import { healthSchema, readinessSchema } from "#api/contracts/health";
import { databaseAnswers, readiness } from "#api/domain/operations";
import type { AppDeps } from "../deps";
import { access, answers, openApiRouter } from "./openapi-route";

const healthRoute = createRoute({
  method: "get",
  path: "/health",
  summary: "Liveness and database kind",
  description: access("anyone"),
  responses: { 200: answers(healthSchema) },
});

const readyRoute = createRoute({
  method: "get",
  path: "/ready",
  summary:
    "Readiness: the database answers, this version's migrations are applied and the process is not shutting down; 503 with the same body naming the failed checks. `bot` tells whether the bot is off, starting, running or not running and why (no check: the web shop works without it)",
  description: access("anyone"),
  responses: { 200: answers(readinessSchema), 503: answers(readinessSchema, "Not ready, in the same shape") },
});

export const healthRoutes = (deps: AppDeps) =>
  openApiRouter()
    .openapi(healthRoute, async (c) => {
      await databaseAnswers(deps.database.db);
      return c.json({ ok: true, db: deps.database.kind } satisfies Health, 200);
    })
    .openapi(readyRoute, async (c) => {
      const answer = await readiness({ db: deps.database.db, bot: deps.bot }, deps.lifecycle.draining);
      return answer.ok ? c.json(answer, 200) : c.json(answer, 503);
    });

import { Hono } from "hono";
import { pingDatabase } from "#db/queries/health";
import type { Health } from "../contracts/health";
import { healthSchema } from "../contracts/health";
import type { AppDeps } from "../deps";
import type { RouteDoc } from "./route-doc";

export const healthRoutes = (deps: AppDeps) =>
  new Hono().get("/health", async (c) => {
    await pingDatabase(deps.database.db);
    return c.json({ ok: true, db: deps.database.kind } satisfies Health);
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
];

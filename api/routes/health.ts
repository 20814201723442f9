import { sql } from "drizzle-orm";
import { Hono } from "hono";
import type { Health } from "../contracts/health";
import type { AppDeps } from "../deps";

export const healthRoutes = (deps: AppDeps) =>
  new Hono().get("/health", async (c) => {
    await deps.database.db.execute(sql`select 1`);
    return c.json({ ok: true, db: deps.database.kind } satisfies Health);
  });

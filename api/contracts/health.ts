import { z } from "zod";

export const healthSchema = z.object({ ok: z.boolean(), db: z.enum(["pglite", "postgres"]) });
export type Health = z.infer<typeof healthSchema>;

export const readinessChecks = ["database", "migrations", "shutdown"] as const;
export type ReadinessCheck = (typeof readinessChecks)[number];

const checkSchema = z.object({ ok: z.boolean(), detail: z.string().optional() });

/** GET /api/ready: 200 when every check passes, else 503 naming the failed ones. */
export const readinessSchema = z.object({
  ok: z.boolean(),
  checks: z.object({ database: checkSchema, migrations: checkSchema, shutdown: checkSchema }),
  failed: z.array(z.enum(readinessChecks)),
});
export type Readiness = z.infer<typeof readinessSchema>;

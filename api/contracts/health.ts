import { z } from "zod";
import { botOffReasons, botProblems, botStates } from "./bot-status";

export const healthSchema = z.object({ ok: z.boolean(), db: z.enum(["pglite", "postgres"]) });
export type Health = z.infer<typeof healthSchema>;

export const readinessChecks = ["database", "migrations", "shutdown"] as const;
export type ReadinessCheck = (typeof readinessChecks)[number];

const checkSchema = z.object({ ok: z.boolean(), detail: z.string().optional() });

/**
 * The bot as readiness tells it (decision 121): its state and why, never Telegram's words (anyone
 * may read /api/ready). No check: a bot that does not run leaves the shop's web side working, so
 * the process stays ready.
 */
export const readinessBotSchema = z.object({
  state: z.enum(botStates),
  /** Off: no_token or mode_off; not running: the problem. */
  reason: z.enum([...botOffReasons, ...botProblems]).optional(),
});

/** GET /api/ready: 200 when every check passes, else 503 naming the failed ones; and the bot. */
export const readinessSchema = z.object({
  ok: z.boolean(),
  checks: z.object({ database: checkSchema, migrations: checkSchema, shutdown: checkSchema }),
  failed: z.array(z.enum(readinessChecks)),
  bot: readinessBotSchema,
});
export type Readiness = z.infer<typeof readinessSchema>;
export type ReadinessBot = z.infer<typeof readinessBotSchema>;

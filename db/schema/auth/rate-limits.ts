import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Attempt counters behind the rate limits, one row per limited key (a scope and a hashed subject),
 * in the database so every process behind one Postgres counts against the same limit. A fixed
 * window: it opens at the first counted attempt and the count starts again after `resets_at`.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    hits: integer("hits").notNull(),
    resetsAt: timestamp("resets_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limits_resets_at_idx").on(t.resetsAt)],
);

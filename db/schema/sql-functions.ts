import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The version of each SQL function kept in a file of its own (db/functions/<name>.sql) that the
 * database runs: applyFunctions (db/sql-functions.ts) replaces a function only with a newer version.
 */
export const schemaFunctions = pgTable("schema_functions", {
  name: text("name").primaryKey(),
  version: integer("version").notNull(),
  appliedAt: timestamp("applied_at", { withTimezone: true }).notNull().defaultNow(),
});

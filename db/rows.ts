import type { SQL } from "drizzle-orm";

/** Any drizzle Postgres database, with or without the schema. */
export interface Executor {
  execute(query: SQL): PromiseLike<unknown>;
}

/** The rows of a raw SQL statement, whichever driver ran it (postgres.js answers an array, PGlite `{rows}`). */
export async function executeRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;
}

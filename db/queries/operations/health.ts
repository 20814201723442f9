import { sql } from "drizzle-orm";
import type { Db } from "../../client";
import { executeRows } from "../../rows";

/** Throws when the database does not answer. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/** This process's connections by state, known by the application_name its pool connects with; its own excluded. */
export async function connectionStates(db: Db, applicationName: string): Promise<Record<string, number>> {
  const rows = await executeRows<{ state: string | null; n: number }>(
    db,
    sql`select state, count(*)::int as n from pg_stat_activity
        where application_name = ${applicationName} and pid <> pg_backend_pid() group by state`,
  );
  return Object.fromEntries(rows.map((row) => [row.state ?? "unknown", row.n]));
}

import { sql } from "drizzle-orm";
import type { Db } from "../client";

/** Throws when the database does not answer. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

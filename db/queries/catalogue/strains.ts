import { asc, eq } from "drizzle-orm";
import type { Db } from "../../client";
import { strains } from "../../schema";

/** The built-in catalogue's strains of one type, in catalogue order. */
export function strainsOfType(db: Db, type: string): Promise<{ name: string; traits: string[] }[]> {
  return db
    .select({ name: strains.name, traits: strains.traits })
    .from(strains)
    .where(eq(strains.type, type))
    .orderBy(asc(strains.id));
}

import { randomBytes } from "node:crypto";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import type { Db } from "#db/client";
import { migrationsFolder } from "#db/migrate";
import * as schema from "#db/schema/index";

interface JournalEntry {
  idx: number;
  tag: string;
}

const readJournal = async (folder: string) =>
  JSON.parse(await readFile(join(folder, "meta/_journal.json"), "utf8")) as { entries: JournalEntry[] };

/**
 * The index of the migration whose tag ends with `name` (`0031_<name>`): found by name, so a test
 * still finds it when the migration is renumbered.
 */
export async function migrationIndex(name: string): Promise<number> {
  const entry = (await readJournal(migrationsFolder)).entries.find((e) => e.tag.endsWith(`_${name}`));
  if (!entry) throw new Error(`no migration named ${name}`);
  return entry.idx;
}

/**
 * The migrations folder as it stood before migration `index` (its journal cut there), in a
 * temporary directory `cleanup` removes.
 */
export async function migrationsBefore(
  index: number,
): Promise<{ folder: string; cleanup: () => Promise<void> }> {
  const folder = await mkdtemp(join(tmpdir(), "migrations-"));
  await cp(migrationsFolder, folder, { recursive: true });
  const journal = await readJournal(folder);
  journal.entries = journal.entries.filter((entry) => entry.idx < index);
  await writeFile(join(folder, "meta/_journal.json"), JSON.stringify(journal));
  return { folder, cleanup: () => rm(folder, { recursive: true, force: true }) };
}

/**
 * An empty database (in-memory PGlite, or a new one on the DATABASE_URL server) migrated with
 * drizzle's own migrator, to whatever folder it is given.
 */
export async function emptyDatabase(): Promise<{
  db: Db;
  migrateWith: (folder: string) => Promise<void>;
  close: () => Promise<void>;
}> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const client = await PGlite.create();
    const db = drizzlePglite(client, { schema });
    return {
      // The app's Db, so domain code can run on the migrated database.
      db: db as unknown as Db,
      migrateWith: (folder) => migratePglite(db, { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const name = `test_${randomBytes(8).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin`create database ${admin(name)}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const client = postgres(url.toString(), { max: 1, onnotice: () => {} });
  const db = drizzlePostgres(client, { schema });
  return {
    db: db as unknown as Db,
    migrateWith: (folder) => migratePostgres(db, { migrationsFolder: folder }),
    close: async () => {
      await client.end();
      await admin`drop database if exists ${admin(name)} with (force)`;
      await admin.end();
    },
  };
}

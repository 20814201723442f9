import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { ExtractTablesWithRelations, SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { lockPgliteDir } from "./pglite-lock";
import * as schema from "./schema/index";

export { DataDirInUseError, PGLITE_LOCK_FILE } from "./pglite-lock";

export type Schema = typeof schema;
/** The drizzle database, whichever driver is behind it. Inside a transaction use its handle, never this. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbKind = "pglite" | "postgres";

/** The rows of a raw SQL statement, whichever driver ran it (postgres.js answers an array, PGlite `{rows}`). */
export async function executeRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;
}

export interface Database {
  db: Db;
  kind: DbKind;
  /** Subscribes to a NOTIFY channel; resolves to the unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface DbOptions {
  /** A postgres:// URL; without it an embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; "memory://" keeps it in memory (tests). */
  dataDir?: string | undefined;
  /** PGlite only: start from this data dump (`dumpDataDir`) instead of an empty cluster. */
  loadDataDir?: Blob | undefined;
  /** Connection pool size for Postgres. */
  poolSize?: number | undefined;
}

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));
// Any fixed number: serialises migrations when several processes start against one server.
const MIGRATION_LOCK = 725_001;

export async function createDb(options: DbOptions): Promise<Database> {
  return options.databaseUrl
    ? createPostgres(options.databaseUrl, options.poolSize ?? 10)
    : createPglite(options);
}

async function createPglite(options: DbOptions): Promise<Database> {
  const dataDir = options.dataDir ?? "memory://";
  let release = () => {};
  if (!dataDir.includes("://")) {
    mkdirSync(dataDir, { recursive: true });
    release = lockPgliteDir(dataDir);
  }
  const client = await PGlite.create(dataDir, { loadDataDir: options.loadDataDir }).catch(
    (error: unknown) => {
      release();
      throw error;
    },
  );
  const close = async () => {
    try {
      await client.close();
    } finally {
      release();
    }
  };
  try {
    await migratePglite(drizzlePglite(client), { migrationsFolder });
  } catch (error) {
    await close();
    throw error;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    listen: async (channel, onPayload) => {
      const unsubscribe = await client.listen(channel, onPayload);
      return () => unsubscribe();
    },
    close,
  };
}

async function createPostgres(url: string, poolSize: number): Promise<Database> {
  const migrator = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await migrator`select pg_advisory_lock(${MIGRATION_LOCK})`;
    await migratePostgres(drizzlePostgres(migrator), { migrationsFolder });
    await migrator`select pg_advisory_unlock(${MIGRATION_LOCK})`;
  } finally {
    await migrator.end();
  }
  const client = postgres(url, { max: poolSize, onnotice: () => {} });
  const db = drizzlePostgres(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    listen: async (channel, onPayload) => {
      const subscription = await client.listen(channel, onPayload);
      return () => subscription.unlisten();
    },
    close: () => client.end({ timeout: 5 }),
  };
}

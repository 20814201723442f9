import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { applyMigrations, MIGRATION_LOCK } from "./migrate";
import { lockPgliteDir } from "./pglite-lock";
import * as schema from "./schema";
import { unreachableOrSame } from "./unreachable";

export { NewerDatabaseError } from "./migrate";
export { DataDirInUseError, PGLITE_LOCK_FILE } from "./pglite-lock";
export { executeRows } from "./rows";
export { DatabaseUnreachableError } from "./unreachable";

export type Schema = typeof schema;
/** The drizzle database, whichever driver is behind it. Inside a transaction use its handle, never this. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbKind = "pglite" | "postgres";

export interface Database {
  db: Db;
  kind: DbKind;
  /** Subscribes to a NOTIFY channel; resolves to the unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** Connections the pool may open (PGlite: its one). */
  poolSize: number;
  /** Postgres: the application_name every connection of this pool carries (pg_stat_activity). */
  applicationName?: string;
  /** PGlite only: the whole data directory as one gzipped tarball (the backup's database part). */
  dumpDataDir?: () => Promise<Blob>;
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
    await applyMigrations(drizzlePglite(client), migratePglite);
  } catch (error) {
    await close();
    throw error;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    poolSize: 1,
    listen: async (channel, onPayload) => {
      const unsubscribe = await client.listen(channel, onPayload);
      return () => unsubscribe();
    },
    dumpDataDir: () => client.dumpDataDir("gzip"),
    close,
  };
}

async function createPostgres(url: string, poolSize: number): Promise<Database> {
  const migrator = postgres(url, { max: 1, onnotice: () => {} });
  try {
    // The first statement is the first connection: a server not there, or refusing us, is named.
    await migrator`select pg_advisory_lock(${MIGRATION_LOCK})`.catch((error: unknown) => {
      throw unreachableOrSame(url, error);
    });
    await applyMigrations(drizzlePostgres(migrator), migratePostgres);
    await migrator`select pg_advisory_unlock(${MIGRATION_LOCK})`;
  } finally {
    await migrator.end();
  }
  // Unique per process, so pg_stat_activity tells its connections apart (the metrics read it).
  const applicationName = `members-shop-${randomBytes(4).toString("hex")}`;
  const client = postgres(url, {
    max: poolSize,
    onnotice: () => {},
    // JIT compiles a plan once its estimated cost is high, which here means the gate's reconcile over
    // every member: about a second of compiling for statements that run in less (decision 120). The
    // shop's statements are short: none is worth compiling.
    connection: { application_name: applicationName, jit: "off" },
  });
  const db = drizzlePostgres(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    poolSize,
    applicationName,
    listen: async (channel, onPayload) => {
      const subscription = await client.listen(channel, onPayload);
      return () => subscription.unlisten();
    },
    close: () => client.end({ timeout: 5 }),
  };
}

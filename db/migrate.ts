import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { type Executor, executeRows } from "./rows";
import { applyFunctions } from "./sql-functions";

/** Beside this file in the sources; the compiled server has a copy beside its bundle (npm run build). */
export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));
/** Any fixed number: serialises migrations when several processes start against one server. */
export const MIGRATION_LOCK = 725_001;

/** A database migrated by a newer version: `unknown` of its applied migrations are not in this version's journal. */
export class NewerDatabaseError extends Error {
  constructor(readonly unknown: number) {
    super(
      `The database was migrated by a newer version of this app (${unknown} migration(s) this version does not know). ` +
        "Run that version or a newer one, or restore a backup taken before the upgrade.",
    );
  }
}

export interface MigrationState {
  /** Migrations of this version not applied yet. */
  pending: number;
  /** Applied migrations this version does not know: a newer version migrated the database. */
  unknown: number;
}

let known: Set<number> | undefined;
/** drizzle records each applied migration with its journal's `when` as created_at. */
const knownMigrations = () => {
  known ??= new Set(readMigrationFiles({ migrationsFolder }).map((m) => m.folderMillis));
  return known;
};

/** Compares the database's record of applied migrations with this version's journal. */
export async function migrationState(db: Executor): Promise<MigrationState> {
  const [table] = await executeRows<{ name: string | null }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations')::text as name`,
  );
  const applied = table?.name
    ? (
        await executeRows<{ created_at: string | number }>(
          db,
          sql`select created_at from drizzle.__drizzle_migrations`,
        )
      ).map((row) => Number(row.created_at))
    : [];
  const expected = knownMigrations();
  const appliedSet = new Set(applied);
  return {
    pending: [...expected].filter((when) => !appliedSet.has(when)).length,
    unknown: applied.filter((when) => !expected.has(when)).length,
  };
}

/**
 * Applies this version's pending migrations with `migrate` (drizzle's, for the driver), after
 * refusing a database that a newer version has migrated: this version's code does not know its
 * schema, and drizzle would silently skip everything. Then the SQL functions kept in files of their
 * own (db/functions) whose version is newer than the database's.
 */
export async function applyMigrations<D extends Executor>(
  db: D,
  migrate: (db: D, config: { migrationsFolder: string }) => Promise<void>,
): Promise<void> {
  const before = await migrationState(db);
  if (before.unknown > 0) {
    throw new NewerDatabaseError(before.unknown);
  }
  if (before.pending > 0) await migrate(db, { migrationsFolder });
  await applyFunctions(db);
}

import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createDb, type DbOptions, executeRows, NewerDatabaseError } from "#db/client";
import { migrationState } from "#db/migrate";
import { freshDatabase } from "../helpers/test-db";

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe("migrations at start", () => {
  it("refuse a database that a newer version has migrated, and leave it untouched", async () => {
    // A database that can be opened twice: a Postgres one, or PGlite in a directory (copied from
    // the run's migrated template, as Postgres's is).
    const dataDir = await mkdtemp(join(tmpdir(), "migrate-"));
    dirs.push(dataDir);
    const fresh = await freshDatabase({ pgliteDir: dataDir });
    const options: DbOptions = fresh.url ? { databaseUrl: fresh.url, poolSize: 1 } : { dataDir };
    const first = fresh.database;
    try {
      expect(await migrationState(first.db)).toEqual({ pending: 0, unknown: 0 });
      await first.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('newer', 99999999999999)`,
      );
      expect(await migrationState(first.db)).toEqual({ pending: 0, unknown: 1 });
    } finally {
      if (!fresh.url) await first.close();
    }
    try {
      const error = await createDb(options).then(
        async (db) => {
          await db.close();
          return undefined;
        },
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(NewerDatabaseError);
      expect((error as Error).message).toMatch(/migrated by a newer version of this app \(1 migration/);
    } finally {
      if (fresh.url) {
        const rows = await executeRows<{ n: number }>(
          fresh.database.db,
          sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        );
        expect(rows[0]?.n).toBeGreaterThan(1);
        await fresh.cleanup();
      }
    }
  });
});

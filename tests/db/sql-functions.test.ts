import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, executeRows } from "#db/client";
import { migrationsFolder } from "#db/migrate";
import { applyFunctions, readFunctionFiles } from "#db/sql-functions";
import { emptyDatabase, migrationsBefore } from "../helpers/partial-migrations";
import { freshDatabase } from "../helpers/test-db";

// Runs on PGlite, and on Postgres when DATABASE_URL is set.
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

const tempDir = async (prefix: string) => {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

describe("migration 0020: the checkout's functions move to db/functions", () => {
  it("renames the reasons keys were kept under by the version before 0018, and drops its functions", async () => {
    const empty = await emptyDatabase();
    try {
      const before = await migrationsBefore(20);
      await empty.migrateWith(before.folder);
      await before.remove();
      await empty.db.execute(sql`insert into users (id) values ('00000000-0000-4000-8000-000000000001')`);
      const kept = [
        ["stock", { title: "Old Haze" }, "out_of_stock"],
        ["budget", { remaining: "3.00" }, "over_budget"],
        ["age", {}, "age_required"],
        ["restricted", { title: "Old Haze" }, "restricted_state"],
        ["out_of_stock", { title: "New Haze" }, "out_of_stock"],
      ] as const;
      for (const [i, [reason, facts]] of kept.entries()) {
        // The version before 0018 kept a status beside its reason; 0018's keys have neither.
        const status = reason === "out_of_stock" ? {} : { status: 409 };
        const response = JSON.stringify({ outcome: "refused", ...status, reason, ...facts });
        await empty.db.execute(sql`
          insert into checkout_requests (user_id, key, request_hash, status, response)
          values ('00000000-0000-4000-8000-000000000001', ${`key-${i}`}, 'h', 409, ${response}::jsonb)`);
      }
      await empty.migrateWith(migrationsFolder);
      const rows = await executeRows<{ key: string; response: Record<string, unknown> }>(
        empty.db,
        sql`select key, response from checkout_requests order by key`,
      );
      expect(rows.map((row) => row.response)).toEqual(
        kept.map(([, facts, renamed]) => ({ outcome: "refused", reason: renamed, ...facts })),
      );
      const functions = await executeRows<{ name: string }>(
        empty.db,
        sql`select routine_name as name from information_schema.routines
            where routine_name in ('place_credit_order', 'credit_order_outcome')`,
      );
      expect(functions).toEqual([]);
    } finally {
      await empty.close();
    }
  });
});

describe("SQL functions kept in files of their own", () => {
  let database: Database;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ database, cleanup } = await freshDatabase());
  });
  afterAll(() => cleanup());

  const probe = (version: number, answer: number) => ({
    name: "zz_probe",
    version,
    body: `-- version: ${version}\nCREATE OR REPLACE FUNCTION zz_probe() RETURNS int LANGUAGE sql AS $$ SELECT ${answer} $$;\n`,
  });
  const answer = async () =>
    (await executeRows<{ n: number }>(database.db, sql`select zz_probe() as n`))[0]?.n;

  it("are applied at start: the database records each file's version", async () => {
    const recorded = await executeRows<{ name: string; version: number }>(
      database.db,
      sql`select name, version from schema_functions order by name`,
    );
    expect(recorded).toEqual(readFunctionFiles().map(({ name, version }) => ({ name, version })));
    expect(recorded.map((row) => row.name)).toEqual([
      "credit_checkout",
      "credit_checkout_outcome",
      "get_period_credits",
      "passed_age_gate",
      "process_monthly_rollover",
    ]);
    // Nothing newer: nothing applied again.
    expect(await applyFunctions(database.db)).toEqual([]);
  });

  it("replace a function only with a newer version, never an older one", async () => {
    expect(await applyFunctions(database.db, [probe(1, 1)])).toEqual(["zz_probe"]);
    expect(await answer()).toBe(1);
    expect(await applyFunctions(database.db, [probe(2, 2)])).toEqual(["zz_probe"]);
    expect(await answer()).toBe(2);
    // A process of an older version, started during a rolling upgrade, puts nothing back.
    expect(await applyFunctions(database.db, [probe(1, 1)])).toEqual([]);
    expect(await answer()).toBe(2);
  });

  it("refuse a file without its version line", async () => {
    const folder = await tempDir("functions-");
    await writeFile(
      join(folder, "bad.sql"),
      "CREATE OR REPLACE FUNCTION bad() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$;",
    );
    expect(() => readFunctionFiles(folder)).toThrow(/must start with "-- version: N"/);
  });
});

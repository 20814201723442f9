import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsFolder } from "#db/migrate";
import { spawnEntryPoint } from "../helpers/entry-point";
import { emptyServerDatabase } from "../helpers/server-database";
import { type ServerProcess, startServerProcess } from "../helpers/server-process";

// Several processes share one database only on a Postgres server: the suite's, or the local one
// CI runs beside the embedded-PGlite pass too.
const journal = JSON.parse(await readFile(join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
  entries: { when: number }[];
};
const drops: (() => Promise<void>)[] = [];
const servers: ServerProcess[] = [];
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "migrate-proc-"));
});
afterAll(async () => {
  for (const server of servers) server.proc.kill("SIGKILL");
  await Promise.all(servers.map((server) => server.exited));
  for (const drop of drops) await drop();
  await rm(dataDir, { recursive: true, force: true });
});

async function emptyDatabase() {
  const database = await emptyServerDatabase("migrate");
  drops.push(database.drop);
  return database.url;
}

async function appliedMigrations(url: string): Promise<{ hash: string; created_at: string }[]> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return await sql<
      { hash: string; created_at: string }[]
    >`select hash, created_at from drizzle.__drizzle_migrations`;
  } finally {
    await sql.end();
  }
}

const migrateCli = async (env: Record<string, string>) => {
  const run = spawnEntryPoint("api/migrate-cli.ts", [], { LOG_LEVEL: "silent", ...env });
  return { code: await run.exited, output: run.output() };
};

describe("migrations across processes", () => {
  it("two servers starting at once on an empty database apply each migration exactly once", async () => {
    const url = await emptyDatabase();
    const [a, b] = await Promise.all([
      startServerProcess(dataDir, { DATABASE_URL: url }),
      startServerProcess(dataDir, { DATABASE_URL: url }),
    ]);
    servers.push(a, b);
    const applied = await appliedMigrations(url);
    expect(applied.map((row) => Number(row.created_at)).sort()).toEqual(
      journal.entries.map((e) => e.when).sort(),
    );
    for (const server of [a, b]) expect((await fetch(`${server.url}/api/ready`)).status).toBe(200);
  }, 180_000);

  it("npm run db:migrate migrates without starting a server, and again finds nothing to do", async () => {
    const url = await emptyDatabase();
    const first = await migrateCli({ DATABASE_URL: url });
    const where = new URL(url);
    expect(first).toEqual({
      code: 0,
      output: `Database: Postgres at ${where.hostname}:${where.port || "5432"}${where.pathname}\nmigrations are current (postgres)\n`,
    });
    expect(await appliedMigrations(url)).toHaveLength(journal.entries.length);
    expect((await migrateCli({ DATABASE_URL: url })).code).toBe(0);
    expect(await appliedMigrations(url)).toHaveLength(journal.entries.length);
  }, 60_000);

  it("migrates the embedded PGlite database in DATA_DIR too", async () => {
    const result = await migrateCli({ DATABASE_URL: "", DATA_DIR: join(dataDir, "pglite-cli") });
    expect(result).toEqual({
      code: 0,
      output: `Database: PGlite in ${join(dataDir, "pglite-cli", "pglite")}\nmigrations are current (pglite)\n`,
    });
  }, 60_000);

  it("a server started on a database a newer version migrated refuses, saying why", async () => {
    const url = await emptyDatabase();
    expect((await migrateCli({ DATABASE_URL: url })).code).toBe(0);
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    await sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('newer', 99999999999999)`;
    await sql.end();
    const server = spawnEntryPoint("api/main.ts", [], { DATABASE_URL: url, PORT: "0", LOG_LEVEL: "silent" });
    expect(await server.exited).toBe(1);
    expect(server.output().trim()).toBe(
      "The database was migrated by a newer version of this app (1 migration(s) this version does not know). " +
        "Run that version or a newer one, or restore a backup taken before the upgrade.",
    );
  }, 60_000);
});

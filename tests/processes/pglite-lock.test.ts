import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, PGLITE_LOCK_FILE } from "#db/client";
import { spawnEntryPoint } from "../helpers/entry-point";

/** Runs one of our entry points on `dataDir` (always PGlite) and resolves with its exit code and output. */
async function run(script: string, args: string[], dataDir: string) {
  const { output, exited } = spawnEntryPoint(script, args, {
    DATABASE_URL: "",
    DATA_DIR: dataDir,
    PORT: "0",
    HOST: "127.0.0.1",
    SEED_DEMO_DATA: "false",
    BOT_TOKEN: "",
  });
  const code = await exited;
  return { code, output: output() };
}

let dataDir: string;
let pgliteDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "pglite-lock-"));
  pgliteDir = join(dataDir, "pglite");
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe("one PGlite data directory, one process", () => {
  it("refuses a second process with a clear message while the first holds it, then lets one in", async () => {
    const first = await createDb({ dataDir: pgliteDir });
    const lockPath = join(pgliteDir, PGLITE_LOCK_FILE);
    try {
      expect(readFileSync(lockPath, "utf8").split("\n")[0]).toBe(String(process.pid));
      const [admin, server] = await Promise.all([
        run("api/admin-cli.ts", ["list"], dataDir),
        run("api/main.ts", [], dataDir),
      ]);
      for (const second of [admin, server]) {
        expect(second.code).toBe(1);
        expect(second.output).toContain(
          `The database in ${pgliteDir} is in use by process ${process.pid}: the embedded database takes one process at a time.`,
        );
        expect(second.output).not.toContain("Aborted");
        expect(second.output).not.toMatch(/\n\s+at /);
      }
    } finally {
      await first.close();
    }
    expect(existsSync(lockPath)).toBe(false);

    const after = await run("api/admin-cli.ts", ["list"], dataDir);
    expect(after.output).not.toContain("in use");
    expect(after.code).toBe(0);
    expect(existsSync(lockPath)).toBe(false);
  }, 120_000);

  it("takes over a lock left by a process that is gone", async () => {
    // A process that held it and died without cleaning up (kill -9).
    const gone = spawnSync(process.execPath, ["-e", "0"]);
    expect(gone.status).toBe(0);
    const lockPath = join(pgliteDir, PGLITE_LOCK_FILE);
    writeFileSync(lockPath, `${gone.pid}\n`);
    const database = await createDb({ dataDir: pgliteDir });
    try {
      expect(readFileSync(lockPath, "utf8").split("\n")[0]).toBe(String(process.pid));
    } finally {
      await database.close();
    }
    expect(existsSync(lockPath)).toBe(false);
  }, 60_000);

  it("takes over a lock whose pid now belongs to another process (a restart reused it), where /proc tells", async () => {
    const lockPath = join(pgliteDir, PGLITE_LOCK_FILE);
    // The parent runs, but it is not the process that started at tick 1 after boot.
    writeFileSync(lockPath, `${process.ppid}\n1\n`);
    if (!existsSync("/proc/self/stat")) {
      await expect(createDb({ dataDir: pgliteDir })).rejects.toThrow(`in use by process ${process.ppid}`);
      return;
    }
    const database = await createDb({ dataDir: pgliteDir });
    try {
      expect(readFileSync(lockPath, "utf8").split("\n")[0]).toBe(String(process.pid));
    } finally {
      await database.close();
    }
  }, 60_000);
});

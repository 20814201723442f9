import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnEntryPoint } from "../helpers/entry-point";
import { freePort } from "../helpers/free-port";
import { emptyServerDatabase } from "../helpers/server-database";
import { eventually } from "../helpers/test-app";

// `npm start` runs the compiled server (dist/server, esbuild) with plain node: it must find its
// migrations and run exactly as the sources do. On the suite's database kind.
let dataDir: string;
let database: { url: string; drop: () => Promise<void> } | undefined;
beforeAll(async () => {
  await promisify(execFile)("npm", ["run", "build:server"], { timeout: 120_000 });
  dataDir = await mkdtemp(join(tmpdir(), "compiled-"));
  if (process.env.DATABASE_URL) database = await emptyServerDatabase("compiled");
}, 180_000);
afterAll(async () => {
  await database?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

describe("the compiled server (npm run build, npm start)", () => {
  it("runs on plain node with source maps: migrates, serves, is ready, stops with 0", async () => {
    const map = JSON.parse(await readFile("dist/server/main.js.map", "utf8")) as { sources: string[] };
    expect(map.sources).toEqual(expect.arrayContaining(["../../api/main.ts", "../../db/migrate.ts"]));

    const port = await freePort();
    const env = {
      DATABASE_URL: database?.url ?? "",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: "true",
      LOG_LEVEL: "info",
    };
    const migrated = spawnEntryPoint("dist/server/migrate-cli.js", [], env, { plainNode: true });
    expect(await migrated.exited).toBe(0);
    // It names the database it opens (decision 122), then what it found.
    expect(migrated.output()).toMatch(/^Database: (PGlite in|Postgres at) \S+\nmigrations are current/);

    const server = spawnEntryPoint("dist/server/main.js", [], env, { plainNode: true });
    try {
      await eventually(async () => {
        expect((await fetch(`http://127.0.0.1:${port}/api/ready`)).status).toBe(200);
      }, 60_000);
      const { products } = (await (await fetch(`http://127.0.0.1:${port}/api/products`)).json()) as {
        products: unknown[];
      };
      expect(products.length).toBeGreaterThan(0);
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
    } finally {
      server.child.kill("SIGKILL");
    }
  }, 120_000);
});

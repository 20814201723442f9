import type { ChildProcess } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import { spawnEntryPoint } from "./entry-point";
import { freePort } from "./free-port";
import { eventually } from "./test-app";

/**
 * A STATIC_DIR under `dir` holding one blank page: the server serves it instead of dist/miniapp,
 * which a build beside the tests may be rewriting (the start refuses a STATIC_DIR without an index.html).
 */
export function blankMiniApp(dir: string): string {
  const staticDir = join(dir, "blank-mini-app");
  mkdirSync(staticDir, { recursive: true });
  writeFileSync(join(staticDir, "index.html"), "<!doctype html><title>shop</title>");
  return staticDir;
}

export interface ServerProcess {
  port: number;
  url: string;
  proc: ChildProcess;
  exited: Promise<number | null>;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
}

/**
 * The real server (api/main.ts) in a child process on a free port, its data under `dataDir`; resolves
 * once /api/health answers. Embedded PGlite unless `env` names a DATABASE_URL.
 */
export async function startServerProcess(
  dataDir: string,
  env: Record<string, string>,
): Promise<ServerProcess> {
  const port = await freePort();
  const { child, output, exited } = spawnEntryPoint("api/main.ts", [], {
    DATABASE_URL: "",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: join(dataDir, String(port)),
    SEED_DEMO_DATA: "false",
    LOG_LEVEL: "info",
    ...env,
  });
  const url = `http://127.0.0.1:${port}`;
  await eventually(async () => {
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
  }, 60_000);
  return { port, url, proc: child, exited, output };
}

import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../../helpers/free-port";

/**
 * A server of a spec's own, started in the Playwright worker: the compiled build on a free port of
 * 127.0.0.1, over PGlite in a fresh directory, for a flow the suite's shared servers cannot give
 * (a bot that runs, a shop that has never had an admin). `env` comes over those defaults.
 */
export interface OwnServer {
  origin: string;
  /** What it has written to its standard output so far (its log, with LOG_LEVEL=info). */
  output(): string;
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 120_000;

/** Resolves once the server answers /api/health; `cleanUp` runs after it stops. */
export async function startOwnServer(
  env: Record<string, string>,
  cleanUp: () => Promise<void> = async () => {},
): Promise<OwnServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "e2e-own-server-"));
  const child: ChildProcess = spawn(process.execPath, ["dist/server/main.js"], {
    env: {
      ...process.env,
      DATABASE_URL: "",
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      STATIC_DIR: "dist/miniapp",
      LOG_LEVEL: "silent",
      TRUST_PROXY: "true",
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    child.kill("SIGKILL");
    await exited;
    await cleanUp();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the server exited (${child.exitCode}) before answering /api/health`);
    }
    const ok = await fetch(`${origin}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not answer /api/health within ${START_TIMEOUT_MS / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { origin, output: () => output, stop };
}

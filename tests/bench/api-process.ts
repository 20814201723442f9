// The API in a child process, as the bench measures it, and a throwaway Postgres database.
import { type ChildProcess, spawn } from "node:child_process";
import { openSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import postgres from "postgres";

export const root = new URL("../..", import.meta.url).pathname;

export interface Started {
  child: ChildProcess;
  port: number;
  startupMs: number;
}

export async function startApi(
  dataDir: string,
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<Started> {
  const started = performance.now();
  // The log goes to a file, as it would to a collector: a pipe into this process would make the
  // load generator pay for reading it.
  const logFile = join(dataDir, "server.log");
  const child = spawn(process.execPath, ["--import", "tsx", "api/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: "info",
      BOT_MODE: "off",
      SEED_DEMO_DATA: "true",
      ...env,
    },
    stdio: ["ignore", openSync(logFile, "a"), "inherit"],
  });
  let exited = false;
  child.on("exit", () => {
    exited = true;
  });
  let port: number | undefined;
  while (port === undefined) {
    if (exited) throw new Error(`api exited; see ${logFile}`);
    const match = /"url":"http:\/\/localhost:(\d+)"/.exec(await readFile(logFile, "utf8").catch(() => ""));
    if (match) port = Number(match[1]);
    else await new Promise((r) => setTimeout(r, 20));
  }
  for (;;) {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
    if (res?.ok) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  return { child, port, startupMs: Math.round(performance.now() - started) };
}

export const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });

export async function withPostgres<T>(run: (url: string) => Promise<T>): Promise<T | { skipped: string }> {
  const server = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const admin = postgres(server, { max: 1, onnotice: () => {}, connect_timeout: 3 });
  const name = `bench_${process.pid}_${Date.now()}`;
  try {
    await admin.unsafe(`create database "${name}"`);
  } catch (error) {
    await admin.end();
    return { skipped: `no Postgres at ${new URL(server).host}: ${(error as Error).message}` };
  }
  try {
    const url = new URL(server);
    url.pathname = `/${name}`;
    return await run(url.toString());
  } finally {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

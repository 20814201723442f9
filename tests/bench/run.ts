// npm run bench: prints one JSON document with
// - GET /api/products throughput and p50/p99 latency at 50 connections, against a bare node:http
//   server sending the same bytes (ratio = api / bare requests per second), on PGlite and Postgres;
// - the Mini App's first-load JavaScript, gzipped;
// - time from process start to a healthy /api/health on a fresh data directory;
// - event streams: server KB per idle client and commit-to-last-client time at 1,000 and 10,000 (sse.ts).
// The servers run in child processes so the load generator does not share their event loop.
import { type ChildProcess, spawn } from "node:child_process";
import { openSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import postgres from "postgres";
import { firstLoadJs } from "./first-load-js";
import { sseFanOut } from "./sse";
import { uploadRss } from "./upload-rss";

const root = new URL("../..", import.meta.url).pathname;
const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);

interface Started {
  child: ChildProcess;
  port: number;
  startupMs: number;
}

async function startApi(dataDir: string, databaseUrl: string): Promise<Started> {
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
      NODE_ENV: "production",
      BOT_MODE: "off",
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

async function startBare(bodyFile: string, headersFile: string): Promise<Started> {
  const child = spawn(process.execPath, [join(root, "tests/bench/bare-server.mjs"), bodyFile, headersFile], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<number>((resolve) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      const match = /PORT (\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
  });
  return { child, port, startupMs: 0 };
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });

async function load(port: number) {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}/api/products`,
    connections: CONNECTIONS,
    duration: DURATION_S,
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function compare(label: string, databaseUrl: string) {
  const dataDir = await mkdtemp(join(tmpdir(), `bench-${label}-`));
  try {
    const api = await startApi(dataDir, databaseUrl);
    const first = await fetch(`http://127.0.0.1:${api.port}/api/products`);
    const body = Buffer.from(await first.arrayBuffer());
    const bodyFile = join(dataDir, "products.json");
    await writeFile(bodyFile, body);
    const headers = Object.fromEntries(first.headers);
    for (const name of ["date", "connection", "keep-alive", "content-length", "transfer-encoding"])
      delete headers[name];
    const headersFile = join(dataDir, "headers.json");
    await writeFile(headersFile, JSON.stringify(headers));
    // Warm both the same way, then measure one after the other.
    await autocannon({ url: `http://127.0.0.1:${api.port}/api/products`, connections: 10, duration: 3 });
    const apiResult = await load(api.port);
    await stop(api.child);
    const bare = await startBare(bodyFile, headersFile);
    await autocannon({ url: `http://127.0.0.1:${bare.port}/api/products`, connections: 10, duration: 3 });
    const bareResult = await load(bare.port);
    await stop(bare.child);
    return {
      database: label,
      bodyBytes: body.length,
      api: apiResult,
      bare: bareResult,
      ratio: Math.round((apiResult.requestsPerSecond / bareResult.requestsPerSecond) * 100) / 100,
      startupToHealthyMs: api.startupMs,
    };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function withPostgres<T>(run: (url: string) => Promise<T>): Promise<T | { skipped: string }> {
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

function miniAppFirstLoad() {
  try {
    const { web, telegram, files } = firstLoadJs();
    const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
    return { webGzipKb: kb(web), telegramGzipKb: kb(telegram), files };
  } catch {
    return { skipped: "dist/miniapp missing: run npm run build" };
  }
}

const result = {
  date: new Date().toISOString(),
  connections: CONNECTIONS,
  durationSeconds: DURATION_S,
  products: [await compare("pglite", ""), await withPostgres((url) => compare("postgres", url))],
  miniAppFirstLoadJs: miniAppFirstLoad(),
  upload500MbRss: await uploadRss(),
  eventStreams: [await sseFanOut("pglite", ""), await withPostgres((url) => sseFanOut("postgres", url))],
};
console.log(JSON.stringify(result, null, 2));

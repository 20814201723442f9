// A broadcast at Telegram's pace (decision 104): 20,000 members who started the bot, one broadcast
// row each, sent by the real server (api/main.ts, the bot in webhook mode) through a fake Bot API
// limited to 300 sends a second, with BROADCAST_RATE=290. Figures: the sustained rate (accepted sends
// a second from the first to the last, and over the middle 80%), each member reached once (lost,
// doubled, uncertain); the same with two processes sharing the queue (Postgres), also with a
// CPU-bound neighbour process on every core ("starved"); the same with a process killed with SIGKILL
// mid-broadcast and started again; GET /api/products p99 during the broadcast and idle.
import { type ChildProcess, fork, spawn } from "node:child_process";
import { mkdir, mkdtemp, rename, rm } from "node:fs/promises";
import { availableParallelism, setPriority, tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { enqueue } from "#api/domain/messaging";
import { createDb, executeRows } from "#db/client";
import { TEST_BOT_TOKEN } from "../helpers/accounts";
import { botMembers, sendingBroadcast, toMember } from "../helpers/outbox";
import { root, type Started, startApi } from "./api-process";

const RECIPIENTS = Number(process.env.BROADCAST_RECIPIENTS ?? 20_000);
const FAKE_RATE = 300;
const RATE = 290;

interface FakeStats {
  accepted: number;
  chats: number;
  doubled: number;
  refused: { rateLimited: number; blocked: number; serverErrors: number };
  times: number[];
}

/** The fake Bot API process at FAKE_RATE; `env` adds to or overrides its settings (the gate bench's). */
export function startFake(
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; apiRoot: string }> {
  const child = fork(join(root, "tests/bench/fake-bot-process.ts"), {
    execArgv: ["--import", "tsx"],
    env: {
      ...process.env,
      FAKE_RATE: String(FAKE_RATE),
      FAKE_BURST_SECONDS: process.env.FAKE_BURST_SECONDS ?? "0.1",
      ...env,
    },
  });
  // The fake stands for Telegram, whose clock no load here delays: ahead of every process here for
  // the CPU (where allowed), so the times it counts are when the sends arrived.
  try {
    if (child.pid) setPriority(child.pid, -10);
  } catch {}
  return new Promise((resolve) =>
    child.once("message", (m: { apiRoot: string }) => resolve({ child, apiRoot: m.apiRoot })),
  );
}
const statsOf = (fake: ChildProcess) =>
  new Promise<FakeStats>((resolve) => {
    fake.once("message", (m: FakeStats) => resolve(m));
    fake.send({ stats: true });
  });

/** Members and their broadcast rows, written before the server starts (PGlite takes one process). */
async function seed(databaseUrl: string, dataDir: string) {
  const database = await createDb(databaseUrl ? { databaseUrl } : { dataDir: join(dataDir, "pglite") });
  try {
    const members = await botMembers(database.db, RECIPIENTS);
    const broadcastId = await sendingBroadcast(database.db, { total: RECIPIENTS });
    await enqueue(
      database.db,
      members.map((m) => toMember(m, "broadcast", { text: "Bench news" }, { broadcastId })),
    );
  } finally {
    await database.close();
  }
}

async function states(databaseUrl: string, dataDir: string): Promise<Record<string, number>> {
  const database = await createDb(databaseUrl ? { databaseUrl } : { dataDir: join(dataDir, "pglite") });
  try {
    const rows = await executeRows<{ state: string; n: number }>(
      database.db,
      sql`select state, count(*)::int as n from outbox group by state`,
    );
    return Object.fromEntries(rows.map((r) => [r.state, Number(r.n)]));
  } finally {
    await database.close();
  }
}

export const serverEnv = (apiRoot: string, dataDir: string) => ({
  BOT_TOKEN: TEST_BOT_TOKEN,
  BOT_MODE: "webhook",
  BOT_API_ROOT: apiRoot,
  PUBLIC_URL: "https://shop.example.com",
  BROADCAST_RATE: String(RATE),
  SEED_DEMO_DATA: "true",
  DATA_DIR: dataDir,
});

async function p99(port: number) {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}/api/products`,
    // A light load: the figure is the answer time the broadcast adds, not the machine's capacity.
    connections: 2,
    duration: 5,
  });
  return { p50Ms: result.latency.p50, p99Ms: result.latency.p99, requestsPerSecond: result.requests.average };
}

export const kill = (child: ChildProcess, signal: NodeJS.Signals) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill(signal);
  });

/** Waits until the fake has seen no new send for `quietMs` (the broadcast drained or stuck). */
async function drained(fake: ChildProcess, quietMs: number, notBefore = 0) {
  let last = -1;
  let since = Date.now();
  for (;;) {
    await new Promise((r) => setTimeout(r, 1000));
    const { accepted } = await statsOf(fake);
    if (accepted !== last) {
      last = accepted;
      since = Date.now();
    } else if (Date.now() - since >= quietMs && Date.now() >= notBefore) return;
    if (accepted >= RECIPIENTS && Date.now() >= notBefore) return;
  }
}

/** Accepted calls a second: from the first to the last, and over the middle 80% of them. */
export function rates(times: number[], limit = FAKE_RATE) {
  const sorted = [...times].sort((a, b) => a - b);
  const span = (a: number, b: number) => ((sorted[b] ?? 0) - (sorted[a] ?? 0)) / 1000;
  const n = sorted.length;
  const lo = Math.floor(n * 0.1);
  const hi = Math.floor(n * 0.9);
  const whole = n > 1 ? (n - 1) / span(0, n - 1) : 0;
  const middle = hi > lo ? (hi - lo) / span(lo, hi) : 0;
  return {
    wholePerSecond: Math.round(whole),
    middlePerSecond: Math.round(middle),
    ofLimit: Math.round((middle / limit) * 1000) / 1000,
    seconds: Math.round(span(0, n - 1) * 10) / 10,
  };
}

type Scenario = "one" | "two" | "starved" | "killed";

/** A process spinning on the CPU for each core, until killed: the other work a starved machine runs. */
const neighbours = () =>
  Array.from({ length: availableParallelism() }, () =>
    spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" }),
  );

async function run(database: "pglite" | "postgres", databaseUrl: string, scenario: Scenario) {
  const dataDir = await mkdtemp(join(tmpdir(), `bench-broadcast-${scenario}-`));
  const fake = await startFake();
  const servers: Started[] = [];
  const spinning: ChildProcess[] = [];
  try {
    await seed(databaseUrl, dataDir);
    // PGlite: the one process opens the data directory the seed wrote.
    const dir = (name: string) => (databaseUrl ? join(dataDir, name) : dataDir);
    const env = (name: string) => serverEnv(fake.apiRoot, dir(name));
    for (const name of ["a", "b"]) await mkdir(dir(name), { recursive: true });
    servers.push(await startApi(dir("a"), databaseUrl, env("a")));
    if (scenario === "two" || scenario === "starved")
      servers.push(await startApi(dir("b"), databaseUrl, env("b")));
    if (scenario === "starved") spinning.push(...neighbours());
    const extra: Record<string, unknown> = {};
    if (scenario === "one" && process.env.BROADCAST_P99 !== "0") {
      await new Promise((r) => setTimeout(r, 5000));
      extra.catalogueDuringBroadcast = await p99(servers[0]?.port ?? 0);
    }
    if (scenario === "killed") {
      await new Promise((r) => setTimeout(r, 20_000));
      const before = await statsOf(fake.child);
      const a = servers.shift();
      if (a) await kill(a.child, "SIGKILL");
      const killedAt = Date.now();
      extra.sentBeforeKill = before.accepted;
      // startApi reads the port from the log: the killed process's goes aside.
      await rename(join(dir("a"), "server.log"), join(dir("a"), "server-killed.log"));
      servers.push(await startApi(dir("a"), databaseUrl, env("a")));
      // The killed process's claims come back when their lease (30 s) ends.
      await drained(fake.child, 5000, killedAt + 40_000);
    } else await drained(fake.child, 5000);
    if (scenario === "one" && process.env.BROADCAST_P99 !== "0")
      extra.catalogueIdle = await p99(servers[0]?.port ?? 0);
    const stats = await statsOf(fake.child);
    if (process.env.BROADCAST_DEBUG) {
      const t0 = Math.min(...stats.times);
      const buckets = new Map<number, number>();
      for (const t of stats.times)
        buckets.set(Math.floor((t - t0) / 100), (buckets.get(Math.floor((t - t0) / 100)) ?? 0) + 1);
      console.error(
        "BUCKETS",
        JSON.stringify(
          [...buckets.entries()]
            .sort((a, b) => a[0] - b[0])
            .map(([k, v]) => `${k}:${v}`)
            .join(" "),
        ),
      );
      console.error(
        "REFUSED",
        JSON.stringify(
          (stats as unknown as { refusedTimes: number[] }).refusedTimes.map((t) => Math.round(t - t0)),
        ),
      );
    }
    for (const neighbour of spinning.splice(0)) await kill(neighbour, "SIGKILL");
    for (const server of servers.splice(0)) await kill(server.child, "SIGTERM");
    const byState = await states(databaseUrl, dataDir);
    return {
      database,
      scenario,
      recipients: RECIPIENTS,
      fakeLimitPerSecond: FAKE_RATE,
      broadcastRate: RATE,
      ...rates(stats.times),
      reachedOnce: stats.chats - stats.doubled,
      lost: RECIPIENTS - stats.chats,
      doubled: stats.doubled,
      refused429: stats.refused.rateLimited,
      rowStates: byState,
      ...extra,
    };
  } finally {
    for (const child of [...spinning, ...servers.map((server) => server.child)]) await kill(child, "SIGKILL");
    fake.child.send({ close: true });
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function broadcastBench(
  withPostgres: <T>(f: (url: string) => Promise<T>) => Promise<T | { skipped: string }>,
) {
  const scenarios = (
    process.env.BROADCAST_SCENARIOS ??
    "pglite:one,pglite:killed,postgres:one,postgres:two,postgres:starved,postgres:killed"
  ).split(",");
  const results: unknown[] = [];
  for (const entry of scenarios) {
    const [database, scenario] = entry.split(":") as ["pglite" | "postgres", Scenario];
    results.push(
      database === "pglite"
        ? await run("pglite", "", scenario)
        : await withPostgres((url) => run("postgres", url, scenario)),
    );
    console.error(JSON.stringify(results.at(-1)));
  }
  return results;
}

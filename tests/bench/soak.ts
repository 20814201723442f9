// A real day, compressed: the mixed soak (BENCH_ONLY=soak). The API runs as bench-server.ts (one
// process, or two behind the clients' round-robin on one Postgres); client processes of their own
// (soak-clients.mjs) hold 1,000 members' event streams and send the traffic: 200 members browsing,
// 20 credit checkouts a second, an admin editing products. This process hands the bot one channel
// post a second, with edits and reaction counts, samples each server's memory every 30 s, and at
// the end has the database checked against what the clients were told (soak-ledger.ts).
import type { ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ask, kill, startBenchServer, withManyFiles } from "./child-ipc";
import { type Acknowledged, PRICEY_BUYERS, type SoakShop } from "./soak-ledger";

const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const MEMBERS = 1000;
const STREAM_PROCESSES = 2;
const SAMPLE_EVERY_S = 30;
const SEEDED_POSTS = 30;

interface Sample {
  atS: number;
  rss: number;
  heapUsed: number;
  handles: number;
}

interface StreamReport {
  streams: number;
  events: number;
  doubleDelivered: number;
  unnamedFeedChanges: number;
  dropped: number;
  ids: [string, number, number][];
}

interface TrafficReport {
  requests: Record<string, { count: number; p50Ms: number; p99Ms: number; maxMs: number }>;
  unexpectedErrors: number;
  unexpectedSamples: unknown[];
  overloaded: number;
  told: Acknowledged[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;
const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);

function startServer(databaseUrl: string, dataDir: string) {
  return startBenchServer(databaseUrl, dataDir, MEMBERS * 2, {
    SEED_DEMO_DATA: "false",
    // No stream reaches its lifetime within the soak: a reconnect would read as a lost delivery.
    SSE_MAX_LIFETIME_SECONDS: String(SECONDS + 600),
  });
}

/** Growth of RSS from the second minute to the last one, in per cent (null under three minutes). */
function growth(samples: Sample[], seconds: number): number | null {
  if (seconds < 180) return null;
  const second = samples.filter((s) => s.atS >= 60 && s.atS <= 120).map((s) => s.rss);
  const last = samples.filter((s) => s.atS >= seconds - 60).map((s) => s.rss);
  return Math.round(((mean(last) - mean(second)) / mean(second)) * 1000) / 10;
}

/** One channel post a second through the bot; every fifth second an edit, every third a count. */
async function botTraffic(server: ChildProcess, seconds: number, samplers: () => Promise<void>) {
  const posts: { id: string; startedAt: number }[] = [];
  const started = performance.now();
  for (let second = 1; second <= seconds; second++) {
    await sleep(Math.max(0, started + second * 1000 - performance.now()));
    const post = await ask<{ id: string; startedAt: number }>(server, { post: true }, "startedAt");
    posts.push(post);
    const telegramId = SEEDED_POSTS + posts.length;
    if (second % 5 === 0) await ask(server, { edit: telegramId - 2 }, "edited");
    if (second % 3 === 0)
      await ask(server, { reactions: 1 + Math.floor(Math.random() * telegramId) }, "reacted");
    if (second % SAMPLE_EVERY_S === 0) await samplers();
  }
  return posts;
}

function deliveries(posts: { id: string; startedAt: number }[], reports: StreamReport[], streams: number) {
  const heard = new Map<string, { seen: number; last: number }>();
  for (const report of reports) {
    for (const [id, seen, last] of report.ids) {
      const before = heard.get(id) ?? { seen: 0, last: 0 };
      heard.set(id, { seen: before.seen + seen, last: Math.max(before.last, last) });
    }
  }
  const delays: number[] = [];
  let missed = 0;
  for (const post of posts) {
    const got = heard.get(post.id);
    missed += streams - (got?.seen ?? 0);
    if (got && got.seen === streams) delays.push(got.last - post.startedAt);
  }
  delays.sort((a, b) => a - b);
  const at = (q: number) => Math.round((delays[Math.floor(q * (delays.length - 1))] ?? 0) * 10) / 10;
  return { posts: posts.length, missedDeliveries: missed, p50: at(0.5), p99: at(0.99), max: at(1) };
}

/** The soak on one database with `processes` servers; figures as the issue names them. */
export async function soak(label: string, databaseUrl: string, processes = 1) {
  const dirs = await Promise.all(
    Array.from({ length: processes }, () => mkdtemp(join(tmpdir(), "bench-soak-"))),
  );
  const servers: ChildProcess[] = [];
  const clients: ChildProcess[] = [];
  try {
    // One after the other: the first migrates, the second finds the database ready.
    const ports: number[] = [];
    for (const dir of dirs) {
      const server = startServer(databaseUrl, dir);
      servers.push(server);
      ports.push((await ask<{ port: number }>(server, {}, "port")).port);
    }
    const [first] = servers;
    if (!first) throw new Error("soak: no server");
    const { shop } = await ask<{ shop: SoakShop }>(first, { seed: { members: MEMBERS } }, "shop");
    for (let i = 0; i < SEEDED_POSTS; i++) await ask(first, { post: true }, "startedAt");

    const streamProcesses = Array.from({ length: STREAM_PROCESSES }, () =>
      withManyFiles(`"${process.execPath}" tests/bench/soak-clients.mjs`, process.env),
    );
    const traffic = withManyFiles(`"${process.execPath}" tests/bench/soak-clients.mjs`, process.env);
    clients.push(...streamProcesses, traffic);
    const share = MEMBERS / STREAM_PROCESSES;
    await Promise.all(
      streamProcesses.map((child, i) =>
        ask(
          child,
          { open: { ports, tokens: shop.members.slice(i * share, (i + 1) * share).map((m) => m.token) } },
          "opened",
        ),
      ),
    );

    const samples: Sample[][] = servers.map(() => []);
    const startedAt = performance.now();
    const sampleAll = async () => {
      const atS = Math.round((performance.now() - startedAt) / 1000);
      for (const [i, server] of servers.entries()) {
        const reading = await ask<Omit<Sample, "atS">>(server, { rss: true }, "rss");
        samples[i]?.push({ atS, ...reading });
      }
    };
    await sampleAll();
    const trafficDone = ask<{ traffic: TrafficReport }>(
      traffic,
      { run: { ports, shop: { ...shop, priceyBuyers: PRICEY_BUYERS }, seconds: SECONDS } },
      "traffic",
    );
    const posts = await botTraffic(first, SECONDS, sampleAll);
    const { traffic: report } = await trafficDone;
    // The last changes reach the streams within a tick or two.
    await sleep(1000);
    const streamReports = await Promise.all(
      streamProcesses.map(
        async (child) => (await ask<{ report: StreamReport }>(child, { report: true }, "report")).report,
      ),
    );
    const { audit } = await ask<{ audit: Record<string, unknown> & { ledgerMismatches: number } }>(
      first,
      { audit: { shop, told: report.told } },
      "audit",
    );
    const delivery = deliveries(posts, streamReports, MEMBERS);
    const growths = samples.flatMap((list) => growth(list, SECONDS) ?? []);
    return {
      database: label,
      processes,
      seconds: SECONDS,
      members: MEMBERS,
      requests: report.requests,
      unexpectedErrors: report.unexpectedErrors,
      unexpectedSamples: report.unexpectedSamples,
      clientOverloaded: report.overloaded,
      ledgerMismatches: audit.ledgerMismatches,
      ledger: audit,
      deliveryP50Ms: delivery.p50,
      deliveryP99Ms: delivery.p99,
      deliveryMaxMs: delivery.max,
      deliveryGoalP99Ms: 200,
      postsDelivered: delivery.posts,
      missedDeliveries: delivery.missedDeliveries,
      doubleDelivered: streamReports.reduce((sum, r) => sum + r.doubleDelivered, 0),
      streamsDropped: streamReports.reduce((sum, r) => sum + r.dropped, 0),
      unnamedFeedChanges: streamReports.reduce((sum, r) => sum + r.unnamedFeedChanges, 0),
      eventsHeard: streamReports.reduce((sum, r) => sum + r.events, 0),
      rssGrowthPct: growths.length ? Math.max(...growths) : null,
      rssGoalPct: 10,
      servers: samples.map((list) => ({
        rssMb: list.map((s) => mb(s.rss)),
        heapMb: list.map((s) => mb(s.heapUsed)),
        handles: list.map((s) => s.handles),
        rssGrowthPct: growth(list, SECONDS),
      })),
    };
  } finally {
    await Promise.all([...clients, ...servers].map(kill));
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  }
}

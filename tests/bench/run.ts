// npm run bench: prints one JSON document with
// - GET /api/products throughput and p50/p99 latency at 50 connections, against a bare node:http
//   server sending the same bytes (ratio = api / bare requests per second; the median of five
//   rounds, each measuring both back to back), on PGlite and Postgres;
// - the Mini App's first-load JavaScript, gzipped;
// - time from process start to a healthy /api/health on a fresh data directory;
// - event streams: server KB per idle client and commit-to-last-client time at 1,000 and 10,000 (sse.ts);
// - a channel post handed to the bot until 1,000 members' feeds have the event, p50/p99 (sse.ts);
// - the feed's first page at 10,000 messages (feed.ts);
// - credit checkouts: 1,000 members at once for stock 100, and one member's 200 at once (checkout.ts);
// - the orders CSV export at 100,000 orders: the API's peak RSS growth, on Postgres (export-rss.ts);
// - the Products drawer's search and filters over 2,000 products, per keystroke (product-search.ts);
// - the owner's dashboard at 100,000 orders, 10,000 members and 5,000 posts (dashboard.ts);
// - a post's translation once cached, p50/p99, the model asked once (translation.ts);
// - the mixed soak: streams, browsing, checkouts, bot posts and admin edits together for
//   SOAK_SECONDS (600), on PGlite, on Postgres, and on two processes over Postgres (soak.ts);
// - a broadcast to 20,000 members at a fake Bot API limit of 300/s, BROADCAST_RATE=290: the rate,
//   each member once, with two processes (also with a CPU-bound neighbour on every core) and with
//   one killed mid-broadcast (broadcast.ts);
// - the gate: 100,000 members of a gated chat, 10,000 lapsing at once: the removal plan's time, and
//   the removals at a fake Bot API limit with two processes, one killed mid-way (gate.ts).
// The servers run in child processes so the load generator does not share their event loop.
import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { root, type Started, startApi, stop, withPostgres } from "./api-process";
import { broadcastBench } from "./broadcast";
import { checkoutUnderLoad } from "./checkout";
import { dashboardAnswer } from "./dashboard";
import { shutdownDrain } from "./drain";
import { exportRss } from "./export-rss";
import { feedFirstPage } from "./feed";
import { firstLoadJs } from "./first-load-js";
import { gatePlanPglite, gatePostgres } from "./gate";
import { inlineAnswer } from "./inline";
import { lighthouseFigures } from "./lighthouse";
import { loginAbuse, loginLimitAcrossTwoProcesses } from "./login-abuse";
import { productSearch } from "./product-search";
import { soak } from "./soak";
import { channelPostToFeeds, sseFanOut } from "./sse";
import { translationCached } from "./translation";
import { uploadRss } from "./upload-rss";

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);

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

// Five: on a shared machine one round in three can be off by a third either way.
const ROUNDS = 5;

async function compare(label: string, databaseUrl: string) {
  const dataDir = await mkdtemp(join(tmpdir(), `bench-${label}-`));
  let api: Started | undefined;
  let bare: Started | undefined;
  try {
    api = await startApi(dataDir, databaseUrl);
    const first = await fetch(`http://127.0.0.1:${api.port}/api/products`);
    const body = Buffer.from(await first.arrayBuffer());
    const bodyFile = join(dataDir, "products.json");
    await writeFile(bodyFile, body);
    const headers = Object.fromEntries(first.headers);
    for (const name of ["date", "connection", "keep-alive", "content-length", "transfer-encoding"])
      delete headers[name];
    const headersFile = join(dataDir, "headers.json");
    await writeFile(headersFile, JSON.stringify(headers));
    bare = await startBare(bodyFile, headersFile);
    // Warm both the same way. Then each round measures one right after the other, so both see
    // the same load from whatever else the machine runs; the median round is the figure.
    for (const port of [api.port, bare.port])
      await autocannon({ url: `http://127.0.0.1:${port}/api/products`, connections: 10, duration: 3 });
    const rounds = [];
    for (let round = 0; round < ROUNDS; round++) {
      const apiResult = await load(api.port);
      const bareResult = await load(bare.port);
      const ratio = Math.round((apiResult.requestsPerSecond / bareResult.requestsPerSecond) * 100) / 100;
      rounds.push({ api: apiResult, bare: bareResult, ratio });
    }
    const median = [...rounds].sort((a, b) => a.ratio - b.ratio)[Math.floor(ROUNDS / 2)];
    return {
      database: label,
      bodyBytes: body.length,
      ...median,
      rounds: rounds.map((round) => round.ratio),
      startupToHealthyMs: api.startupMs,
    };
  } finally {
    if (api) await stop(api.child);
    if (bare) await stop(bare.child);
    await rm(dataDir, { recursive: true, force: true });
  }
}

function miniAppFirstLoad() {
  try {
    const { web, telegram, css, byLanguage, files } = firstLoadJs();
    const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
    // JS and CSS together, gzipped; with the member's language: goals 110 KB (web) and 130 KB
    // (Telegram); each language's catalog (one request to switch to it) at most 10 KB.
    const languages = Object.fromEntries(
      Object.entries(byLanguage).map(([language, sizes]) => [
        language,
        { webGzipKb: kb(sizes.web), telegramGzipKb: kb(sizes.telegram), catalogGzipKb: kb(sizes.catalog) },
      ]),
    );
    return {
      webGzipKb: kb(web),
      telegramGzipKb: kb(telegram),
      cssGzipKb: kb(css),
      byLanguage: languages,
      files,
    };
  } catch {
    return { skipped: "dist/miniapp missing: run npm run build" };
  }
}

// Each figure, by name; BENCH_ONLY=name,name runs just those (the whole bench takes a while).
const figures: Record<string, () => unknown> = {
  products: async () => [await compare("pglite", ""), await withPostgres((url) => compare("postgres", url))],
  miniAppFirstLoadJs: miniAppFirstLoad,
  feedFirstPage: async () => [
    await feedFirstPage("pglite", ""),
    await withPostgres((url) => feedFirstPage("postgres", url)),
  ],
  lighthouse: lighthouseFigures,
  upload500MbRss: uploadRss,
  eventStreams: async () => [
    await sseFanOut("pglite", ""),
    await withPostgres((url) => sseFanOut("postgres", url)),
  ],
  channelPostToFeeds: async () => [
    await channelPostToFeeds("pglite", ""),
    await withPostgres((url) => channelPostToFeeds("postgres", url)),
  ],
  loginAbuse: async () => [
    await loginAbuse("pglite", ""),
    await withPostgres((url) => loginAbuse("postgres", url)),
  ],
  loginLimitAcrossTwoProcesses: () => withPostgres(loginLimitAcrossTwoProcesses),
  creditCheckout: async () => [
    await checkoutUnderLoad("pglite", ""),
    await withPostgres((url) => checkoutUnderLoad("postgres", url)),
  ],
  ordersExportRss: () => withPostgres((url) => exportRss("postgres", url)),
  shutdownDrain: async () => [
    await shutdownDrain("pglite", ""),
    await withPostgres((url) => shutdownDrain("postgres", url)),
  ],
  productSearch2000: productSearch,
  inline: async () => [
    await inlineAnswer("pglite", ""),
    await withPostgres((url) => inlineAnswer("postgres", url)),
  ],
  dashboard: async () => [
    await dashboardAnswer("pglite", ""),
    await withPostgres((url) => dashboardAnswer("postgres", url)),
  ],
  translation: async () => [
    await translationCached("pglite", ""),
    await withPostgres((url) => translationCached("postgres", url)),
  ],
  broadcast: () => broadcastBench(withPostgres),
  gate: async () => [await gatePlanPglite(), await withPostgres(gatePostgres)],
  soak: async () => [
    await soak("pglite", ""),
    await withPostgres((url) => soak("postgres", url)),
    await withPostgres((url) => soak("postgres", url, 2)),
  ],
};
const only = process.env.BENCH_ONLY?.split(",").map((name) => name.trim());
const unknown = only?.filter((name) => !(name in figures)) ?? [];
if (unknown.length)
  throw new Error(`BENCH_ONLY: unknown ${unknown.join(", ")}; known: ${Object.keys(figures)}`);

const result: Record<string, unknown> = {
  date: new Date().toISOString(),
  connections: CONNECTIONS,
  durationSeconds: DURATION_S,
};
for (const [name, measure] of Object.entries(figures)) {
  if (!only || only.includes(name)) result[name] = await measure();
}
console.log(JSON.stringify(result, null, 2));

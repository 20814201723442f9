// Event streams under load: the API in one child process (tests/bench/bench-server.ts), idle
// clients in another (tests/bench/sse-clients.mjs). For each client count: the server's RSS growth
// per client (after a GC on both readings), and, over several rounds, the time from an UPDATE of
// every product (one statement, committed through the server's database) to the moment the last
// client has its `change` event.
import type { ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ask, kill, startBenchServer, withManyFiles } from "./child-ipc";

const ROUNDS = 5;
/** Clients are spread over several processes, so reading 10,000 sockets is not one event loop's work. */
const CLIENT_PROCESSES = 4;

/** The median of three readings a second apart, each after a GC: RSS moves a little on its own. */
async function settledRss(server: ChildProcess): Promise<{ rss: number }> {
  const readings: number[] = [];
  for (let i = 0; i < 3; i++) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    readings.push((await ask<{ rss: number }>(server, { rss: true }, "rss")).rss);
  }
  return { rss: readings.sort((a, b) => a - b)[1] ?? 0 };
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** The bench server's answer to `sends`: the streams' write time so far, and its CPU time (µs). */
interface Sends {
  sendSeconds: number;
  cpu: NodeJS.CpuUsage;
}

/** The bench's API server and the idle-client processes, sized for `streams` streams. */
function startProcesses(databaseUrl: string, dataDir: string, streams: number) {
  // The demo catalogue: the figure is an UPDATE of every product.
  const server = startBenchServer(databaseUrl, dataDir, streams, { SEED_DEMO_DATA: "true" });
  const clientProcesses = Array.from({ length: CLIENT_PROCESSES }, () =>
    withManyFiles(`"${process.execPath}" tests/bench/sse-clients.mjs`, process.env),
  );
  return { server, clientProcesses };
}

/** The client processes open `clients` streams on `port` between them. */
async function openStreams(clientProcesses: ChildProcess[], port: number, clients: number, token?: string) {
  const share = clients / CLIENT_PROCESSES;
  await Promise.all(
    clientProcesses.map((child) => ask(child, { open: { port, count: share, token } }, "opened")),
  );
}

interface Delivery {
  firstEventAt: number;
  lastEventAt: number;
  frameBytes: number;
}

/** One round: `send` makes a change; the answer comes once every client has its event. */
async function deliveryRound<T>(clientProcesses: ChildProcess[], send: () => Promise<T>) {
  // Apart by more than a tick, so every round is its own event.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const delivered = Promise.all(
    clientProcesses.map((child) => ask<Delivery>(child, { watch: true }, "lastEventAt")),
  );
  const sent = await send();
  const reports = await delivered;
  return {
    sent,
    firstEventAt: Math.min(...reports.map((report) => report.firstEventAt)),
    lastEventAt: Math.max(...reports.map((report) => report.lastEventAt)),
    frameBytes: reports[0]?.frameBytes ?? 0,
  };
}

const median = (values: number[]) => round1([...values].sort((a, b) => a - b)[values.length >> 1] ?? 0);

async function measure(databaseUrl: string, clients: number) {
  const dataDir = await mkdtemp(join(tmpdir(), "bench-sse-"));
  const { server, clientProcesses } = startProcesses(databaseUrl, dataDir, clients);
  try {
    const { port } = await ask<{ port: number }>(server, {}, "port");
    // Warm up (the catalogue reloads after a products change), then settle before the baseline.
    await ask(server, { update: true }, "committedAt");
    const before = await settledRss(server);
    const openStarted = performance.now();
    await openStreams(clientProcesses, port, clients);
    const openSeconds = (performance.now() - openStarted) / 1000;
    const after = await settledRss(server);

    const lastClientMs: number[] = [];
    const fromStatementMs: number[] = [];
    const firstToLastMs: number[] = [];
    const serverSendMs: number[] = [];
    const serverUserMs: number[] = [];
    const serverSystemMs: number[] = [];
    let rows = 0;
    let frameBytes = 0;
    for (let round = 0; round < ROUNDS; round++) {
      let sendsBefore: Sends | undefined;
      const delivery = await deliveryRound(clientProcesses, async () => {
        sendsBefore = await ask<Sends>(server, { sends: true }, "sendSeconds");
        return ask<{ startedAt: number; committedAt: number; rows: number }>(
          server,
          { update: true },
          "committedAt",
        );
      });
      const sendsAfter = await ask<Sends>(server, { sends: true }, "sendSeconds");
      if (!sendsBefore) throw new Error("no reading before the round");
      serverSendMs.push((sendsAfter.sendSeconds - sendsBefore.sendSeconds) * 1000);
      serverUserMs.push((sendsAfter.cpu.user - sendsBefore.cpu.user) / 1000);
      serverSystemMs.push((sendsAfter.cpu.system - sendsBefore.cpu.system) / 1000);
      rows = delivery.sent.rows;
      frameBytes = delivery.frameBytes;
      lastClientMs.push(delivery.lastEventAt - delivery.sent.committedAt);
      fromStatementMs.push(delivery.lastEventAt - delivery.sent.startedAt);
      firstToLastMs.push(delivery.lastEventAt - delivery.firstEventAt);
    }
    return {
      clients,
      serverRssMb: { before: round1(before.rss / 2 ** 20), after: round1(after.rss / 2 ** 20) },
      kbPerClient: round1((after.rss - before.rss) / 1024 / clients),
      openSeconds: round1(openSeconds),
      rowsPerUpdate: rows,
      frameBytes,
      // Median over the rounds, then every round.
      commitToLastClientMs: { median: median(lastClientMs), rounds: lastClientMs.map(round1) },
      // From the UPDATE's start: PGlite may deliver its NOTIFY before the statement's promise resolves.
      statementStartToLastClientMs: { median: median(fromStatementMs), rounds: fromStatementMs.map(round1) },
      firstToLastClientMs: median(firstToLastMs),
      // The server's own part: writing the change to every stream (event_stream_send_seconds).
      serverWriteMs: { median: median(serverSendMs), rounds: serverSendMs.map(round1) },
      // The server process's CPU over the round (the UPDATE, its NOTIFY, the catalogue reload and
      // the writes): in the process itself, and in the kernel on its behalf. On loopback the kernel
      // time of a socket write includes the receiving side's TCP work.
      serverCpuMs: { user: median(serverUserMs), system: median(serverSystemMs) },
    };
  } finally {
    await Promise.all(clientProcesses.map(kill));
    await kill(server);
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * The same clients and the same frame size against bare-sse.mjs, a node:http server that does
 * nothing but write the frame to every socket: what this machine's loopback, kernel and client
 * processes take with no API, database or tick in the way. The API's commit-to-last-client time
 * less this one is the server's own share.
 */
async function bareFloor(clients: number, frameBytes: number) {
  const server = withManyFiles(`"${process.execPath}" tests/bench/bare-sse.mjs`, process.env);
  const clientProcesses = Array.from({ length: CLIENT_PROCESSES }, () =>
    withManyFiles(`"${process.execPath}" tests/bench/sse-clients.mjs`, process.env),
  );
  try {
    const { port } = await ask<{ port: number }>(server, {}, "port");
    await openStreams(clientProcesses, port, clients);
    const lastClientMs: number[] = [];
    const writeMs: number[] = [];
    const userMs: number[] = [];
    const systemMs: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const { sent, lastEventAt } = await deliveryRound(clientProcesses, () =>
        ask<{ startedAt: number; wroteAt: number; cpu: NodeJS.CpuUsage }>(
          server,
          { send: frameBytes },
          "wroteAt",
        ),
      );
      lastClientMs.push(lastEventAt - sent.startedAt);
      writeMs.push(sent.wroteAt - sent.startedAt);
      userMs.push(sent.cpu.user / 1000);
      systemMs.push(sent.cpu.system / 1000);
    }
    return {
      firstWriteToLastClientMs: { median: median(lastClientMs), rounds: lastClientMs.map(round1) },
      writeMs: median(writeMs),
      cpuMs: { user: median(userMs), system: median(systemMs) },
    };
  } finally {
    await Promise.all(clientProcesses.map(kill));
    await kill(server);
  }
}

const FEED_CLIENTS = 1000;
const FEED_ROUNDS = 20;

/**
 * A channel post handed to the bot (handleUpdate, as polling or the webhook hands it) until each of
 * 1,000 members' open feeds has its `change` event: p50 and p99 over every delivery of every round.
 */
export async function channelPostToFeeds(label: string, databaseUrl: string) {
  const dataDir = await mkdtemp(join(tmpdir(), "bench-feed-"));
  const { server, clientProcesses } = startProcesses(databaseUrl, dataDir, FEED_CLIENTS);
  try {
    const { port } = await ask<{ port: number }>(server, {}, "port");
    const { token } = await ask<{ token: string }>(server, { member: true }, "token");
    await openStreams(clientProcesses, port, FEED_CLIENTS, token);
    const latencies: number[] = [];
    const storedMs: number[] = [];
    for (let round = 0; round < FEED_ROUNDS; round++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const delivered = Promise.all(
        clientProcesses.map((child) => ask<{ arrivals: number[] }>(child, { watch: true }, "arrivals")),
      );
      const post = await ask<{ startedAt: number; committedAt: number }>(
        server,
        { post: true },
        "committedAt",
      );
      storedMs.push(post.committedAt - post.startedAt);
      // The first round warms the path up; it is not counted.
      const arrivals = (await delivered).flatMap((report) => report.arrivals);
      if (round > 0) latencies.push(...arrivals.map((at) => at - post.startedAt));
    }
    latencies.sort((a, b) => a - b);
    const at = (q: number) => round1(latencies[Math.floor(q * (latencies.length - 1))] ?? 0);
    return {
      database: label,
      feeds: FEED_CLIENTS,
      rounds: FEED_ROUNDS - 1,
      deliveries: latencies.length,
      postToFeedMs: { p50: at(0.5), p99: at(0.99), max: at(1) },
      botStoredMsMedian: round1([...storedMs].sort((a, b) => a - b)[storedMs.length >> 1] ?? 0),
      goalP99Ms: 100,
    };
  } finally {
    await Promise.all(clientProcesses.map(kill));
    await kill(server);
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The figures for 1,000 and 10,000 idle clients on one server process over this database. */
export async function sseFanOut(label: string, databaseUrl: string) {
  const runs = [];
  for (const clients of [1000, 10_000]) {
    const run = await measure(databaseUrl, clients);
    // After the API's processes are gone, so the floor has the machine the API had.
    runs.push({ ...run, floor: await bareFloor(clients, run.frameBytes) });
  }
  return { database: label, runs };
}

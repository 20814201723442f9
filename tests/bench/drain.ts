// Graceful shutdown with 1,000 open event streams: from SIGTERM until every stream has its
// `reconnect` hint, until every stream has ended, and until the process has exited (code 0).
import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startApi } from "./api-process";

const STREAMS = 1000;

interface Stream {
  hintedAt?: number;
  endedAt?: number;
}

function openStream(port: number): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const stream: Stream = {};
    let open = false;
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.write(
        `GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: text/event-stream\r\n\r\n`,
      );
    });
    socket.on("error", (error) => (open ? undefined : reject(error)));
    socket.on("data", (chunk) => {
      if (!open) {
        if (!chunk.includes("HTTP/1.1 200")) return reject(new Error(chunk.toString().split("\r\n")[0]));
        open = true;
        resolve(stream);
      }
      if (stream.hintedAt === undefined && chunk.includes("event: reconnect"))
        stream.hintedAt = performance.now();
    });
    socket.on("close", () => {
      stream.endedAt = performance.now();
    });
  });
}

export async function shutdownDrain(label: string, databaseUrl: string) {
  const dataDir = await mkdtemp(join(tmpdir(), "bench-drain-"));
  try {
    const api = await startApi(dataDir, databaseUrl, {
      SEED_DEMO_DATA: "false",
      SSE_MAX_PER_ADDRESS: String(STREAMS),
      SSE_MAX_STREAMS: String(STREAMS),
    });
    const streams: Stream[] = [];
    for (let i = 0; i < STREAMS; i += 100) {
      streams.push(...(await Promise.all(Array.from({ length: 100 }, () => openStream(api.port)))));
    }
    const exited = new Promise<number | null>((resolve) => api.child.on("exit", resolve));
    const signalled = performance.now();
    api.child.kill("SIGTERM");
    const code = await exited;
    const exitMs = performance.now() - signalled;
    await new Promise((r) => setTimeout(r, 200));
    const since = (at: number | undefined) => (at === undefined ? Number.NaN : at - signalled);
    const hinted = streams.filter((s) => s.hintedAt !== undefined);
    const round = (ms: number) => Math.round(ms);
    return {
      database: label,
      streams: STREAMS,
      exitCode: code,
      hinted: hinted.length,
      lastHintMs: round(Math.max(...hinted.map((s) => since(s.hintedAt)))),
      lastStreamEndedMs: round(Math.max(...streams.map((s) => since(s.endedAt)))),
      exitMs: round(exitMs),
    };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { spawnEntryPoint } from "../helpers/entry-point";
import { freePort } from "../helpers/free-port";
import { parsePrometheusText } from "../helpers/prometheus-text";
import { blankMiniApp } from "../helpers/server-process";
import { SseReader } from "../helpers/sse-client";
import { eventually } from "../helpers/test-app";

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe("the server process", () => {
  it("starts on a fresh data directory, serves, and on SIGTERM ends event streams and exits 0", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "shop-proc-"));
    dirs.push(dataDir);
    const port = await freePort();
    const metricsPort = await freePort();
    const { child, output, exited } = spawnEntryPoint("api/main.ts", [], {
      // Always PGlite here: the process test is about the process, and PGlite is the default.
      DATABASE_URL: "",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      STATIC_DIR: blankMiniApp(dataDir),
      METRICS_PORT: String(metricsPort),
    });

    await eventually(async () => {
      const res = await fetch(`http://127.0.0.1:${port}/api/health?token=s3cret-value`);
      expect(res.status).toBe(200);
    }, 60_000);
    // METRICS_PORT: /metrics without a token there, and only there.
    const metrics = parsePrometheusText(
      await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text(),
    );
    expect(metrics.value("http_requests_total", { route: "/api/health", status: "200" })).toBeGreaterThan(0);
    // On the app's port /metrics is nothing but the Mini App's page (no METRICS_TOKEN).
    expect(await (await fetch(`http://127.0.0.1:${port}/metrics`)).text()).not.toContain(
      "http_requests_total",
    );
    const stream = new SseReader(await fetch(`http://127.0.0.1:${port}/api/events`));
    await eventually(async () => expect(stream.comments).toContain("connected"));

    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    await stream.finished();
    expect(stream.ended).toBe(true);
    expect(output()).toContain('"message":"shutting down"');
    expect(output()).toContain('"path":"/api/health"');
    // The log carries paths, never query strings (they can hold tokens).
    expect(output()).not.toContain("s3cret-value");
  }, 90_000);
});

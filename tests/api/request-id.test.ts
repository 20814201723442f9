import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "#api/http/app";
import { createHttpServer } from "#api/http/server";
import { createLogger } from "#api/process/logger";
import type { Db } from "#db/client";
import { startTestApp, type TestApp } from "../helpers/test-app";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const lines: Record<string, unknown>[] = [];
const log = createLogger("info", (line) => lines.push(JSON.parse(line) as Record<string, unknown>));

let direct: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  direct = await startTestApp({ log });
  proxied = await startTestApp({ log, env: { TRUST_PROXY: "true" } });
});
afterAll(async () => {
  await direct.close();
  await proxied.close();
});

const idOf = async (t: TestApp, sent?: string) =>
  (
    await t.app.request("/api/health", sent === undefined ? {} : { headers: { "x-request-id": sent } })
  ).headers.get("x-request-id");

describe("request ids", () => {
  it("each answer has a new X-Request-Id; a client's own is ignored without TRUST_PROXY", async () => {
    const first = await idOf(direct);
    expect(first).toMatch(UUID);
    expect(await idOf(direct)).not.toBe(first);
    const forged = await idOf(direct, "forged-by-a-client");
    expect(forged).toMatch(UUID);
  });

  it("behind a trusted proxy its X-Request-Id is kept when well formed, else replaced", async () => {
    expect(await idOf(proxied, "lb-7f3a.42:9_x-Y")).toBe("lb-7f3a.42:9_x-Y");
    for (const bad of ["", "a".repeat(129), "has space", 'quote"', "newline\\n", "<script>", "ünïcode"]) {
      expect(await idOf(proxied, bad), bad).toMatch(UUID);
    }
    expect(await idOf(proxied, "a".repeat(128))).toBe("a".repeat(128));
  });

  it("the request's log line and every error line written while it is handled carry its id", async () => {
    // A database that fails: GET /api/health throws inside its handler.
    const broken = { execute: () => Promise.reject(new Error("the database is gone")) };
    const app = createApp({
      ...proxied.services,
      log,
      database: { ...proxied.services.database, db: broken as unknown as Db },
      staticDir: undefined,
    });
    lines.length = 0;
    const res = await app.request("/api/health", { headers: { "x-request-id": "trace-123" } });
    expect(res.status).toBe(500);
    expect(res.headers.get("x-request-id")).toBe("trace-123");
    const error = lines.find((line) => line.message === "unhandled error");
    expect(error).toMatchObject({ level: "error", requestId: "trace-123", path: "/api/health" });
    expect(lines.find((line) => line.message === "request")).toMatchObject({
      requestId: "trace-123",
      status: 500,
    });
    // Outside a request, no id.
    log.warn("between requests");
    expect(lines.at(-1)).not.toHaveProperty("requestId");
  });

  it("the catalogue's fast path answers with an id too", async () => {
    const server: Server = await createHttpServer(proxied.app, proxied.services);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const res = await fetch(`${base}/api/products`, { headers: { "x-request-id": "fast-1" } });
      expect(res.status).toBe(200);
      expect(res.headers.get("x-request-id")).toBe("fast-1");
      expect((await fetch(`${base}/api/products`)).headers.get("x-request-id")).toMatch(UUID);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

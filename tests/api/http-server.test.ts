import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpServer } from "#api/http/server";
import { products } from "#db/schema/index";
import { eventually, startTestApp, type TestApp } from "../helpers/test-app";

let t: TestApp;
let server: Server;
let base: string;

beforeAll(async () => {
  t = await startTestApp({ seed: true });
  server = await createHttpServer(t.app, t.services);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

const headersOf = (res: Response) => {
  const headers = Object.fromEntries(res.headers);
  // Each answer has an X-Request-Id of its own (tests/api/request-id.test.ts).
  for (const name of ["date", "connection", "keep-alive", "transfer-encoding", "x-request-id"])
    delete headers[name];
  return headers;
};

describe("the HTTP server's catalogue fast path", () => {
  it("answers GET /api/products exactly as the Hono route does", async () => {
    // Plain bytes on both paths (compressed answers: tests/api/compression.test.ts).
    const identity = { headers: { "accept-encoding": "identity" } };
    const fast = await fetch(`${base}/api/products`, identity);
    const routed = await t.app.request("/api/products", identity);
    expect(fast.status).toBe(200);
    expect(await fast.text()).toBe(await routed.text());
    expect(headersOf(fast)).toEqual({
      ...headersOf(routed),
      "content-length": fast.headers.get("content-length"),
    });
    expect(fast.headers.get("content-security-policy")).toContain("frame-ancestors");
  });

  it("answers 304 to the current ETag and serves a changed catalogue at once", async () => {
    const first = await fetch(`${base}/api/products`);
    const etag = first.headers.get("etag") ?? "";
    const again = await fetch(`${base}/api/products`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");

    await t.services.database.db
      .insert(products)
      .values({ title: "Through the fast path", creditPrice: "3.00" });
    await eventually(async () => {
      const res = await fetch(`${base}/api/products`, { headers: { "If-None-Match": etag } });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("Through the fast path");
    });
  });

  it("leaves every other request to Hono", async () => {
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
    const withQuery = await fetch(`${base}/api/products?fields=all`);
    expect(withQuery.status).toBe(200);
    const missing = await fetch(`${base}/api/products/not-a-uuid`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: { code: "not_found", message: "Product not found" } });
    const post = await fetch(`${base}/api/products`, { method: "POST" });
    expect(post.status).toBe(404);
  });
});

describe("the HTTP server's kept-alive sockets", () => {
  it("tells clients it keeps an idle socket for longer than the usual 60 s client and proxy timeouts", async () => {
    const res = await fetch(`${base}/api/health`);
    await res.arrayBuffer();
    // Node announces its keepAliveTimeout in seconds; a client that reuses the socket within it
    // is never answered with a reset.
    const timeout = Number(/timeout=(\d+)/.exec(res.headers.get("keep-alive") ?? "")?.[1]);
    expect(timeout).toBeGreaterThan(60);
  });
});

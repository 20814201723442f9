import { request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpServer } from "#api/http/server";
import { errorOf } from "../helpers/accounts";
import { streamOf } from "../helpers/multipart";
import { startTestApp, type TestApp } from "../helpers/test-app";

let t: TestApp;
let server: Server;
let port: number;
beforeAll(async () => {
  t = await startTestApp();
  server = await createHttpServer(t.app, t.services);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

const LIMIT = 64 * 1024;
/** A login body of exactly `size` bytes. */
const loginOf = (size: number) => {
  const shell = JSON.stringify({ email: "a@example.com", password: "" });
  return new TextEncoder().encode(
    JSON.stringify({ email: "a@example.com", password: "x".repeat(size - shell.length) }),
  );
};
const tooLarge = { code: "too_large", message: "Request body is too large" };

describe("JSON body limit (JSON_BODY_LIMIT, 64 KB by default)", () => {
  it("413 too_large past the limit by Content-Length; at the limit the route answers", async () => {
    const over = await t.app.request("/api/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: loginOf(LIMIT + 1),
    });
    expect(over.status).toBe(413);
    expect(await errorOf(over)).toEqual(tooLarge);
    const at = await t.app.request("/api/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: loginOf(LIMIT),
    });
    expect(at.status).not.toBe(413);
  });

  it("413 for a streamed body without Content-Length, counted as it arrives", async () => {
    const res = await t.app.request("/api/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: streamOf(loginOf(LIMIT + 1), { chunkSize: 4096 }),
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await errorOf(res)).toEqual(tooLarge);
  });

  it("over HTTP, a chunked body that never ends is answered 413 once it passes the limit", async () => {
    const answer = await new Promise<{ status: number; body: string; sent: number }>((resolve, reject) => {
      let sent = 0;
      const req = httpRequest(
        {
          port,
          host: "127.0.0.1",
          path: "/api/auth/login",
          method: "POST",
          headers: { "content-type": "application/json", "transfer-encoding": "chunked" },
        },
        (res) => {
          let body = "";
          res.on("data", (chunk) => {
            body += chunk;
          });
          res.on("end", () => {
            resolve({ status: res.statusCode ?? 0, body, sent });
            req.destroy();
          });
        },
      );
      req.on("error", reject);
      req.write('{"email":"a@example.com","password":"');
      // Keeps sending 8 KB pieces (at most 4 MB) and never ends the body by itself.
      const piece = "x".repeat(8192);
      const feed = () => {
        if (req.destroyed || sent > 4 * 1024 * 1024) return;
        sent += piece.length;
        if (req.write(piece)) setImmediate(feed);
        else req.once("drain", feed);
      };
      feed();
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ error: tooLarge });
    expect(answer.sent).toBeLessThan(4 * 1024 * 1024);
  });

  it("follows JSON_BODY_LIMIT", async () => {
    const small = await startTestApp({ env: { JSON_BODY_LIMIT: "2048" } });
    try {
      const res = await small.app.request("/api/auth/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: loginOf(2049),
      });
      expect(res.status).toBe(413);
    } finally {
      await small.close();
    }
  });
});

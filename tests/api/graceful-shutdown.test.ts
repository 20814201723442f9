import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderResultSchema } from "#api/contracts/checkout";
import { tiersSchema } from "#api/contracts/plans";
import { GOOD_PASSWORD, uniqueEmail } from "../helpers/accounts";
import { encodeMultipart } from "../helpers/multipart";
import { PNG } from "../helpers/sample-files";
import { emptyServerDatabase } from "../helpers/server-database";
import { blankMiniApp, type ServerProcess, startServerProcess } from "../helpers/server-process";
import { SseReader } from "../helpers/sse-client";
import { eventually } from "../helpers/test-app";

// The process runs on the suite's database kind: PGlite, or a database of its own on DATABASE_URL's server.
let dataDir: string;
let database: { url: string; drop: () => Promise<void> } | undefined;
let server: ServerProcess | undefined;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "graceful-"));
  if (process.env.DATABASE_URL) database = await emptyServerDatabase("graceful");
});
afterAll(async () => {
  server?.proc.kill("SIGKILL");
  await database?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

/**
 * A request whose body arrives in two parts: the server has it in hand (headers and half the
 * body read) until `finish()` sends the rest.
 */
function halfSent(url: string, path: string, headers: Record<string, string>, body: Uint8Array) {
  let settle: (value: { status: number; body: string }) => void = () => {};
  let fail: (error: Error) => void = () => {};
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    settle = resolve;
    fail = reject;
  });
  const req = request(`${url}${path}`, {
    method: "POST",
    headers: { ...headers, "content-length": String(body.length) },
  });
  req.on("response", (res) => {
    let text = "";
    res.setEncoding("utf8");
    res.on("data", (chunk: string) => {
      text += chunk;
    });
    res.on("end", () => settle({ status: res.statusCode ?? 0, body: text }));
  });
  req.on("error", fail);
  const half = Math.floor(body.length / 2);
  req.write(body.subarray(0, half));
  return { response, finish: () => req.end(body.subarray(half)) };
}

describe("graceful shutdown of the server process", () => {
  it("on SIGTERM lets an upload and a checkout in flight finish, hints event streams to reconnect, exits 0", async () => {
    server = await startServerProcess(dataDir, {
      ...(database ? { DATABASE_URL: database.url } : {}),
      SEED_DEMO_DATA: "true",
      PLAN_PAYMENTS: "free",
      SHUTDOWN_TIMEOUT_SECONDS: "20",
      STATIC_DIR: blankMiniApp(dataDir),
    });
    const { url } = server;
    const json = (method: string, path: string, body: unknown, token?: string) =>
      fetch(`${url}${path}`, {
        method,
        headers: {
          "content-type": "application/json",
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });

    // A member on the dearest tier, and a product in stock within its budget.
    const signUp = await json("POST", "/api/auth/signup", {
      email: uniqueEmail("graceful"),
      password: GOOD_PASSWORD,
      confirmPassword: GOOD_PASSWORD,
      ageConfirmed: true,
    });
    expect(signUp.status).toBe(201);
    const { token } = (await signUp.json()) as { token: string };
    const { tiers } = tiersSchema.parse(await (await fetch(`${url}/api/tiers`)).json());
    const dearest = tiers.sort((a, b) => Number(b.priceMonthly) - Number(a.priceMonthly))[0];
    expect((await json("PUT", "/api/me/plan", { tierId: dearest?.id }, token)).status).toBe(200);
    const catalogue = (await (await fetch(`${url}/api/products`)).json()) as {
      products: {
        id: string;
        creditPrice: string;
        stockQuantity: number | null;
        storefrontVariantId?: string | null;
      }[];
    };
    const item = catalogue.products
      .filter((p) => !p.storefrontVariantId && (p.stockQuantity ?? 1) > 0)
      .sort((a, b) => Number(a.creditPrice) - Number(b.creditPrice))[0];
    expect(item).toBeDefined();

    const stream = new SseReader(await fetch(`${url}/api/events`));
    await eventually(async () => expect(stream.comments).toContain("connected"));

    const auth = { authorization: `Bearer ${token}` };
    const avatar = await encodeMultipart(PNG, { name: "me.png", type: "image/png" });
    const upload = halfSent(
      url,
      "/api/me/avatar",
      { ...auth, "content-type": avatar.contentType },
      avatar.bytes,
    );
    const checkout = halfSent(
      url,
      "/api/checkout/credits",
      { ...auth, "content-type": "application/json", "idempotency-key": randomUUID() },
      new TextEncoder().encode(
        JSON.stringify({
          lines: [{ productId: item?.id, quantity: 1 }],
          delivery: { name: "Ada Buyer", address: "1 Main St, Springfield", state: "CA" },
        }),
      ),
    );
    // Both requests have reached their handlers, which wait for the rest of their bodies.
    await new Promise((resolve) => setTimeout(resolve, 500));

    server.proc.kill("SIGTERM");
    await eventually(async () => expect(server?.output()).toContain('"message":"shutting down"'));
    // The open stream is told to come back soon, elsewhere, and ends.
    await stream.finished();
    const hint = stream.events.at(-1);
    expect(hint?.event).toBe("reconnect");
    expect(JSON.parse(hint?.data ?? "{}")).toEqual({ reason: "shutdown" });
    // No new connection is accepted.
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();

    upload.finish();
    checkout.finish();
    const uploaded = await upload.response;
    expect(uploaded.status).toBe(200);
    expect(JSON.parse(uploaded.body)).toMatchObject({
      avatarUrl: expect.stringMatching(/^\/media\/avatars\//),
    });
    const ordered = await checkout.response;
    expect(ordered.status).toBe(201);
    expect(orderResultSchema.parse(JSON.parse(ordered.body)).order.status).toBe("placed");

    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('"message":"stopped"');
  }, 120_000);

  it("a second signal exits at once", async () => {
    server = await startServerProcess(dataDir, {
      ...(database ? { DATABASE_URL: database.url } : {}),
      SHUTDOWN_TIMEOUT_SECONDS: "60",
      STATIC_DIR: blankMiniApp(dataDir),
    });
    // A request that never finishes keeps the first shutdown waiting.
    const stuck = halfSent(
      server.url,
      "/api/auth/login",
      { "content-type": "application/json" },
      new Uint8Array(64),
    );
    stuck.response.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 300));
    server.proc.kill("SIGTERM");
    await eventually(async () => expect(server?.output()).toContain('"message":"shutting down"'));
    const second = performance.now();
    server.proc.kill("SIGINT");
    expect(await server.exited).toBe(1);
    expect(performance.now() - second).toBeLessThan(5000);
    expect(server.output()).toContain("second signal");
  }, 120_000);
});

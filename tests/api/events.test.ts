import type { Server } from "node:http";
import { type AddressInfo, connect as connectTcp } from "node:net";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_CHANGED_IDS, streamChangeSchema } from "#api/contracts/events";
import { createApp } from "#api/http/app";
import { createHttpServer } from "#api/http/server";
import type { Config } from "#api/process/config";
import { channelSettings, products } from "#db/schema/index";
import { bearer, createMember, errorOf } from "../helpers/accounts";
import { SseReader } from "../helpers/sse-client";
import { eventually, startTestApp, type TestApp } from "../helpers/test-app";

let t: TestApp;
const servers: Server[] = [];
const controllers: AbortController[] = [];

beforeAll(async () => {
  t = await startTestApp();
  await t.services.database.db.insert(channelSettings).values({ channelName: "Start" });
});
afterAll(async () => {
  for (const controller of controllers) controller.abort();
  await t.close();
  for (const server of servers) server.closeAllConnections();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A real HTTP server (createHttpServer, as main.ts builds it) over the test app's services. */
async function serve(settings: Partial<Config> = {}): Promise<{ base: string; server: Server }> {
  const config = { ...t.services.config, ...settings };
  const app = createApp({ ...t.services, config, staticDir: undefined });
  const server = await createHttpServer(app, { ...t.services, config });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push(server);
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** A change to the one channel_settings row. */
const renameChannel = (channelName: string) =>
  t.services.database.db.update(channelSettings).set({ channelName });

async function connect(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  controllers.push(controller);
  const res = await fetch(url, { headers, signal: controller.signal });
  return { res, controller };
}

async function open(url: string, headers: Record<string, string> = {}) {
  const { res, controller } = await connect(url, headers);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("text/event-stream");
  const stream = new SseReader(res);
  await eventually(async () => expect(stream.comments).toContain("connected"));
  return Object.assign(stream, { stop: () => controller.abort() });
}

describe("GET /api/events", () => {
  it("sends one event per table per tick: 12 rows inserted, then updated, are one products event each", async () => {
    const { base } = await serve();
    const stream = await open(`${base}/api/events`);
    const db = t.services.database.db;

    const rows = await db
      .insert(products)
      .values(Array.from({ length: 12 }, (_, i) => ({ title: `Batch ${i}`, creditPrice: "5.00" })))
      .returning({ id: products.id });
    // A change to another table marks the end: notifications keep commit order.
    await renameChannel("First mark");
    await eventually(async () => expect(stream.changedTables()).toContain("channel_settings"));
    expect(stream.changedTables()).toEqual(["products", "channel_settings"]);

    await db
      .update(products)
      .set({ creditPrice: "6.00" })
      .where(
        inArray(
          products.id,
          rows.map((row) => row.id),
        ),
      );
    await renameChannel("Second mark");
    await eventually(async () => expect(stream.changedTables()).toHaveLength(4));
    expect(stream.changedTables()).toEqual(["products", "channel_settings", "products", "channel_settings"]);

    // "Something in this table changed", with an id to reconnect from.
    for (const event of stream.events) {
      expect(streamChangeSchema.strict().parse(JSON.parse(event.data))).toBeTruthy();
      expect(event.id).toMatch(/^[0-9a-f]{8}-\d+$/);
    }
    stream.stop();
  });

  it("names the products that changed and how; a soft delete is an update; over the cap, none", async () => {
    const { base } = await serve();
    const stream = await open(`${base}/api/events`);
    const db = t.services.database.db;
    const productEvents = () =>
      stream.events
        .map((event) => streamChangeSchema.strict().parse(JSON.parse(event.data)))
        .filter((change) => change.table === "products");
    const nextProductEvent = async (change: () => unknown) => {
      const before = productEvents().length;
      await change();
      await eventually(async () => expect(productEvents().length).toBe(before + 1));
      return productEvents()[before];
    };

    // Inserted then updated within one tick: still new.
    const made = await nextProductEvent(() =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .insert(products)
          .values({ title: "Live one", creditPrice: "5.00" })
          .returning({ id: products.id });
        await tx
          .update(products)
          .set({ stockQuantity: 3 })
          .where(eq(products.id, row?.id ?? ""));
      }),
    );
    const [created] = made?.changes ?? [];
    expect(made?.changes).toEqual([{ id: created?.id, op: "insert" }]);
    const id = created?.id ?? "";

    // Staff's Delete marks the product inactive: an update in the database.
    const employee = await createMember(t, { roles: ["employee"] });
    const removed = await nextProductEvent(() =>
      t.app.request(`/api/admin/products/${id}`, { method: "DELETE", headers: bearer(employee.token) }),
    );
    expect(removed).toEqual({ table: "products", changes: [{ id, op: "update" }] });
    const gone = await nextProductEvent(() => db.delete(products).where(eq(products.id, id)));
    expect(gone).toEqual({ table: "products", changes: [{ id, op: "delete" }] });

    // More than MAX_CHANGED_IDS products in one tick: the event names none.
    const many = await nextProductEvent(() =>
      db.insert(products).values(
        Array.from({ length: MAX_CHANGED_IDS + 1 }, (_, i) => ({
          title: `Bulk ${i}`,
          creditPrice: "1.00",
        })),
      ),
    );
    expect(many).toEqual({ table: "products" });
    stream.stop();
  });

  it("tells a reconnecting client whether it missed anything since its Last-Event-ID", async () => {
    const { base } = await serve();
    const first = await open(`${base}/api/events`);
    const seen = first.lastEventId;
    expect(seen).toBeDefined();

    const uptoDate = await open(`${base}/api/events`, { "last-event-id": seen ?? "" });
    expect(uptoDate.events).toEqual([]);
    const stranger = await open(`${base}/api/events`, { "last-event-id": "0badc0de-7" });
    expect(stranger.events.map((e) => e.event)).toEqual(["resync"]);

    await renameChannel("Moved on");
    await eventually(async () => expect(first.changedTables()).toEqual(["channel_settings"]));
    const behind = await open(`${base}/api/events`, { "last-event-id": seen ?? "" });
    expect(behind.events.map((e) => e.event)).toEqual(["resync"]);
    const current = await open(`${base}/api/events`, { "last-event-id": first.lastEventId ?? "" });
    expect(current.events).toEqual([]);
    for (const stream of [first, uptoDate, stranger, behind, current]) stream.stop();
  });

  it("delivers to a stream asked for on a kept-alive connection before the previous answer there had finished", async () => {
    const { base } = await serve();
    // Two requests in one write: Node reads the second while the first is still being answered, so
    // the stream's response waits for its socket (the browser's case: it reuses a connection as soon
    // as it has read an answer, which can be before the server has seen that answer finish).
    const socket = connectTcp(Number(new URL(base).port), "127.0.0.1");
    let received = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      received += chunk;
    });
    await new Promise<void>((resolve) => socket.once("connect", resolve));
    socket.write(
      "GET /api/products HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" +
        "GET /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n",
    );
    try {
      await eventually(async () => expect(received).toContain(": connected"));
      expect(received.indexOf("text/event-stream")).toBeLessThan(received.indexOf(": connected"));
      await renameChannel("Kept alive");
      await eventually(async () =>
        expect(received).toMatch(/event: change\ndata: \{"table":"channel_settings"\}/),
      );
    } finally {
      socket.destroy();
    }
  });

  it("caps streams per address (429) and frees a place when a client leaves", async () => {
    const { base } = await serve({ SSE_MAX_PER_ADDRESS: 2 });
    const first = await open(`${base}/api/events`);
    const second = await open(`${base}/api/events`);
    const { res } = await connect(`${base}/api/events`);
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("60");
    expect((await errorOf(res)).code).toBe("rate_limited");

    first.stop();
    await eventually(async () => {
      const { res: again, controller } = await connect(`${base}/api/events`);
      controller.abort();
      expect(again.status).toBe(200);
    });
    second.stop();
  });

  it("caps streams per process (503), whatever the address", async () => {
    const { base } = await serve({ SSE_MAX_STREAMS: 2, TRUST_PROXY: true });
    const streams = [
      await open(`${base}/api/events`, { "x-forwarded-for": "203.0.113.1" }),
      await open(`${base}/api/events`, { "x-forwarded-for": "203.0.113.2" }),
    ];
    const { res } = await connect(`${base}/api/events`, { "x-forwarded-for": "203.0.113.3" });
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("30");
    expect((await errorOf(res)).code).toBe("unavailable");
    for (const stream of streams) stream.stop();
  });

  it("ends a stream after its maximum lifetime", async () => {
    const { base } = await serve({ SSE_MAX_LIFETIME_SECONDS: 1, SSE_MAX_PER_ADDRESS: 1 });
    const stream = await open(`${base}/api/events`);
    await stream.finished();
    expect(stream.ended).toBe(true);
    // Its place is free again.
    const next = await open(`${base}/api/events`);
    next.stop();
  });

  it("sets server.maxConnections from the configuration", async () => {
    expect((await serve({ MAX_CONNECTIONS: 1234 })).server.maxConnections).toBe(1234);
    expect((await serve({ SSE_MAX_STREAMS: 300 })).server.maxConnections).toBe(1300);
  });

  it("sends heartbeats", async () => {
    const fast = createApp({ ...t.services, staticDir: undefined, heartbeatMs: 50 });
    const controller = new AbortController();
    const stream = new SseReader(await fast.request("/api/events", { signal: controller.signal }));
    await eventually(async () =>
      expect(stream.comments.filter((c) => c === "ping").length).toBeGreaterThanOrEqual(2),
    );
    controller.abort();
  });
});

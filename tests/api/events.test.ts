import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeEventSchema } from "#api/contracts/events";
import { channelMessages, channelSettings, products } from "#db/schema/index";
import { SseReader } from "../helpers/sse-client";
import { eventually, startTestApp, type TestApp } from "../helpers/test-app";

let t: TestApp;
let server: ReturnType<typeof serve>;
let base: string;

beforeAll(async () => {
  t = await startTestApp();
  server = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => server.close(resolve));
});

describe("GET /api/events", () => {
  it("streams product and channel changes, withholds feed changes from visitors, and cleans up", async () => {
    const controller = new AbortController();
    const res = await fetch(`${base}/api/events`, { signal: controller.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const stream = new SseReader(res);
    await eventually(async () => expect(stream.comments).toContain("connected"));
    expect(t.services.hub.subscriberCount).toBeGreaterThanOrEqual(2);

    const db = t.services.database.db;
    await db.insert(channelMessages).values({ content: "members only" });
    const [product] = await db.insert(products).values({ title: "Live", creditPrice: "5.00" }).returning();
    await db.insert(channelSettings).values({ channelName: "Renamed" });

    await eventually(async () => expect(stream.events).toHaveLength(2));
    const changes = stream.events.map((e) => ({
      event: e.event,
      ...changeEventSchema.parse(JSON.parse(e.data)),
    }));
    expect(changes[0]).toEqual({ event: "change", table: "products", op: "insert", id: product?.id });
    expect(changes[1]).toMatchObject({ event: "change", table: "channel_settings", op: "insert" });

    const before = t.services.hub.subscriberCount;
    controller.abort();
    await eventually(async () => expect(t.services.hub.subscriberCount).toBe(before - 1));
  });

  it("sends heartbeats", async () => {
    const fast = (await import("#api/app")).createApp({
      ...t.services,
      staticDir: undefined,
      heartbeatMs: 50,
    });
    const controller = new AbortController();
    const stream = new SseReader(await fast.request("/api/events", { signal: controller.signal }));
    await eventually(async () =>
      expect(stream.comments.filter((c) => c === "ping").length).toBeGreaterThanOrEqual(2),
    );
    controller.abort();
  });
});

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBot } from "#bot/bot";
import {
  bearer,
  createMember,
  jsonRequest,
  post,
  recordingTransformer,
  TEST_BOT_TOKEN,
  testBotInfo,
} from "../helpers/accounts";
import { encodeMultipart } from "../helpers/multipart";
import { type Exposition, parsePrometheusText } from "../helpers/prometheus-text";
import { PNG } from "../helpers/sample-files";
import { SseReader } from "../helpers/sse-client";
import { eventually, startTestApp, type TestApp } from "../helpers/test-app";
import { insertTestTiers } from "../helpers/tiers";

const TOKEN = "metrics-token-0123456789";
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { METRICS_TOKEN: TOKEN, PLAN_PAYMENTS: "free" } });
});
afterAll(() => t.close());

async function scrape(): Promise<Exposition> {
  const res = await t.app.request("/metrics", { headers: bearer(TOKEN) });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheusText(await res.text());
}

describe("GET /metrics", () => {
  it("wants the metrics token: none, a wrong one or a session's is 401", async () => {
    expect((await t.app.request("/metrics")).status).toBe(401);
    expect((await t.app.request("/metrics", { headers: bearer(`${TOKEN}x`) })).status).toBe(401);
    const admin = await createMember(t, { roles: ["admin"] });
    const refused = await t.app.request("/metrics", { headers: bearer(admin.token) });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
  });

  it("is not served at all without METRICS_TOKEN", async () => {
    const off = await startTestApp();
    try {
      expect((await off.app.request("/metrics", { headers: bearer(TOKEN) })).status).toBe(404);
    } finally {
      await off.close();
    }
  });

  it("counts requests by route pattern, method and status, with their latency; ids never become labels", async () => {
    const id = randomUUID();
    const before = await scrape();
    const labels = { route: "/api/products/:id", method: "GET", status: "404" };
    expect((await t.app.request(`/api/products/${id}`)).status).toBe(404);
    expect((await t.app.request(`/api/products/${randomUUID()}`)).status).toBe(404);
    const after = await scrape();
    expect(after.value("http_requests_total", labels) - before.value("http_requests_total", labels)).toBe(2);
    expect(after.types.get("http_request_duration_seconds")).toBe("histogram");
    const count = "http_request_duration_seconds_count";
    expect(after.value(count, labels) - before.value(count, labels)).toBe(2);
    const text = await (await t.app.request("/metrics", { headers: bearer(TOKEN) })).text();
    expect(text).not.toContain(id);
    expect(text).not.toMatch(/route="\/api\/products\/[0-9a-f]{8}-/);
  });

  it("labels methods outside the seven in use as other, so odd methods cannot grow the series", async () => {
    const odd = ["PROPFIND", "MKCOL", "PURGE", "SEARCH", "LOCK", "M-SEARCH"];
    const before = await scrape();
    for (const method of odd) await t.app.request("/api/products", { method });
    const after = await scrape();
    const methods = new Set(
      after.samples.filter((s) => s.name === "http_requests_total").map((s) => s.labels.method),
    );
    for (const method of odd) expect(methods.has(method), method).toBe(false);
    const other = (e: Exposition) =>
      e.samples
        .filter((s) => s.name === "http_requests_total" && s.labels.method === "other")
        .reduce((sum, s) => sum + s.value, 0);
    expect(other(after) - other(before)).toBe(odd.length);
    expect(methods.has("GET")).toBe(true);
  });

  it("counts checkouts, plan changes and upload bytes by outcome and kind; gauges open event streams", async () => {
    const member = await createMember(t);
    const before = await scrape();

    const refused = await t.app.request(
      "/api/checkout/credits",
      post(
        {
          lines: [{ productId: randomUUID(), quantity: 1 }],
          delivery: { name: "Ada Buyer", address: "1 Main St, Springfield", state: "CA" },
        },
        { ...bearer(member.token), "idempotency-key": randomUUID() },
      ),
    );
    expect(refused.status).toBe(422);

    const tiers = await insertTestTiers(t.services.database.db);
    const changed = await t.app.request(
      "/api/me/plan",
      jsonRequest("PUT", { tierId: tiers.basic }, bearer(member.token)),
    );
    expect(changed.status).toBe(200);

    const avatar = await encodeMultipart(PNG, { name: "me.png", type: "image/png" });
    const uploaded = await t.app.request("/api/me/avatar", {
      method: "POST",
      headers: { ...bearer(member.token), "content-type": avatar.contentType },
      body: avatar.bytes,
    });
    expect(uploaded.status).toBe(200);

    const stream = new SseReader(await t.app.request("/api/events"));
    await eventually(async () => expect(stream.comments).toContain("connected"));

    const after = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}) =>
      after.value(name, labels) - before.value(name, labels);
    expect(moved("checkouts_total", { kind: "credits", outcome: "unavailable" })).toBe(1);
    expect(moved("plan_payments_total", { mode: "free", outcome: "changed" })).toBe(1);
    expect(moved("upload_bytes_total", { kind: "avatar" })).toBe(PNG.length);
    expect(after.value("event_streams_open")).toBe(1);
  });

  it("counts the bot's updates by type and observes their lag", async () => {
    const bot = createBot({
      token: TEST_BOT_TOKEN,
      botInfo: testBotInfo,
      services: { ...t.services },
      log: t.services.log,
      transformer: recordingTransformer().transformer,
    });
    const before = await scrape();
    await bot.handleUpdate({
      update_id: 9001,
      message: {
        message_id: 1,
        date: Math.floor(Date.now() / 1000) - 3,
        chat: { id: 4242, type: "private", first_name: "P" },
        from: { id: 4242, is_bot: false, first_name: "P" },
        text: "hello",
      },
    });
    const after = await scrape();
    const message = { type: "message" };
    expect(after.value("bot_updates_total", message) - before.value("bot_updates_total", message)).toBe(1);
    expect(after.value("bot_update_lag_seconds_count")).toBe(1);
    // Three seconds old: in the 5 s bucket, not the 2 s one.
    expect(after.value("bot_update_lag_seconds_bucket", { le: "2" })).toBe(0);
    expect(after.value("bot_update_lag_seconds_bucket", { le: "5" })).toBe(1);
  });

  it("reports the database pool and the default process metrics", async () => {
    const families = await scrape();
    expect(families.value("db_pool_size")).toBe(t.services.database.poolSize);
    if (t.services.database.kind === "postgres") {
      expect(families.samples.filter((s) => s.name === "db_connections").length).toBeGreaterThan(0);
    }
    expect(families.types.get("process_cpu_user_seconds_total")).toBe("counter");
    expect(families.types.get("nodejs_eventloop_lag_seconds")).toBe("gauge");
  });
});

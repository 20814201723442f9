import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { broadcastListSchema } from "#api/contracts/broadcasts";
import { readinessSchema } from "#api/contracts/health";
import { type SetupReport, setupReportSchema, testMailSchema } from "#api/contracts/setup-report";
import { listChatsForAdmin } from "#api/domain/gate";
import { createApp } from "#api/http/app";
import { startTelegram } from "#bot/runtime";
import {
  bearer,
  createMember,
  errorOf,
  jsonRequest,
  recordingLogger,
  TEST_BOT_TOKEN,
  testBotInfo,
} from "../helpers/accounts";
import { startFakeBotApi } from "../helpers/fake-bot-api";
import { startFakeSmtp } from "../helpers/fake-smtp";
import { parsePrometheusText } from "../helpers/prometheus-text";
import { eventually, startTestApp } from "../helpers/test-app";
import { insertTestTiers } from "../helpers/tiers";

// Administration › Setup (decision 121) and what the bot's state changes elsewhere: /api/ready, the
// metrics, the screens that need the bot. Each shop runs the real bot (grammY) against a fake Bot API
// of its own and mails through the fake SMTP relay, on PGlite and on Postgres when DATABASE_URL is set.
const CHANNEL = { id: -1009, title: "Green Leaf Channel", username: "greenleaf" };
const METRICS_TOKEN = "setup-metrics-token-0123";
const PUBLIC_URL = "https://shop.example.com";

let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
let closedPort: number;
beforeAll(async () => {
  smtp = await startFakeSmtp();
  // A port nothing listens on: a relay or a Telegram that cannot be reached.
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closedPort = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
});
afterAll(() => smtp.close());

/**
 * A shop whose bot starts as main.ts starts it (its state into the context before the app is
 * made), against a fake Bot API of its own; resolves once the first start went through or failed.
 */
async function startShop(env: Record<string, string> = {}) {
  const fake = await startFakeBotApi(CHANNEL);
  const log = recordingLogger();
  const t = await startTestApp({
    log,
    env: {
      BOT_TOKEN: TEST_BOT_TOKEN,
      BOT_MODE: "polling",
      BOT_API_ROOT: fake.apiRoot,
      PUBLIC_URL,
      TELEGRAM_CHANNEL_ID: String(CHANNEL.id),
      SMTP_URL: smtp.url,
      METRICS_TOKEN,
      ...env,
    },
  });
  const runtime = startTelegram(t.services);
  if (!runtime) throw new Error("the bot did not start");
  await eventually(async () => expect(t.services.bot.state().state).not.toBe("starting"), 15_000);
  const app = createApp({ ...t.services, staticDir: undefined });
  const admin = await createMember(t, { roles: ["admin"] });
  const as = bearer(admin.token);
  return {
    fake,
    t,
    app,
    admin,
    log,
    async report(): Promise<SetupReport> {
      const res = await app.request("/api/admin/setup", { headers: as });
      expect(res.status, await res.clone().text()).toBe(200);
      return setupReportSchema.parse(await res.json());
    },
    async ready() {
      const res = await app.request("/api/ready");
      return { status: res.status, body: readinessSchema.parse(await res.json()) };
    },
    async botRunningGauge() {
      const res = await app.request("/metrics", { headers: bearer(METRICS_TOKEN) });
      return parsePrometheusText(await res.text()).samples.filter((sample) => sample.name === "bot_running");
    },
    post: (path: string, body?: unknown) =>
      app.request(path, body === undefined ? { method: "POST", headers: as } : jsonRequest("POST", body, as)),
    get: (path: string) => app.request(path, { headers: as }),
    async close() {
      await runtime.stop();
      await t.close();
      await fake.close();
    },
  };
}
type Shop = Awaited<ReturnType<typeof startShop>>;

describe("a shop whose bot runs (polling), with its channel, mail and Stars", () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await startShop();
    await insertTestTiers(shop.t.services.database.db);
  });
  afterAll(() => shop.close());

  it("reports every line, green where it works and red with its problem where it does not", async () => {
    const report = await shop.report();
    expect(report.bot).toEqual({
      state: "ok",
      bot: { state: "running", mode: "polling", username: testBotInfo.username },
    });
    // Polling: Telegram holds no webhook.
    expect(report.updates).toMatchObject({ state: "ok", problem: null, mode: "polling", url: "" });
    expect(report.miniApp).toEqual({ state: "ok", problem: null, url: PUBLIC_URL, shortName: null });
    expect(report.channel).toEqual({
      state: "ok",
      problem: null,
      configured: String(CHANNEL.id),
      title: CHANNEL.title,
      username: CHANNEL.username,
      missing: [],
      error: null,
    });
    // Stars (the default with a bot): Premium has no Stars price, so members cannot buy it.
    expect(report.payments).toEqual({
      state: "problem",
      problem: "tiers_not_sold",
      mode: "stars",
      providerToken: false,
      currency: "USD",
      unsold: ["Premium"],
    });
    expect(report.mail).toMatchObject({ state: "ok", problem: null, server: new URL(smtp.url).host });
    expect(report.storage).toMatchObject({ state: "ok", kind: "local" });
    expect(report.database).toEqual({
      state: "ok",
      problem: null,
      kind: shop.t.databaseUrl ? "postgres" : "pglite",
      pending: 0,
      newer: 0,
    });
    expect(report.model).toEqual({ state: "off", model: null, server: null });
    // No secret reaches the answer.
    expect(JSON.stringify(report)).not.toContain(TEST_BOT_TOKEN.split(":")[1]);
  });

  it("names the rights the bot lacks in the channel, and the gate's Chats learns them too", async () => {
    shop.fake.setBotRights(CHANNEL.id, { can_post_messages: false, can_restrict_members: false });
    try {
      const report = await shop.report();
      expect(report.channel).toMatchObject({
        state: "problem",
        problem: "missing_rights",
        missing: ["postMessages", "banUsers"],
      });
      const chats = await listChatsForAdmin(shop.t.services);
      expect(chats.chats.find((chat) => chat.chatId === String(CHANNEL.id))?.missing).toEqual(["banUsers"]);
    } finally {
      shop.fake.setBotRights(CHANNEL.id, { can_post_messages: true, can_restrict_members: true });
    }
    expect((await shop.report()).channel.state).toBe("ok");
  });

  it("mails a test to the admin", async () => {
    const res = await shop.post("/api/admin/setup/test-mail");
    expect(res.status, await res.clone().text()).toBe(200);
    expect(testMailSchema.parse(await res.json())).toEqual({ sentTo: shop.admin.email });
    await eventually(async () =>
      expect(smtp.received.some((mail) => mail.to.some((to) => to.includes(shop.admin.email)))).toBe(true),
    );
    const mail = smtp.received.find((one) => one.to.some((to) => to.includes(shop.admin.email)));
    expect(mail?.data).toContain("Subject: A test mail from the shop");
  });

  it("readiness and the metrics say the bot runs", async () => {
    expect(await shop.ready()).toMatchObject({ status: 200, body: { ok: true, bot: { state: "running" } } });
    expect(await shop.botRunningGauge()).toEqual([{ name: "bot_running", labels: {}, value: 1 }]);
  });
});

describe("a bot whose token Telegram refuses, and a relay that does not answer", () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await startShop({
      BOT_TOKEN: "123456789:AArefused-token_not-known-to-telegram",
      SMTP_URL: `smtp://127.0.0.1:${closedPort}`,
    });
  });
  afterAll(() => shop.close());

  it("says the bot is set up but not running, why, and what cannot be read because of it", async () => {
    const report = await shop.report();
    expect(report.bot).toMatchObject({
      state: "problem",
      bot: {
        state: "not_running",
        mode: "polling",
        problem: "token_refused",
        error: "getMe: 401 Unauthorized",
      },
    });
    expect(report.updates).toMatchObject({ state: "problem", problem: "not_read" });
    expect(report.channel).toMatchObject({ state: "problem", problem: "bot_not_running" });
    // Stars need the bot: whatever the tiers' prices, nobody can pay.
    expect(report.payments).toMatchObject({ state: "problem", problem: "needs_bot" });
    expect(report.mail).toMatchObject({ state: "problem", problem: "unreachable" });
    expect(report.mail.error).toContain("ECONNREFUSED");
    // The log says it as before, and retries.
    expect(shop.log.lines).toContainEqual(
      expect.objectContaining({ level: "error", message: "bot could not start; retrying" }),
    );
  });

  it("refuses the test mail in the relay's words", async () => {
    const res = await shop.post("/api/admin/setup/test-mail");
    expect(res.status).toBe(502);
    expect((await errorOf(res)).message).toMatch(/^The test mail was not sent: .*ECONNREFUSED/);
  });

  it("screens that need the bot say it is set up but not running, and why; a broadcast is refused", async () => {
    const reason = "The bot is set up but not running: Telegram refused BOT_TOKEN";
    const sync = await shop.post("/api/admin/settings/telegram-sync");
    expect(sync.status).toBe(503);
    expect(await errorOf(sync)).toMatchObject({ code: "unavailable", message: reason });
    const broadcast = await shop.post("/api/admin/broadcasts", { text: "Hello", segment: { kind: "all" } });
    expect(broadcast.status).toBe(503);
    expect(await errorOf(broadcast)).toMatchObject({ reason: "bot_not_running", message: reason });
    const list = broadcastListSchema.parse(await (await shop.get("/api/admin/broadcasts")).json());
    expect(list).toMatchObject({ broadcasts: [], bot: { state: "not_running", problem: "token_refused" } });
    // In the admin's language.
    const ru = await shop.app.request("/api/admin/settings/telegram-sync", {
      method: "POST",
      headers: { ...bearer(shop.admin.token), "Accept-Language": "ru" },
    });
    expect((await errorOf(ru)).message).toBe("Бот настроен, но не работает: Telegram отклонил BOT_TOKEN");
  });

  it("readiness stays ready and tells the bot's state; the gauge is 0", async () => {
    expect(await shop.ready()).toMatchObject({
      status: 200,
      body: { ok: true, bot: { state: "not_running", reason: "token_refused" } },
    });
    // Telegram's words stay out of the public probe.
    expect(JSON.stringify((await shop.ready()).body)).not.toContain("Unauthorized");
    expect(await shop.botRunningGauge()).toEqual([{ name: "bot_running", labels: {}, value: 0 }]);
  });
});

describe("a bot that cannot reach Telegram", () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await startShop({ BOT_API_ROOT: `http://127.0.0.1:${closedPort}`, PLAN_PAYMENTS: "free" });
  });
  afterAll(() => shop.close());

  it("says Telegram could not be reached, on the setup screen and where the bot is needed", async () => {
    const report = await shop.report();
    expect(report.bot.bot).toMatchObject({ state: "not_running", problem: "telegram_unreachable" });
    expect(report.payments).toMatchObject({ state: "problem", problem: "free_mode", unsold: [] });
    const sync = await shop.post("/api/admin/settings/telegram-sync");
    expect((await errorOf(sync)).message).toBe(
      "The bot is set up but not running: Telegram could not be reached",
    );
    expect((await shop.ready()).body.bot).toEqual({ state: "not_running", reason: "telegram_unreachable" });
  });
});

describe("webhook mode", () => {
  it("a webhook address Telegram refuses: the bot is not running, and Telegram holds no webhook", async () => {
    // Telegram posts webhooks to ports 443, 80, 88 and 8443 only.
    const shop = await startShop({ BOT_MODE: "webhook", PUBLIC_URL: "https://shop.example.com:3000" });
    try {
      const report = await shop.report();
      expect(report.bot.bot).toMatchObject({
        state: "not_running",
        mode: "webhook",
        problem: "webhook_refused",
        error: expect.stringContaining("Webhook can be set up only on ports 80, 88, 443 or 8443"),
      });
      expect(report.updates).toMatchObject({
        state: "problem",
        problem: "webhook_missing",
        url: "",
        expectedUrl: "https://shop.example.com:3000/telegram/webhook",
      });
      // The bot answered getMe: it can read the channel, and says so.
      expect(report.channel.state).toBe("ok");
      expect(
        (await errorOf(await shop.post("/api/admin/broadcasts", { text: "Hi", segment: { kind: "all" } })))
          .message,
      ).toMatch(
        /^The bot is set up but not running: Telegram refused the webhook address \(setWebhook: 400 Bad Request: bad webhook: Webhook can be set up only on ports 80, 88, 443 or 8443\)$/,
      );
    } finally {
      await shop.close();
    }
  });

  it("a webhook held elsewhere, then failing deliveries, are named with Telegram's words", async () => {
    const shop = await startShop({ BOT_MODE: "webhook" });
    try {
      const expected = `${PUBLIC_URL}/telegram/webhook`;
      expect((await shop.report()).updates).toMatchObject({
        state: "ok",
        mode: "webhook",
        url: expected,
        expectedUrl: expected,
      });
      shop.fake.setWebhookElsewhere("https://old-shop.example.com/telegram/webhook");
      expect((await shop.report()).updates).toMatchObject({
        state: "problem",
        problem: "webhook_elsewhere",
        url: "https://old-shop.example.com/telegram/webhook",
      });
      shop.fake.setWebhookElsewhere(expected);
      shop.fake.failWebhookDelivery("Wrong response from the webhook: 502 Bad Gateway");
      expect((await shop.report()).updates).toMatchObject({
        state: "problem",
        problem: "webhook_failing",
        lastError: "Wrong response from the webhook: 502 Bad Gateway",
      });
      // An error from two hours ago is history: deliveries resumed since.
      shop.fake.failWebhookDelivery("Wrong response from the webhook: 502 Bad Gateway", 2 * 3600);
      expect((await shop.report()).updates).toMatchObject({ state: "ok", problem: null });
    } finally {
      await shop.close();
    }
  });
});

describe("a polling bot whose updates another server takes", () => {
  it("stops polling on Telegram's 409, says so, and names the webhook set elsewhere", async () => {
    const shop = await startShop();
    try {
      expect(shop.t.services.bot.state().state).toBe("running");
      // Another deployment with this token sets its webhook: Telegram refuses this one's getUpdates.
      shop.fake.setWebhookElsewhere("https://other-shop.example.com/telegram/webhook");
      await eventually(async () =>
        expect(shop.t.services.bot.state()).toMatchObject({ state: "not_running", problem: "conflict" }),
      );
      const report = await shop.report();
      expect(report.bot.state).toBe("problem");
      expect(report.updates).toMatchObject({
        state: "problem",
        problem: "webhook_while_polling",
        url: "https://other-shop.example.com/telegram/webhook",
      });
      expect(shop.log.lines).toContainEqual(
        expect.objectContaining({ level: "error", message: "bot stopped polling; retrying" }),
      );
    } finally {
      await shop.close();
    }
  });
});

describe("a channel Telegram does not show the bot", () => {
  it("is unreadable, in Telegram's words", async () => {
    const shop = await startShop({ TELEGRAM_CHANNEL_ID: "@no_such_channel" });
    try {
      expect((await shop.report()).channel).toMatchObject({
        state: "problem",
        problem: "unreadable",
        configured: "@no_such_channel",
        error: expect.stringContaining("chat not found"),
      });
    } finally {
      await shop.close();
    }
  });
});

import { eq } from "drizzle-orm";
import { webhookCallback } from "grammy";
import type { Update } from "grammy/types";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { telegramLinkSchema } from "#api/contracts/account";
import { meSchema } from "#api/contracts/me";
import type { ServiceContext } from "#api/domain/context";
import { createApp } from "#api/http/app";
import { loadConfig } from "#api/process/config";
import { createBot } from "#bot/bot";
import { linkReply } from "#bot/features/start";
import { botNotifier } from "#bot/notifier";
import { botMode, startTelegram, webhookSecret } from "#bot/runtime";
import { channelSettings, processedUpdates, users } from "#db/schema/index";
import {
  bearer,
  createMember,
  MINUTE,
  type RecordedCall,
  recordingLogger,
  recordingTransformer,
  TEST_BOT_TOKEN,
  TestClock,
  testBotInfo,
} from "../helpers/accounts";
import { eventually, startTestApp, type TestApp } from "../helpers/test-app";

const clock = new TestClock();
let t: TestApp;
let calls: RecordedCall[];
let bot: ReturnType<typeof createBot>;
let app: ReturnType<typeof createApp>;
let services: ServiceContext;
const SECRET = "test-webhook-secret_1";

beforeAll(async () => {
  t = await startTestApp({ now: clock.now, env: { BOT_TOKEN: TEST_BOT_TOKEN } });
  const recorder = recordingTransformer();
  calls = recorder.calls;
  services = {
    ...t.services,
    config: { ...t.services.config, PUBLIC_URL: "https://shop.example.com" },
    log: recordingLogger(),
  };
  bot = createBot({
    token: TEST_BOT_TOKEN,
    botInfo: testBotInfo,
    services,
    log: services.log,
    transformer: recorder.transformer,
  });
  app = createApp({
    ...t.services,
    staticDir: undefined,
    telegram: botNotifier(bot),
    telegramWebhook: webhookCallback(bot, "hono", { secretToken: SECRET }),
  });
});
afterAll(() => t.close());
beforeEach(() => {
  calls.length = 0;
});

let updateId = 5000;
function startUpdate(fromId: number, payload = "", username = "linker"): Update {
  const text = payload ? `/start ${payload}` : "/start";
  return {
    update_id: ++updateId,
    message: {
      message_id: updateId,
      date: Math.floor(clock.ms / 1000),
      chat: { id: fromId, type: "private", first_name: "Linker" },
      from: { id: fromId, is_bot: false, first_name: "Linker", username },
      text,
      entities: [{ type: "bot_command", offset: 0, length: 6 }],
    },
  };
}

const replies = () => calls.filter((c) => c.method === "sendMessage").map((c) => c.payload);

async function newLinkCode(token: string): Promise<string> {
  const res = await app.request("/api/me/telegram-link", { method: "POST", headers: bearer(token) });
  expect(res.status).toBe(200);
  const { url } = telegramLinkSchema.parse(await res.json());
  expect(url).toMatch(/^https:\/\/t\.me\/test_shop_bot\?start=link_/);
  return new URL(url).searchParams.get("start") ?? "";
}

describe("/start", () => {
  it("greets with the channel name and a button that opens the Mini App", async () => {
    await t.services.database.db.insert(channelSettings).values({ channelName: "Exclusive Drops" });
    await bot.handleUpdate(startUpdate(1001));
    const [reply] = replies();
    expect(reply?.chat_id).toBe(1001);
    expect(reply?.text).toBe("Welcome to Exclusive Drops! Tap the button below to open the shop.");
    expect(reply?.reply_markup).toEqual({
      inline_keyboard: [[{ text: "Open the shop", web_app: { url: "https://shop.example.com" } }]],
    });
  });

  it("without PUBLIC_URL greets without a button", async () => {
    const recorder = recordingTransformer();
    const plain = createBot({
      token: TEST_BOT_TOKEN,
      botInfo: testBotInfo,
      services: { ...services, config: { ...services.config, PUBLIC_URL: undefined } },
      log: services.log,
      transformer: recorder.transformer,
    });
    await plain.handleUpdate(startUpdate(1002));
    expect(recorder.calls[0]?.payload.text).toBe("Welcome to Exclusive Drops! Members only, 21+.");
    expect(recorder.calls[0]?.payload.reply_markup).toBeUndefined();
  });
});

describe("linking a web account: /start link_<code>", () => {
  it("links the sender's Telegram id once; the code is single-use", async () => {
    const member = await createMember(t);
    const payload = await newLinkCode(member.token);
    await bot.handleUpdate(startUpdate(2_000_000_001, payload, "web_person"));
    expect(replies().map((r) => r.text)).toEqual([linkReply("en", "linked")]);

    const me = meSchema.parse(await (await app.request("/api/me", { headers: bearer(member.token) })).json());
    expect(me).toMatchObject({ telegramId: "2000000001", telegramUsername: "web_person" });
    // Telegram sign-in now finds this same account (one person, one account).
    const [row] = await t.services.database.db
      .select()
      .from(users)
      .where(eq(users.telegramId, 2_000_000_001n));
    expect(row?.id).toBe(member.userId);

    calls.length = 0;
    await bot.handleUpdate(startUpdate(2_000_000_001, payload));
    expect(replies().map((r) => r.text)).toEqual([linkReply("en", "invalid")]);
    expect(
      (await app.request("/api/me/telegram-link", { method: "POST", headers: bearer(member.token) })).status,
    ).toBe(409);
  });

  it("refuses an expired code (15 minutes)", async () => {
    const member = await createMember(t);
    const payload = await newLinkCode(member.token);
    clock.advance(15 * MINUTE + 1000);
    await bot.handleUpdate(startUpdate(2_000_000_002, payload));
    expect(replies().map((r) => r.text)).toEqual([linkReply("en", "invalid")]);
    const me = meSchema.parse(await (await app.request("/api/me", { headers: bearer(member.token) })).json());
    expect(me.telegramId).toBeNull();
  });

  it("refuses unknown codes", async () => {
    await bot.handleUpdate(startUpdate(2_000_000_003, "link_doesnotexist0000000"));
    expect(replies().map((r) => r.text)).toEqual([linkReply("en", "invalid")]);
  });

  it("refuses a Telegram id that already has another account, and keeps the code for later", async () => {
    const taken = await createMember(t);
    await t.services.database.db
      .update(users)
      .set({ telegramId: 2_000_000_004n })
      .where(eq(users.id, taken.userId));
    const member = await createMember(t);
    const payload = await newLinkCode(member.token);
    await bot.handleUpdate(startUpdate(2_000_000_004, payload));
    expect(replies().map((r) => r.text)).toEqual([linkReply("en", "telegram-taken")]);
    const me = meSchema.parse(await (await app.request("/api/me", { headers: bearer(member.token) })).json());
    expect(me.telegramId).toBeNull();

    // The other account goes away; the same link now works.
    await t.services.database.db.delete(users).where(eq(users.id, taken.userId));
    calls.length = 0;
    await bot.handleUpdate(startUpdate(2_000_000_004, payload));
    expect(replies().map((r) => r.text)).toEqual([linkReply("en", "linked")]);
  });
});

describe("updates", () => {
  it("are handled once per update_id", async () => {
    const update = startUpdate(3001);
    await bot.handleUpdate(update);
    await bot.handleUpdate(update);
    expect(replies()).toHaveLength(1);
    const rows = await t.services.database.db
      .select()
      .from(processedUpdates)
      .where(eq(processedUpdates.updateId, BigInt(update.update_id)));
    expect(rows).toHaveLength(1);
  });

  it("that failed are forgotten, so Telegram's redelivery is handled", async () => {
    let fail = true;
    const failing = createBot({
      token: TEST_BOT_TOKEN,
      botInfo: testBotInfo,
      services: { ...services },
      log: services.log,
      transformer: async (_prev, method, payload) => {
        calls.push({ method, payload: payload as Record<string, unknown> });
        if (fail) throw new Error("network down");
        return { ok: true, result: true } as never;
      },
    });
    const update = startUpdate(3002);
    await expect(failing.handleUpdate(update)).rejects.toThrow();
    fail = false;
    await failing.handleUpdate(update);
    expect(replies()).toHaveLength(2);
  });
});

describe("the webhook", () => {
  const deliver = (update: Update, secret?: string) =>
    app.request("/telegram/webhook", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(secret ? { "x-telegram-bot-api-secret-token": secret } : {}),
      },
      body: JSON.stringify(update),
    });

  it("takes updates with the secret token header, and refuses others", async () => {
    expect((await deliver(startUpdate(4001), "wrong")).status).toBe(401);
    expect((await deliver(startUpdate(4001))).status).toBe(401);
    expect(replies()).toHaveLength(0);
    expect((await deliver(startUpdate(4001), SECRET)).status).toBe(200);
    expect(replies()).toHaveLength(1);
  });

  it("is not served when the bot is not in webhook mode", async () => {
    expect((await t.app.request("/telegram/webhook", { method: "POST", body: "{}" })).status).toBe(404);
  });

  it("secret defaults to one derived from the token, in Telegram's alphabet", () => {
    const derived = webhookSecret({ BOT_TOKEN: TEST_BOT_TOKEN, WEBHOOK_SECRET: undefined });
    expect(derived).toMatch(/^[A-Za-z0-9_-]{1,256}$/);
    expect(derived).not.toContain(TEST_BOT_TOKEN.split(":")[1]);
    expect(webhookSecret({ BOT_TOKEN: TEST_BOT_TOKEN, WEBHOOK_SECRET: "chosen" })).toBe("chosen");
  });
});

describe("the notifier", () => {
  it("is on, under the bot's username", () => {
    const notifier = botNotifier(bot);
    expect(notifier.enabled).toBe(true);
    expect(notifier.botUsername).toBe("test_shop_bot");
  });

  it("the bot is off without BOT_TOKEN, or with BOT_MODE=off", () => {
    const log = recordingLogger();
    expect(startTelegram({ ...services, config: loadConfig({}), log })).toBeUndefined();
    expect(
      startTelegram({ ...services, config: loadConfig({ BOT_TOKEN: TEST_BOT_TOKEN, BOT_MODE: "off" }), log }),
    ).toBeUndefined();
    expect(log.lines.map((l) => l.message)).toEqual([
      "bot off: BOT_TOKEN is not set",
      "bot off: BOT_MODE=off",
    ]);
  });

  it("keeps the app up when Telegram is unreachable, and keeps the token out of the log", async () => {
    const log = recordingLogger();
    const runtime = startTelegram({
      ...services,
      config: loadConfig({
        BOT_TOKEN: TEST_BOT_TOKEN,
        BOT_API_ROOT: "http://127.0.0.1:9",
        BOT_MODE: "polling",
        PUBLIC_URL: "https://shop.example.com",
      }),
      log,
    });
    expect(runtime?.mode).toBe("polling");
    await eventually(async () =>
      expect(log.lines.map((l) => l.message)).toContain("bot could not start; retrying"),
    );
    expect(runtime?.notifier.enabled).toBe(false);
    expect(JSON.stringify(log.lines)).not.toContain(TEST_BOT_TOKEN.split(":")[1]);
    await runtime?.stop();
  });

  it("BOT_MODE=auto picks webhook with PUBLIC_URL; a running bot needs PUBLIC_URL for its links", () => {
    const mode = (env: Record<string, string>) => botMode(loadConfig({ BOT_TOKEN: TEST_BOT_TOKEN, ...env }));
    expect(() => mode({})).toThrow(/PUBLIC_URL: is required with the bot/);
    expect(mode({ PUBLIC_URL: "https://shop.example.com" })).toBe("webhook");
    expect(mode({ PUBLIC_URL: "https://shop.example.com", BOT_MODE: "polling" })).toBe("polling");
    expect(botMode(loadConfig({ PUBLIC_URL: "https://shop.example.com" }))).toBe("off");
  });
});

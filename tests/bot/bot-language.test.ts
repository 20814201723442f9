import type { PGlite } from "@electric-sql/pglite";
import { eq } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import type { Update } from "grammy/types";
import type { Sql } from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTelegramLink } from "#api/domain/accounts";
import { telegramUserLanguage } from "#api/domain/messaging";
import { createBot } from "#bot/bot";
import { linkReply } from "#bot/features/start";
import type { Db } from "#db/client";
import * as schema from "#db/schema/index";
import { channelSettings, profiles } from "#db/schema/index";
import {
  createMember,
  post,
  recordingTransformer,
  signInitData,
  TEST_BOT_TOKEN,
  testBotInfo,
} from "../helpers/accounts";
import { startBotApp } from "../helpers/bot-app";
import type { FakeBotApi } from "../helpers/fake-bot-api";
import { eventually } from "../helpers/test-app";

// The real bot against the fake Bot API answers in the member's language: the one stored on their
// account (noted at their Mini App launch), else their update's language_code, else English.
let fake: FakeBotApi;
let bot: Awaited<ReturnType<typeof startBotApp>>;

beforeAll(async () => {
  bot = await startBotApp();
  fake = bot.fake;
  await bot.t.services.database.db.insert(channelSettings).values({ channelName: "Exclusive Drops" });
});
afterAll(() => bot.close());

let messageId = 100;
function start(fromId: number, languageCode?: string): NonNullable<Update["message"]> {
  return {
    message_id: ++messageId,
    date: Math.floor(Date.now() / 1000),
    chat: { id: fromId, type: "private", first_name: "Member" },
    from: { id: fromId, is_bot: false, first_name: "Member", language_code: languageCode },
    text: "/start",
    entities: [{ type: "bot_command", offset: 0, length: 6 }],
  } as NonNullable<Update["message"]>;
}

/** The bot's reply to `chatId`, once it came. */
const replyTo = (chatId: number) =>
  eventually(async () => {
    const call = fake.callsTo("sendMessage").find((c) => c.payload.chat_id === chatId);
    expect(call).toBeDefined();
    return call?.payload as { text: string; reply_markup: { inline_keyboard: { text: string }[][] } };
  });

describe("the bot's language", () => {
  it("a member whose Mini App launch noted Russian gets /start in Russian, whatever the update says", async () => {
    const id = 7_100_000_001;
    const launch = await bot.app.request(
      "/api/auth/telegram",
      post({ initData: signInitData({ id, first_name: "Ivan", language_code: "ru" }, new Date()) }),
    );
    expect(launch.status).toBe(200);
    fake.push({ message: start(id, "en") });
    const reply = await replyTo(id);
    expect(reply.text).toBe(
      "Добро пожаловать в Exclusive Drops! Нажмите кнопку ниже, чтобы открыть магазин.",
    );
    expect(reply.reply_markup.inline_keyboard[0]?.[0]?.text).toBe("Открыть магазин");
    // The chat's menu button in Russian too (the default, for every chat, is English).
    const menu = fake.callsTo("setChatMenuButton").find((c) => c.payload.chat_id === id);
    expect(menu?.payload.menu_button).toMatchObject({ type: "web_app", text: "Магазин" });
  });

  it("someone without an account hears the language of their Telegram app, English for one not shipped", async () => {
    fake.push({ message: start(7_100_000_002, "es") });
    expect((await replyTo(7_100_000_002)).text).toBe(
      "¡Te damos la bienvenida a Exclusive Drops! Toca el botón de abajo para abrir la tienda.",
    );
    fake.push({ message: start(7_100_000_003, "de") });
    expect((await replyTo(7_100_000_003)).text).toBe(
      "Welcome to Exclusive Drops! Tap the button below to open the shop.",
    );
    // English is every chat's default menu button: nothing to set for this chat.
    expect(fake.callsTo("setChatMenuButton").some((c) => c.payload.chat_id === 7_100_000_003)).toBe(false);
  });

  it("sets the command menu in each language it ships", async () => {
    await eventually(async () =>
      expect(fake.callsTo("setMyCommands").map((c) => c.payload.language_code ?? "default")).toEqual([
        "default",
        "ru",
        "es",
        "ar",
      ]),
    );
    const russian = fake.callsTo("setMyCommands").find((c) => c.payload.language_code === "ru");
    expect(russian?.payload.commands).toEqual([
      { command: "start", description: "Открыть магазин" },
      { command: "help", description: "Что умеет этот бот" },
    ]);
  });
});

describe("the language middleware", () => {
  let updateId = 90_000;
  const person = (id: number, languageCode = "en") => ({
    id,
    is_bot: false,
    first_name: "Member",
    language_code: languageCode,
  });
  const message = (id: number, text: string): Update => ({
    update_id: ++updateId,
    message: {
      message_id: updateId,
      date: Math.floor(Date.now() / 1000),
      chat: { id, type: "private", first_name: "Member" },
      from: person(id),
      text,
      ...(text.startsWith("/")
        ? { entities: [{ type: "bot_command", offset: 0, length: text.split(" ")[0]?.length ?? 0 }] }
        : {}),
    },
  });

  /** The app's database seen through a second drizzle over the same connection, logging each statement. */
  function countingDb(statements: string[]): Db {
    const { database } = bot.t.services;
    const client = (database.db as unknown as { $client: unknown }).$client;
    const logger = { logQuery: (query: string) => statements.push(query) };
    return (database.kind === "pglite"
      ? drizzlePglite(client as PGlite, { schema, logger })
      : drizzlePostgres(client as Sql, { schema, logger })) as unknown as Db;
  }

  it("looks the sender's language up once per update, whichever handler answers; never for a channel's post", async () => {
    const statements: string[] = [];
    const db = countingDb(statements);
    // The lookup's own statement, as the database sees it.
    await telegramUserLanguage(db, person(1));
    const lookup = statements.pop();
    const lookups = () => statements.filter((statement) => statement === lookup).length;
    const recorder = recordingTransformer();
    // A bot of its own over a copy of the context: the polling bot above keeps its notifier.
    const services = { ...bot.t.services, db };
    const direct = createBot({
      token: TEST_BOT_TOKEN,
      botInfo: testBotInfo,
      services,
      log: services.log,
      transformer: recorder.transformer,
    });
    const member = await createMember(bot.t);
    await services.db.update(profiles).set({ language: "es" }).where(eq(profiles.id, member.userId));
    const code = new URL((await createTelegramLink(services, member.userId)).url).searchParams.get("start");
    const updates: [string, Update][] = [
      ["/start", message(7_100_000_010, "/start")],
      ["/help", message(7_100_000_010, "/help")],
      ["/start link_…", message(7_100_000_011, `/start ${code}`)],
      ["a member's words to the shop", message(7_100_000_012, "hello")],
      [
        "an inline query",
        {
          update_id: ++updateId,
          inline_query: {
            id: "q-1",
            from: person(7_100_000_013),
            query: "",
            offset: "",
            chat_type: "sender",
          },
        },
      ],
      [
        "a pre-checkout query",
        {
          update_id: ++updateId,
          pre_checkout_query: {
            id: "pcq-1",
            from: person(7_100_000_014),
            currency: "XTR",
            total_amount: 1,
            invoice_payload: "not-a-plan",
          },
        },
      ],
      [
        "a draft's button",
        {
          update_id: ++updateId,
          callback_query: {
            id: "cb-1",
            from: person(7_100_000_015),
            chat_instance: "1",
            data: "post:00000000-0000-4000-8000-000000000000",
          },
        },
      ],
    ];
    for (const [what, update] of updates) {
      statements.length = 0;
      await direct.handleUpdate(update);
      expect(lookups(), what).toBe(1);
    }
    statements.length = 0;
    await direct.handleUpdate({
      update_id: ++updateId,
      channel_post: {
        message_id: 1,
        date: Math.floor(Date.now() / 1000),
        chat: { id: -1000_000_000_777, type: "channel", title: "Elsewhere" },
        text: "news",
      },
    });
    expect(statements.length).toBeGreaterThan(0);
    expect(lookups()).toBe(0);
    // Linking makes the sender that account: the reply is in its stored language, not the app's.
    const linked = recorder.calls.find(
      (c) => c.method === "sendMessage" && c.payload.chat_id === 7_100_000_011,
    );
    expect(linked?.payload.text).toBe(linkReply("es", "linked"));
  });
});

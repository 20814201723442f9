import type { Update } from "grammy/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { channelSettings } from "#db/schema/index";
import { post, signInitData } from "../helpers/accounts";
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

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles } from "#db/schema/index";
import { startBotApp } from "../helpers/bot-app";
import type { FakeBotApi } from "../helpers/fake-bot-api";
import { someBotMembers } from "../helpers/outbox";
import { eventually, type TestApp } from "../helpers/test-app";

// The bot's side of the outbox (decision 104): stop buttons and /start.
let fake: FakeBotApi;
let t: TestApp;
let close: () => Promise<void>;
let nextUpdate = 1;

beforeAll(async () => {
  ({ fake, t, close } = await startBotApp());
});
afterAll(() => close());

const db = () => t.services.database.db;
const profileOf = async (userId: string) =>
  (await db().select().from(profiles).where(eq(profiles.id, userId)))[0];

const SHOP_BUTTON = { text: "Open the shop", web_app: { url: "https://shop.example.com/" } };

function pressStop(telegramId: number, data: string, languageCode = "en") {
  const id = `cb-${nextUpdate++}`;
  fake.push({
    callback_query: {
      id,
      from: { id: telegramId, is_bot: false, first_name: "M", language_code: languageCode },
      chat_instance: "ci",
      data,
      message: {
        message_id: 1,
        date: Math.floor(Date.now() / 1000),
        chat: { id: telegramId, type: "private", first_name: "M" },
        text: "News",
        reply_markup: { inline_keyboard: [[SHOP_BUTTON], [{ text: "Stop", callback_data: data }]] },
      },
    },
  });
  return id;
}
const answerTo = (id: string) =>
  eventually(async () => {
    const call = fake.callsTo("answerCallbackQuery").find((c) => c.payload.callback_query_id === id);
    if (!call) throw new Error("not answered yet");
    return call.payload;
  });

describe("a stop button", () => {
  it("turns the kind's switch off and says so in the member's language", async () => {
    const [member] = await someBotMembers(db(), 1, { language: "ru" });
    const answer = await answerTo(pressStop(member.telegramId, "stop:broadcast"));
    expect(answer.text).toBe(
      "Готово: новостей магазина здесь больше не будет. Включить их снова можно в Настройки › Уведомления.",
    );
    expect(await profileOf(member.userId)).toMatchObject({
      newsMessages: false,
      planReminders: true,
      cartReminders: true,
    });
    // The stop button leaves the message; the shop's button stays.
    const edit = await eventually(async () => {
      const call = fake
        .callsTo("editMessageReplyMarkup")
        .find((c) => c.payload.chat_id === member.telegramId && c.payload.message_id === 1);
      if (!call) throw new Error("not edited yet");
      return call.payload;
    });
    expect(edit.reply_markup).toEqual({ inline_keyboard: [[SHOP_BUTTON]] });
  });

  it("turns plan and cart reminders off by their kinds", async () => {
    const [member] = await someBotMembers(db(), 1);
    await answerTo(pressStop(member.telegramId, "stop:plan_grace"));
    const answer = await answerTo(pressStop(member.telegramId, "stop:cart_reminder"));
    expect(answer.text).toMatch(/no more cart reminders/);
    expect(await profileOf(member.userId)).toMatchObject({
      newsMessages: true,
      planReminders: false,
      cartReminders: false,
    });
  });

  it("answers a kind without a switch, or a stranger, that there is nothing to turn off", async () => {
    const [member] = await someBotMembers(db(), 1);
    const reply = await answerTo(pressStop(member.telegramId, "stop:support_reply"));
    expect(reply.text).toMatch(/nothing to turn off/);
    const stranger = await answerTo(pressStop(99_000_001, "stop:broadcast", "es"));
    expect(stranger.text).toMatch(/^Aquí no hay nada que desactivar/);
  });
});

describe("/start", () => {
  it("lets the bot write to the member again after they blocked it", async () => {
    const [member] = await someBotMembers(db(), 1, { botWritableAt: null, botBlockedAt: new Date() });
    fake.push({
      message: {
        message_id: 10,
        date: Math.floor(Date.now() / 1000),
        chat: { id: member.telegramId, type: "private", first_name: "M" },
        from: { id: member.telegramId, is_bot: false, first_name: "M" },
        text: "/start",
        entities: [{ type: "bot_command", offset: 0, length: 6 }],
      },
    });
    await eventually(async () => {
      const profile = await profileOf(member.userId);
      expect(profile?.botBlockedAt).toBeNull();
      expect(profile?.botWritableAt).not.toBeNull();
    });
  });
});

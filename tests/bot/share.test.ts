import { eq } from "drizzle-orm";
import type { Update } from "grammy/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { preparedShareSchema } from "#api/contracts/share";
import { summary } from "#api/domain/channel";
import { INLINE_CACHE_SECONDS } from "#bot/features/inline-share";
import { channelMessages, products, users } from "#db/schema/index";
import { bearer, createMember, errorOf, testBotInfo } from "../helpers/accounts";
import { startBotApp } from "../helpers/bot-app";
import type { FakeBotApi, FakeCall } from "../helpers/fake-bot-api";
import { eventually, type TestApp } from "../helpers/test-app";

// Inline mode and Share through the real bot against the fake Bot API (decision 110): `@bot <words>`
// answers active products as cards, a page at a time, and never a post or an inactive product; Share
// in the Mini App stores the same card with savePreparedInlineMessage. PGlite, and Postgres when
// DATABASE_URL is set.
let fake: FakeBotApi;
let t: TestApp;
let app: Awaited<ReturnType<typeof startBotApp>>["app"];
let close: () => Promise<void>;

const T0 = Date.parse("2026-11-01T12:00:00Z");
const BULK = 45;
let alpha: string;
let beta: string;
let hidden: string;
let post: string;
const bulk: string[] = [];

const LONG =
  "Sweet and sour notes of candy and citrus, with a calm body effect that lasts. Grown indoors in small batches, hand trimmed and slowly cured for three weeks so every jar smells as fresh as the day it was packed.";

beforeAll(async () => {
  ({ fake, t, app, close } = await startBotApp());
  const db = t.services.database.db;
  const insert = async (values: Partial<typeof products.$inferInsert> & { title: string }, at: number) => {
    const [row] = await db
      .insert(products)
      .values({ creditPrice: "10.00", createdAt: new Date(at), ...values })
      .returning({ id: products.id });
    if (!row) throw new Error("no product");
    return row.id;
  };
  for (let i = 0; i < BULK; i++) bulk.push(await insert({ title: `Bulk Widget ${i}` }, T0 + i * 1000));
  alpha = await insert(
    {
      title: "Alpha <Haze> & Co",
      description: LONG,
      primaryImageUrl: "/media/product-images/alpha.jpg",
      creditPrice: "1234.50",
    },
    T0 + 100_000,
  );
  beta = await insert({ title: "Beta Kush", creditPrice: "12.00" }, T0 + 200_000);
  hidden = await insert({ title: "Hidden Haze", isActive: false }, T0 + 300_000);
  const [message] = await db
    .insert(channelMessages)
    .values({ content: "Members-only Haze secret drop", createdAt: new Date(T0 + 400_000) })
    .returning({ id: channelMessages.id });
  if (!message) throw new Error("no post");
  post = message.id;
});
afterAll(() => close());

let nextQuery = 1;
/** Someone types `@bot <query>` in a chat; resolves with the bot's answerInlineQuery call. */
async function inlineQuery(query: string, offset = "", languageCode = "en"): Promise<FakeCall> {
  const id = `query-${nextQuery++}`;
  fake.push({
    inline_query: {
      id,
      from: { id: 7_100, is_bot: false, first_name: "Ina", language_code: languageCode },
      query,
      offset,
    },
  } as Omit<Update, "update_id">);
  return eventually(async () => {
    const call = fake.callsTo("answerInlineQuery").find((c) => c.payload.inline_query_id === id);
    if (!call) throw new Error("not answered yet");
    return call;
  });
}
type Result = { id: string; [key: string]: unknown };
const resultsOf = (call: FakeCall) => call.payload.results as Result[];
const idsOf = (call: FakeCall) => resultsOf(call).map((r) => r.id);

const price = (language: "en" | "ru") => (language === "en" ? "1,234.50 credits" : "1,234.50 кредита");
const alphaCard = (language: "en" | "ru" = "en") => ({
  type: "article",
  id: alpha,
  title: "Alpha <Haze> & Co",
  description: `${price(language)} · ${summary(LONG, 90)}`,
  thumbnail_url: "https://shop.example.com/media/product-images/alpha.jpg",
  input_message_content: {
    message_text: `<b>Alpha &lt;Haze&gt; &amp; Co</b>\n${price(language)}\n\n${summary(LONG, 200)}`,
    parse_mode: "HTML",
    link_preview_options: {
      url: "https://shop.example.com/media/product-images/alpha.jpg",
      prefer_large_media: true,
      show_above_text: true,
    },
  },
  reply_markup: {
    inline_keyboard: [
      [
        {
          text: language === "en" ? "Open in shop" : "Открыть в магазине",
          url: `https://t.me/${testBotInfo.username}?startapp=product_${alpha}`,
        },
      ],
    ],
  },
});

describe("inline mode", () => {
  it("answers matching active products as cards, not cached per person", async () => {
    const call = await inlineQuery("haze");
    expect(call.payload).toEqual({
      inline_query_id: call.payload.inline_query_id,
      results: [alphaCard()],
      cache_time: INLINE_CACHE_SECONDS,
      is_personal: false,
      next_offset: "",
    });
  });

  it("never answers an inactive product or a post, whatever the words", async () => {
    for (const words of ["hidden", "secret", "members-only", "drop", ""]) {
      const call = await inlineQuery(words);
      expect(idsOf(call)).not.toContain(hidden);
      expect(idsOf(call)).not.toContain(post);
      expect(JSON.stringify(call.payload)).not.toContain("secret");
    }
    expect(idsOf(await inlineQuery("hidden"))).toEqual([]);
  });

  it("a product without a picture is a card without one", async () => {
    const [result] = resultsOf(await inlineQuery("beta kush"));
    expect(result).toMatchObject({ id: beta, description: "12.00 credits" });
    expect(result).not.toHaveProperty("thumbnail_url");
    expect(result?.input_message_content).toEqual({
      message_text: "<b>Beta Kush</b>\n12.00 credits",
      parse_mode: "HTML",
      link_preview_options: { is_disabled: true },
    });
  });

  it("an empty query lists the newest products first", async () => {
    const call = await inlineQuery("");
    expect(idsOf(call).slice(0, 3)).toEqual([beta, alpha, bulk[BULK - 1]]);
    expect(call.payload.next_offset).toBe("20");
  });

  it("pages through every match with next_offset", async () => {
    const seen: string[] = [];
    let offset = "";
    const offsets: string[] = [];
    do {
      const call = await inlineQuery("bulk widget", offset);
      seen.push(...idsOf(call));
      offset = String(call.payload.next_offset);
      offsets.push(offset);
    } while (offset !== "");
    expect(offsets).toEqual(["20", "40", ""]);
    expect(seen).toEqual([...bulk].reverse());
  });

  it("words of ours are in the asker's language", async () => {
    const call = await inlineQuery("alpha", "", "ru");
    expect(resultsOf(call)).toEqual([alphaCard("ru")]);
  });
});

describe("Share from the Mini App", () => {
  async function telegramMember(telegramId: number) {
    const member = await createMember(t);
    await t.services.database.db
      .update(users)
      .set({ telegramId: BigInt(telegramId) })
      .where(eq(users.id, member.userId));
    return member;
  }
  const share = (path: string, token: string) =>
    app.request(`/api/share/${path}`, { method: "POST", headers: bearer(token) });

  it("stores the product's card, the same as inline mode's, for the member's Telegram id", async () => {
    const member = await telegramMember(7_201);
    const res = await share(`products/${alpha}`, member.token);
    expect(res.status, await res.clone().text()).toBe(200);
    const { preparedMessageId } = preparedShareSchema.parse(await res.json());
    const call = fake.callsTo("savePreparedInlineMessage").at(-1);
    expect(call?.payload).toEqual({
      user_id: 7_201,
      result: alphaCard(),
      allow_user_chats: true,
      allow_bot_chats: false,
      allow_group_chats: true,
      allow_channel_chats: true,
    });
    expect(preparedMessageId).toBe((call?.result as { id?: string } | undefined)?.id);
    // One code path: the inline answer for the same product is the same card.
    expect(resultsOf(await inlineQuery("alpha"))).toEqual([call?.payload.result]);
  });

  it("a post's card carries none of the post's words, only the channel and a button to it", async () => {
    const member = await telegramMember(7_202);
    const res = await share(`posts/${post}`, member.token);
    expect(res.status, await res.clone().text()).toBe(200);
    const call = fake.callsTo("savePreparedInlineMessage").at(-1);
    const result = call?.payload.result as Result;
    expect(JSON.stringify(result)).not.toMatch(/secret|Haze|drop/i);
    expect(result).toMatchObject({
      type: "article",
      id: post,
      reply_markup: {
        inline_keyboard: [
          [{ text: "Open the post", url: `https://t.me/${testBotInfo.username}?startapp=msg_${post}` }],
        ],
      },
      input_message_content: { parse_mode: "HTML", link_preview_options: { is_disabled: true } },
    });
  });

  it("Telegram refusing to store it is a 503", async () => {
    const member = await telegramMember(7_203);
    fake.failNext("savePreparedInlineMessage", {
      error_code: 400,
      description: "Bad Request: USER_ID_INVALID",
    });
    const res = await share(`products/${beta}`, member.token);
    expect(res.status).toBe(503);
    expect((await errorOf(res)).message).toBe("Telegram could not prepare the message. Please try again");
  });
});

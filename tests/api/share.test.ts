import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { preparedShareSchema } from "#api/contracts/share";
import { type TelegramNotifier, telegramOff } from "#api/domain/ports/telegram-notifier";
import { channelMessages, products, profiles, users } from "#db/schema/index";
import { bearer, createMember, errorOf, recordingTelegram, testBotInfo } from "../helpers/accounts";
import { startTestApp, type TestApp } from "../helpers/test-app";

// POST /api/share/products/:id and /api/share/posts/:id (decision 110): the card prepared for the
// member's Telegram id, and every refusal. The bot is a recording stand-in here (on, or off);
// tests/bot/share.test.ts checks the real bot's savePreparedInlineMessage. PGlite, and Postgres
// when DATABASE_URL is set.
let bot: ReturnType<typeof recordingTelegram> | TelegramNotifier = recordingTelegram();
const recording = () => bot as ReturnType<typeof recordingTelegram>;
const telegram: TelegramNotifier = {
  get enabled() {
    return bot.enabled;
  },
  get botUsername() {
    return bot.botUsername;
  },
  get channelConfigured() {
    return bot.channelConfigured;
  },
  publishPost: (post) => bot.publishPost(post),
  readChannel: (stem) => bot.readChannel(stem),
  createPlanInvoice: (invoice) => bot.createPlanInvoice(invoice),
  refundStarPayment: (id, charge) => bot.refundStarPayment(id, charge),
  editStarSubscription: (id, charge, canceled) => bot.editStarSubscription(id, charge, canceled),
  prepareShare: (id, card) => bot.prepareShare(id, card),
  createJoinLink: (chatId, name) => bot.createJoinLink(chatId, name),
};

let t: TestApp;
let product: string;
let inactive: string;
let post: string;
let unpublished: string;
let nextTelegramId = 9_100;

beforeAll(async () => {
  t = await startTestApp({ telegram, env: { PUBLIC_URL: "https://shop.example.com" } });
  const db = t.services.database.db;
  const [a, b] = await db
    .insert(products)
    .values([
      { title: "Shared Kush", creditPrice: "20.00", primaryImageUrl: "https://cdn.example.com/kush.png" },
      { title: "Gone Kush", creditPrice: "20.00", isActive: false },
    ])
    .returning({ id: products.id });
  const [p, q] = await db
    .insert(channelMessages)
    .values([{ content: "For members" }, { content: "Draft", isPublished: false }])
    .returning({ id: channelMessages.id });
  if (!a || !b || !p || !q) throw new Error("not inserted");
  [product, inactive, post, unpublished] = [a.id, b.id, p.id, q.id];
});
afterAll(() => t.close());
beforeEach(() => {
  bot = recordingTelegram();
});

async function telegramMember(options: { ageVerified?: boolean; language?: string } = {}) {
  const member = await createMember(t, options);
  const telegramId = nextTelegramId++;
  const db = t.services.database.db;
  await db
    .update(users)
    .set({ telegramId: BigInt(telegramId) })
    .where(eq(users.id, member.userId));
  if (options.language)
    await db.update(profiles).set({ language: options.language }).where(eq(profiles.id, member.userId));
  return { ...member, telegramId };
}
const share = (path: string, token?: string) =>
  t.app.request(`/api/share/${path}`, { method: "POST", headers: token ? bearer(token) : {} });

describe("POST /api/share/products/:id", () => {
  it("prepares the product's card for the member's Telegram id, in their language", async () => {
    const member = await telegramMember({ language: "es" });
    const res = await share(`products/${product.toUpperCase()}`, member.token);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(preparedShareSchema.parse(await res.json())).toEqual({ preparedMessageId: "prepared-1" });
    expect(recording().shared).toEqual([
      {
        telegramId: BigInt(member.telegramId),
        card: {
          id: product,
          title: "Shared Kush",
          description: "20.00 créditos",
          thumbnailUrl: "https://cdn.example.com/kush.png",
          pictureUrl: "https://cdn.example.com/kush.png",
          html: "<b>Shared Kush</b>\n20.00 créditos",
          button: {
            text: "Abrir en la tienda",
            url: `https://t.me/${testBotInfo.username}?startapp=product_${product}`,
          },
        },
      },
    ]);
  });

  it("refuses: 401 signed out, 404 unknown or inactive, 409 without Telegram, 503 with the bot off", async () => {
    expect((await share(`products/${product}`)).status).toBe(401);
    const member = await telegramMember();
    for (const id of [inactive, "0000000a-0000-4000-8000-00000000000b", "not-a-uuid"]) {
      const res = await share(`products/${id}`, member.token);
      expect(res.status).toBe(404);
      expect(await errorOf(res)).toMatchObject({ code: "not_found", message: "Product not found" });
    }
    const webOnly = await createMember(t);
    const noTelegram = await share(`products/${product}`, webOnly.token);
    expect(noTelegram.status).toBe(409);
    expect(await errorOf(noTelegram)).toMatchObject({
      code: "conflict",
      message: "Sharing into Telegram needs an account linked to Telegram",
    });
    bot = telegramOff;
    const off = await share(`products/${product}`, member.token);
    expect(off.status).toBe(503);
    expect(await errorOf(off)).toMatchObject({
      code: "unavailable",
      message: "Sharing through Telegram is not available: the bot is off",
    });
  });

  it("answers a refusal in the member's language", async () => {
    const member = await createMember(t);
    const res = await t.app.request(`/api/share/products/${product}`, {
      method: "POST",
      headers: { ...bearer(member.token), "accept-language": "ru" },
    });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).message).toBe(
      "Чтобы делиться в Telegram, аккаунт должен быть связан с Telegram",
    );
  });

  it("limits a member to 20 prepared messages a minute (429 with Retry-After), others unaffected", async () => {
    const member = await telegramMember();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await share(`products/${product}`, member.token)).status);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
    const over = await share(`products/${product}`, member.token);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(recording().shared).toHaveLength(20);
    const other = await telegramMember();
    expect((await share(`products/${product}`, other.token)).status).toBe(200);
  });
});

describe("POST /api/share/posts/:id", () => {
  it("prepares a card with the channel and a button to the post, none of its words", async () => {
    const member = await telegramMember();
    // The id in upper case names the same post (tests/api/id-case.test.ts); the link has it lower-cased.
    const res = await share(`posts/${post.toUpperCase()}`, member.token);
    expect(res.status, await res.clone().text()).toBe(200);
    const [entry] = recording().shared;
    expect(JSON.stringify(entry?.card)).not.toContain("For members");
    expect(entry?.card.button).toEqual({
      text: "Open the post",
      url: `https://t.me/${testBotInfo.username}?startapp=msg_${post}`,
    });
  });

  it("refuses: 401 signed out, 403 before the age gate, 404 unknown or unpublished, 409, 503", async () => {
    expect((await share(`posts/${post}`)).status).toBe(401);
    const young = await telegramMember({ ageVerified: false });
    expect((await share(`posts/${post}`, young.token)).status).toBe(403);
    const member = await telegramMember();
    for (const id of [unpublished, product, "0000000a-0000-4000-8000-00000000000b"]) {
      const res = await share(`posts/${id}`, member.token);
      expect(res.status).toBe(404);
      expect((await errorOf(res)).message).toBe("Message not found");
    }
    expect((await share(`posts/${post}`, (await createMember(t)).token)).status).toBe(409);
    bot = telegramOff;
    expect((await share(`posts/${post}`, member.token)).status).toBe(503);
  });
});

it("both routes are in the OpenAPI document", async () => {
  const doc = (await (await t.app.request("/api/openapi.json")).json()) as {
    paths: Record<string, { post?: { responses: Record<string, unknown> } }>;
  };
  for (const path of ["/api/share/products/{id}", "/api/share/posts/{id}"]) {
    expect(Object.keys(doc.paths[path]?.post?.responses ?? {})).toEqual(
      expect.arrayContaining(["200", "401", "404", "409", "429", "503"]),
    );
  }
});

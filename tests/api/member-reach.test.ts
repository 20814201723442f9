import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionSchema } from "#api/contracts/auth";
import { type Cart, cartSchema } from "#api/contracts/cart";
import { meSchema } from "#api/contracts/me";
import { remindCarts } from "#api/domain/orders";
import { carts, outbox, products, profiles } from "#db/schema/index";
import {
  bearer,
  createMember,
  errorOf,
  HOUR,
  jsonRequest,
  MINUTE,
  post,
  signInitData,
  TEST_BOT_TOKEN,
  TestClock,
} from "../helpers/accounts";
import { memberOnPlan, placeCreditOrder, testProduct } from "../helpers/credit-orders";
import { drainOutbox, keyboardOf, sendsTo } from "../helpers/drain-outbox";
import { type FakeBotApi, startFakeBotApi } from "../helpers/fake-bot-api";
import { racing } from "../helpers/race";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { insertTestTiers } from "../helpers/tiers";

// Issue 38's member reach (decision 106): allows_write_to_pm at sign-in and the Mini App's
// requestWriteAccess (POST /api/me/bot-access), Settings › Notifications' switches, the kept cart
// (GET/PUT /api/me/cart) and its one reminder through the outbox, delivered by the outbox's sender
// to the fake Bot API. Runs on PGlite, and on Postgres when DATABASE_URL is set.
const clock = new TestClock();
let fakeBot: FakeBotApi;
let t: TestApp;
let premium: string;

beforeAll(async () => {
  fakeBot = await startFakeBotApi({ id: -1009, title: "Channel" });
  t = await startTestApp({
    now: clock.now,
    env: {
      BOT_TOKEN: TEST_BOT_TOKEN,
      PLAN_PAYMENTS: "free",
      CART_REMINDER_HOURS: "24",
      PUBLIC_URL: "https://shop.example.com",
    },
  });
  premium = (await insertTestTiers(t.services.database.db)).premium;
});
afterAll(async () => {
  await t.close();
  await fakeBot.close();
});

const db = () => t.services.database.db;
let nextTelegramId = 7_100_000_000;

/** A Telegram launch's sign-in; `allows` is the launch's allows_write_to_pm (absent when undefined). */
async function telegramMember(allows?: boolean) {
  const user = {
    id: nextTelegramId++,
    first_name: "Reach",
    language_code: "ru",
    ...(allows === undefined ? {} : { allows_write_to_pm: allows }),
  };
  const res = await t.app.request("/api/auth/telegram", post({ initData: signInitData(user, clock.now()) }));
  expect(res.status).toBe(200);
  const session = sessionSchema.parse(await res.json());
  return { token: session.token, userId: session.user.id, me: session.user, telegramId: user.id };
}

const profileOf = async (userId: string) =>
  (await db().select().from(profiles).where(eq(profiles.id, userId)))[0];

const getCart = async (token: string): Promise<Cart> => {
  const res = await t.app.request("/api/me/cart", { headers: bearer(token) });
  expect(res.status).toBe(200);
  return cartSchema.parse(await res.json());
};
const putCart = (token: string, items: unknown) =>
  t.app.request("/api/me/cart", jsonRequest("PUT", { items }, bearer(token)));
const cartRow = async (userId: string) =>
  (await db().select().from(carts).where(eq(carts.userId, userId)))[0];
const remindersOf = (userId: string) =>
  db()
    .select()
    .from(outbox)
    .where(and(eq(outbox.userId, userId), eq(outbox.kind, "cart_reminder")));

describe("reach at sign-in and requestWriteAccess", () => {
  it("a launch with allows_write_to_pm lets the bot write; one without takes nothing away", async () => {
    const member = await telegramMember(true);
    expect(member.me.botWritable).toBe(true);
    const stamped = (await profileOf(member.userId))?.botWritableAt;
    expect(stamped?.getTime()).toBe(clock.now().getTime());

    // The same person launches again without it (a later launch from another button): still writable.
    clock.advance(MINUTE);
    const again = await t.app.request(
      "/api/auth/telegram",
      post({
        initData: signInitData({ id: member.telegramId, first_name: "Reach" }, clock.now()),
      }),
    );
    expect(sessionSchema.parse(await again.json()).user.botWritable).toBe(true);
    expect((await profileOf(member.userId))?.botWritableAt?.getTime()).toBe(stamped?.getTime());
  });

  it("a launch without it leaves the bot silent until the member allows it in the app", async () => {
    const member = await telegramMember(false);
    expect(member.me.botWritable).toBe(false);
    expect((await profileOf(member.userId))?.botWritableAt).toBeNull();

    const res = await t.app.request("/api/me/bot-access", post(undefined, bearer(member.token)));
    expect(res.status).toBe(200);
    expect(meSchema.parse(await res.json()).botWritable).toBe(true);
    expect((await profileOf(member.userId))?.botWritableAt).not.toBeNull();
  });

  it("a block the bot met stays through a launch that allows writing (only /start clears it)", async () => {
    const member = await telegramMember(true);
    await db().update(profiles).set({ botBlockedAt: clock.now() }).where(eq(profiles.id, member.userId));
    clock.advance(MINUTE);
    const again = await t.app.request(
      "/api/auth/telegram",
      post({
        initData: signInitData(
          { id: member.telegramId, first_name: "Reach", allows_write_to_pm: true } as never,
          clock.now(),
        ),
      }),
    );
    expect(sessionSchema.parse(await again.json()).user.botWritable).toBe(false);
    expect((await profileOf(member.userId))?.botBlockedAt).not.toBeNull();
  });

  it("an account without Telegram has no chat to allow: 409", async () => {
    const member = await createMember(t);
    const res = await t.app.request("/api/me/bot-access", post(undefined, bearer(member.token)));
    expect(res.status).toBe(409);
    expect((await errorOf(res)).message).toBe("This account is not linked to Telegram.");
  });
});

describe("PATCH /api/me/notifications", () => {
  it("news, plan and cart reminders are on by default and change one at a time", async () => {
    const member = await createMember(t);
    const me = meSchema.parse(
      await (await t.app.request("/api/me", { headers: bearer(member.token) })).json(),
    );
    expect(me).toMatchObject({
      orderEmails: true,
      newsMessages: true,
      planReminders: true,
      cartReminders: true,
    });

    const patch = (body: unknown) =>
      t.app.request("/api/me/notifications", jsonRequest("PATCH", body, bearer(member.token)));
    const off = await patch({ cartReminders: false });
    expect(off.status).toBe(200);
    expect(meSchema.parse(await off.json())).toMatchObject({
      orderEmails: true,
      newsMessages: true,
      planReminders: true,
      cartReminders: false,
    });
    const two = meSchema.parse(await (await patch({ newsMessages: false, planReminders: false })).json());
    expect(two).toMatchObject({ newsMessages: false, planReminders: false, cartReminders: false });
    expect(await profileOf(member.userId)).toMatchObject({
      newsMessages: false,
      planReminders: false,
      cartReminders: false,
      orderEmails: true,
    });
  });

  it("an empty body, an unknown switch or a non-boolean is a 400", async () => {
    const member = await createMember(t);
    for (const body of [{}, { shout: true }, { newsMessages: "yes" }, { cartReminders: null }]) {
      const res = await t.app.request(
        "/api/me/notifications",
        jsonRequest("PATCH", body, bearer(member.token)),
      );
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe("the kept cart", () => {
  it("starts empty, keeps the lines given and answers them with their products", async () => {
    const member = await createMember(t);
    expect(await getCart(member.token)).toMatchObject({ items: [], touchedAt: null });
    const a = await testProduct(t, 5, "Kept");
    const b = await testProduct(t, 5, "Kept");
    const res = await putCart(member.token, [
      { productId: a.id.toUpperCase(), quantity: 2 },
      { productId: b.id, quantity: 1 },
    ]);
    expect(res.status).toBe(200);
    const cart = cartSchema.parse(await res.json());
    // Lines saved at one time come in product id order.
    expect(cart.items.map((line) => [line.productId, line.quantity, line.product.title])).toEqual(
      [
        [a.id, 2, a.title],
        [b.id, 1, b.title],
      ].sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
    );
    expect(cart.touchedAt).toBe(clock.now().toISOString());
    expect(await getCart(member.token)).toEqual(cart);
  });

  it("moves touched_at only on a real change; a changed line carries the change's time", async () => {
    const member = await createMember(t);
    const a = await testProduct(t, 5, "Touch");
    const b = await testProduct(t, 5, "Touch");
    await putCart(member.token, [{ productId: a.id, quantity: 1 }]);
    const first = (await cartRow(member.userId))?.touchedAt;

    clock.advance(HOUR);
    await putCart(member.token, [{ productId: a.id, quantity: 1 }]);
    expect((await cartRow(member.userId))?.touchedAt).toEqual(first);

    clock.advance(HOUR);
    const grown = cartSchema.parse(
      await (
        await putCart(member.token, [
          { productId: a.id, quantity: 1 },
          { productId: b.id, quantity: 3 },
        ])
      ).json(),
    );
    expect(grown.touchedAt).toBe(clock.now().toISOString());
    expect(grown.items.find((line) => line.productId === a.id)?.changedAt).toBe(first?.toISOString());
    expect(grown.items.find((line) => line.productId === b.id)?.changedAt).toBe(clock.now().toISOString());

    clock.advance(HOUR);
    const emptied = cartSchema.parse(await (await putCart(member.token, [])).json());
    expect(emptied).toMatchObject({ items: [], touchedAt: clock.now().toISOString() });
  });

  it("drops unknown, deleted and hidden products", async () => {
    const member = await createMember(t);
    const kept = await testProduct(t, 5, "Sold");
    const hidden = await testProduct(t, 5, "Hidden");
    const deleted = await testProduct(t, 5, "Deleted");
    await db().update(products).set({ isActive: false }).where(eq(products.id, hidden.id));
    await putCart(member.token, [
      { productId: kept.id, quantity: 1 },
      { productId: deleted.id, quantity: 1 },
    ]);
    await db().delete(products).where(eq(products.id, deleted.id));
    const res = await putCart(member.token, [
      { productId: kept.id, quantity: 1 },
      { productId: hidden.id, quantity: 2 },
      { productId: "0000000a-0000-4000-8000-00000000000b", quantity: 1 },
    ]);
    expect(res.status).toBe(200);
    expect(cartSchema.parse(await res.json()).items.map((line) => line.productId)).toEqual([kept.id]);
  });

  it("refuses bad input with a 400, never a 500", async () => {
    const member = await createMember(t);
    const a = await testProduct(t, 5, "Bad");
    const many = Array.from({ length: 101 }, (_, i) => ({
      productId: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
      quantity: 1,
    }));
    const bodies: unknown[] = [
      many,
      [{ productId: a.id, quantity: 0 }],
      [{ productId: a.id, quantity: 100 }],
      [{ productId: a.id, quantity: 1.5 }],
      [{ productId: a.id, quantity: "2" }],
      [{ productId: "not-an-id", quantity: 1 }],
      [
        { productId: a.id, quantity: 1 },
        { productId: a.id.toUpperCase(), quantity: 2 },
      ],
      "everything",
      null,
    ];
    for (const items of bodies) {
      const res = await putCart(member.token, items);
      expect(res.status, JSON.stringify(items)?.slice(0, 80)).toBe(400);
    }
    const notJson = await t.app.request("/api/me/cart", {
      method: "PUT",
      headers: { ...bearer(member.token), "content-type": "application/json" },
      body: "{",
    });
    expect(notJson.status).toBe(400);
    // A hundred lines is the most a cart keeps.
    const hundred = many.slice(0, 100);
    expect((await putCart(member.token, hundred)).status).toBe(200);
    expect(await getCart(member.token)).toMatchObject({ items: [] });
  });

  it("is one's own: another member's cart is never seen", async () => {
    const alice = await createMember(t);
    const bob = await createMember(t);
    const a = await testProduct(t, 5, "Own");
    await putCart(alice.token, [{ productId: a.id, quantity: 1 }]);
    expect((await getCart(bob.token)).items).toEqual([]);
  });
});

describe("the cart reminder", () => {
  /** A Telegram member the bot may write to, with a kept cart of `lines`, left untouched a day and a minute. */
  async function leftCart(lines: { productId: string; quantity: number }[], allows = true) {
    const member = await telegramMember(allows);
    expect((await putCart(member.token, lines)).status).toBe(200);
    return member;
  }
  const aDayLater = () => clock.advance(24 * HOUR + MINUTE);

  it("calls back a cart left a day, once, naming its items in the member's language, with open and stop buttons", async () => {
    await racing();
    const a = await testProduct(t, 5, "Remind");
    const b = await testProduct(t, 0, "Gone");
    const member = await leftCart([
      { productId: a.id, quantity: 2 },
      { productId: b.id, quantity: 1 },
    ]);
    clock.advance(23 * HOUR);
    await remindCarts(t.services);
    expect(await remindersOf(member.userId)).toHaveLength(0);

    clock.advance(HOUR + MINUTE);
    // Two runs at once (two processes): one reminder.
    await Promise.all([remindCarts(t.services), remindCarts(t.services)]);
    await remindCarts(t.services);
    const rows = await remindersOf(member.userId);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    const touched = (await cartRow(member.userId))?.touchedAt;
    expect(row).toMatchObject({
      channel: "telegram",
      state: "queued",
      chatId: BigInt(member.telegramId),
      dedupeKey: `cart:${member.userId}:${touched?.toISOString()}`,
    });
    const payload = row?.payload as { text: string; buttons: unknown[] };
    // The member's Telegram speaks Russian; only what is in stock is named.
    expect(payload.text).toContain("Ваша корзина ждёт вас");
    expect(payload.text).toContain(`• ${a.title} × 2`);
    expect(payload.text).not.toContain(b.title);
    expect(payload.buttons).toEqual([
      { text: "Открыть корзину", open: "/cart" },
      { text: "Больше не напоминать о корзине", stop: "cart_reminder" },
    ]);
    expect((await cartRow(member.userId))?.remindedFor).toEqual(touched);

    // The sender delivers it to the member's chat once, as queued, with its buttons.
    await drainOutbox(t.services, fakeBot);
    const keyboard = keyboardOf("https://shop.example.com", [
      { text: "Открыть корзину", open: "/cart" },
      { text: "Больше не напоминать о корзине", stop: "cart_reminder" },
    ]);
    expect(sendsTo(fakeBot, member.telegramId).map((call) => call.payload)).toEqual([
      expect.objectContaining({ text: payload.text, reply_markup: keyboard }),
    ]);
    expect((await remindersOf(member.userId)).map((r) => r.state)).toEqual(["sent"]);

    // A later change is a new version: a day after it, one more reminder.
    await putCart(member.token, [{ productId: a.id, quantity: 3 }]);
    aDayLater();
    await remindCarts(t.services);
    expect(await remindersOf(member.userId)).toHaveLength(2);
    await drainOutbox(t.services, fakeBot);
    const texts = sendsTo(fakeBot, member.telegramId).map((call) => String(call.payload.text));
    expect(texts).toHaveLength(2);
    expect(texts[1]).toContain(`• ${a.title} × 3`);
  });

  it("concurrent runs over many carts remind each once", async () => {
    await racing();
    const a = await testProduct(t, 50, "Many");
    const members = [];
    for (let i = 0; i < 6; i++) members.push(await leftCart([{ productId: a.id, quantity: 1 }]));
    aDayLater();
    await Promise.all([remindCarts(t.services), remindCarts(t.services), remindCarts(t.services)]);
    for (const member of members) expect(await remindersOf(member.userId)).toHaveLength(1);
    // Each arrives once, naming the item.
    await drainOutbox(t.services, fakeBot);
    for (const member of members) {
      const texts = sendsTo(fakeBot, member.telegramId).map((call) => String(call.payload.text));
      expect(texts).toHaveLength(1);
      expect(texts[0]).toContain(`• ${a.title} × 1`);
    }
  });

  it("not after checkout: the ordered lines leave the cart and what is left is not called back", async () => {
    const member = await memberOnPlan(t, premium);
    const a = await testProduct(t, 5, "Ordered");
    const b = await testProduct(t, 5, "Left");
    await putCart(member.token, [
      { productId: a.id, quantity: 2 },
      { productId: b.id, quantity: 1 },
    ]);
    await placeCreditOrder(t, member.token, a.id, 2);
    expect((await getCart(member.token)).items.map((line) => line.productId)).toEqual([b.id]);
    aDayLater();
    await remindCarts(t.services);
    expect(await remindersOf(member.userId)).toHaveLength(0);

    // Everything ordered: an empty cart is never called back either.
    const whole = await memberOnPlan(t, premium);
    await putCart(whole.token, [{ productId: b.id, quantity: 1 }]);
    await placeCreditOrder(t, whole.token, b.id, 1);
    expect((await getCart(whole.token)).items).toEqual([]);
    aDayLater();
    await remindCarts(t.services);
    expect(await remindersOf(whole.userId)).toHaveLength(0);
  });

  it("not when nothing in it is in stock, nor when emptied", async () => {
    const out = await testProduct(t, 0, "Out");
    const member = await leftCart([{ productId: out.id, quantity: 1 }]);
    const a = await testProduct(t, 5, "Emptied");
    const emptied = await leftCart([{ productId: a.id, quantity: 1 }]);
    await putCart(emptied.token, []);
    aDayLater();
    await remindCarts(t.services);
    expect(await remindersOf(member.userId)).toHaveLength(0);
    expect(await remindersOf(emptied.userId)).toHaveLength(0);
  });

  it("not when the member switched cart reminders off", async () => {
    const a = await testProduct(t, 5, "Quiet");
    const member = await leftCart([{ productId: a.id, quantity: 1 }]);
    await t.app.request(
      "/api/me/notifications",
      jsonRequest("PATCH", { cartReminders: false }, bearer(member.token)),
    );
    aDayLater();
    await remindCarts(t.services);
    expect(await remindersOf(member.userId)).toHaveLength(0);
  });

  it("a member the bot may not write to is counted unreachable, never attempted", async () => {
    const a = await testProduct(t, 5, "Unreached");
    const member = await leftCart([{ productId: a.id, quantity: 1 }], false);
    const web = await createMember(t);
    await putCart(web.token, [{ productId: a.id, quantity: 1 }]);
    aDayLater();
    await remindCarts(t.services);
    expect((await remindersOf(member.userId)).map((row) => row.state)).toEqual(["unreachable"]);
    expect((await remindersOf(web.userId)).map((row) => row.state)).toEqual(["unreachable"]);
    // The sender never attempts it.
    await drainOutbox(t.services, fakeBot);
    expect(sendsTo(fakeBot, member.telegramId)).toEqual([]);
    expect((await remindersOf(member.userId)).map((row) => row.state)).toEqual(["unreachable"]);
  });
});

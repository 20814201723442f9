import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  audienceSchema,
  type Broadcast,
  broadcastImageSchema,
  broadcastListSchema,
  broadcastSchema,
  createBroadcastSchema,
  createdBroadcastSchema,
} from "#api/contracts/broadcasts";
import { tierChangeReasons } from "#api/contracts/plan-payments";
import { createBroadcast, startDueBroadcasts } from "#api/domain/messaging";
import { claimOutboxRows } from "#db/queries/messaging/outbox-claim";
import { recordSent } from "#db/queries/messaging/outbox-outcomes";
import {
  broadcasts,
  cartItems,
  carts,
  membershipHistory,
  orders,
  outbox,
  planSubscriptions,
  products,
  profiles,
  users,
} from "#db/schema/index";
import { bearer, createMember, DAY, errorOf, post, TEST_BOT_TOKEN } from "../helpers/accounts";
import { drainOutbox, keyboardOf, sendsTo } from "../helpers/drain-outbox";
import { type FakeBotApi, startFakeBotApi } from "../helpers/fake-bot-api";
import { racing } from "../helpers/race";
import { MB, PNG, padded, SVG } from "../helpers/sample-files";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { insertTestTiers, type TestTierName } from "../helpers/tiers";

// Broadcasts (docs/decisions/108-broadcasts.md): admins message a segment of the members; each
// recipient becomes one outbox row, the unreachable ones counted; the outbox's sender delivers them
// to the fake Bot API. Runs on PGlite, and on Postgres when DATABASE_URL is set (where the concurrent
// starts and cancels really run side by side).
const PUBLIC_URL = "https://shop.example.com";
let fakeBot: FakeBotApi;
let t: TestApp;
let admin: Awaited<ReturnType<typeof createMember>>;
let moderator: Awaited<ReturnType<typeof createMember>>;
let member: Awaited<ReturnType<typeof createMember>>;
let tiers: Record<TestTierName, string>;
let productId: string;

const db = () => t.services.database.db;

beforeAll(async () => {
  fakeBot = await startFakeBotApi({ id: -1009, title: "Channel" });
  // A bot set up and run elsewhere (the test app's BOT_MODE=off): drainOutbox sends what it would.
  t = await startTestApp({ env: { PUBLIC_URL, BOT_TOKEN: TEST_BOT_TOKEN } });
  admin = await createMember(t, { roles: ["admin"] });
  moderator = await createMember(t, { roles: ["moderator"] });
  member = await createMember(t);
  tiers = await insertTestTiers(db());
  const [product] = await db()
    .insert(products)
    .values({ title: "Cart thing", creditPrice: "5.00", stockQuantity: 10 })
    .returning();
  if (!product) throw new Error("no product");
  productId = product.id;
  // The signed-up people here are not audience material: their news is off.
  await db()
    .update(profiles)
    .set({ newsMessages: false })
    .where(inArray(profiles.id, [admin.userId, moderator.userId, member.userId]));
});
afterAll(async () => {
  await t.close();
  await fakeBot.close();
});

let nextTelegramId = 9_100_000n;
/** A member as the tests need them, inserted directly (sign-up hashes a password: too slow for many). */
async function addMember(
  options: {
    telegram?: boolean;
    writable?: boolean;
    blocked?: boolean;
    news?: boolean;
    tier?: TestTierName;
    language?: string;
    group?: string;
  } = {},
): Promise<string> {
  const telegramId = options.telegram === false ? null : nextTelegramId++;
  const [user] = await db().insert(users).values({ telegramId }).returning({ id: users.id });
  if (!user) throw new Error("no user");
  await db()
    .insert(profiles)
    .values({
      id: user.id,
      fullName: options.group ?? "Member",
      language: options.language ?? "en",
      botWritableAt: options.writable === false ? null : new Date(),
      botBlockedAt: options.blocked ? new Date() : null,
      newsMessages: options.news ?? true,
      membershipTierId: options.tier ? tiers[options.tier] : null,
    });
  return user.id;
}

/** Takes the members out of every audience: each test builds its own. */
async function newsOffForAll() {
  await db().update(profiles).set({ newsMessages: false });
}

const adminPost = (path: string, body: unknown, token = admin.token) =>
  t.app.request(`/api/admin/broadcasts${path}`, post(body, bearer(token)));
async function audience(segment: unknown, paid = false) {
  const res = await adminPost("/audience", { segment, paid });
  expect(res.status, await res.clone().text()).toBe(200);
  return audienceSchema.parse(await res.json());
}
async function send(body: Record<string, unknown>): Promise<Broadcast> {
  const res = await adminPost("", body);
  expect(res.status, await res.clone().text()).toBe(201);
  return createdBroadcastSchema.parse(await res.json()).broadcast;
}
async function read(id: string): Promise<Broadcast> {
  const res = await t.app.request(`/api/admin/broadcasts/${id}`, { headers: bearer(admin.token) });
  expect(res.status).toBe(200);
  return broadcastSchema.parse(await res.json());
}
const rowsOf = (broadcastId: string) => db().select().from(outbox).where(eq(outbox.broadcastId, broadcastId));
/** The process clock an hour ahead: every broadcast scheduled within the hour is due. */
const later = (ms = 3_600_000) => ({ ...t.services, now: () => new Date(Date.now() + ms) });

describe("segments and the audience", () => {
  it("counts the members of each segment whose news is on, reachable or not, with the time it takes", async () => {
    await newsOffForAll();
    const reachable = await addMember({ tier: "premium", group: "seg" });
    await addMember({ tier: "premium", writable: false, group: "seg" }); // never started the bot
    await addMember({ tier: "basic", blocked: true, group: "seg" }); // blocked it
    await addMember({ telegram: false, group: "seg" }); // web only
    await addMember({ tier: "premium", news: false, group: "seg" }); // news off: in no segment

    expect(await audience({ kind: "all" })).toEqual({
      total: 4,
      reachable: 1,
      unreachable: 3,
      rate: 25,
      estimatedSeconds: 1,
    });
    expect(await audience({ kind: "tier", tierId: tiers.premium.toUpperCase() })).toMatchObject({
      total: 2,
      reachable: 1,
    });
    expect(await audience({ kind: "all" }, true)).toMatchObject({ rate: 1000, estimatedSeconds: 1 });

    // Never ordered: everyone but the one with an order.
    await db().insert(orders).values({
      userId: reachable,
      totalCredits: "5.00",
      deliveryName: "A",
      deliveryAddress: "1 Main St",
      deliveryState: "CA",
    });
    expect(await audience({ kind: "no_orders" })).toMatchObject({ total: 3, reachable: 0 });

    // Items in the cart.
    await db().insert(carts).values({ userId: reachable });
    await db().insert(cartItems).values({ userId: reachable, productId, quantity: 2 });
    expect(await audience({ kind: "cart" })).toMatchObject({ total: 1, reachable: 1 });
  });

  it("lapsed: the latest plan change is an ending within the days asked, and no subscription runs", async () => {
    await newsOffForAll();
    const now = Date.now();
    const history = (userId: string, reason: string, daysAgo: number, newTier: string | null = null) =>
      db()
        .insert(membershipHistory)
        .values({
          userId,
          oldTierId: tiers.basic,
          newTierId: newTier,
          reason,
          createdAt: new Date(now - daysAgo * DAY),
        });
    const lapsed = await addMember();
    await history(lapsed, tierChangeReasons.lapsed, 3);
    const ended = await addMember();
    await history(ended, tierChangeReasons.ended, 10, tiers.free);
    const longAgo = await addMember();
    await history(longAgo, tierChangeReasons.ended, 40);
    const cameBack = await addMember();
    await history(cameBack, tierChangeReasons.lapsed, 5);
    await history(cameBack, tierChangeReasons.member, 2, tiers.premium);
    const resubscribed = await addMember();
    await history(resubscribed, tierChangeReasons.refunded, 1);
    await db()
      .insert(planSubscriptions)
      .values({
        userId: resubscribed,
        tierId: tiers.basic,
        tierName: "Basic",
        stars: 250,
        chargeId: "charge-resubscribed",
        expiresAt: new Date(now + 20 * DAY),
      });
    await addMember(); // never had a plan

    expect(await audience({ kind: "lapsed", days: 7 })).toMatchObject({ total: 1 });
    expect(await audience({ kind: "lapsed", days: 14 })).toMatchObject({ total: 2 });
    // 30 days when not said.
    expect(await audience({ kind: "lapsed" })).toMatchObject({ total: 2 });
    expect(await audience({ kind: "lapsed", days: 60 })).toMatchObject({ total: 3 });
  });
});

describe("sending", () => {
  it("makes one outbox row per member: reachable ones queued with the buttons in their language, the rest unreachable", async () => {
    await newsOffForAll();
    const english = await addMember({ tier: "basic", language: "en" });
    const russian = await addMember({ tier: "basic", language: "ru" });
    const arabic = await addMember({ tier: "basic", language: "ar", writable: false });
    await addMember({ tier: "premium" });

    const broadcast = await send({
      text: "  New harvest is in! 🌿  ",
      segment: { kind: "tier", tierId: tiers.basic },
    });
    expect(broadcast).toMatchObject({
      text: "New harvest is in! 🌿",
      status: "sending",
      segment: { kind: "tier", tierId: tiers.basic, tierName: "Basic" },
      total: 3,
      queued: 2,
      unreachable: 1,
      sent: 0,
      blocked: 0,
      failed: 0,
      paid: false,
      imageUrl: null,
      estimatedSeconds: 1,
    });
    expect(broadcast.startedAt).not.toBeNull();

    const rows = await rowsOf(broadcast.id);
    expect(rows).toHaveLength(3);
    const byUser = new Map(rows.map((row) => [row.userId, row]));
    expect(byUser.get(english)).toMatchObject({ kind: "broadcast", state: "queued", channel: "telegram" });
    expect(byUser.get(english)?.payload).toEqual({
      text: "New harvest is in! 🌿",
      buttons: [
        { text: "Open the shop", open: "/" },
        { text: "Stop news from the shop", stop: "broadcast" },
      ],
    });
    expect(byUser.get(russian)?.payload).toMatchObject({
      buttons: [
        { text: "Открыть магазин", open: "/" },
        { text: "Не присылать новости магазина", stop: "broadcast" },
      ],
    });
    expect(byUser.get(arabic)).toMatchObject({ state: "unreachable" });

    // The outbox sends them (here: marked as its sender would); the counts follow its rows.
    await db()
      .update(outbox)
      .set({ state: "sent" })
      .where(and(eq(outbox.broadcastId, broadcast.id), eq(outbox.userId, english)));
    await db()
      .update(outbox)
      .set({ state: "blocked" })
      .where(and(eq(outbox.broadcastId, broadcast.id), eq(outbox.userId, russian)));
    expect(await read(broadcast.id)).toMatchObject({
      status: "done",
      queued: 0,
      sent: 1,
      blocked: 1,
      unreachable: 1,
    });

    // Newest first in the list.
    const second = await send({ text: "Second", segment: { kind: "all" }, paid: true });
    const list = await t.app.request("/api/admin/broadcasts", { headers: bearer(admin.token) });
    const { broadcasts: listed } = broadcastListSchema.parse(await list.json());
    expect(listed.slice(0, 2).map((b) => b.id)).toEqual([second.id, broadcast.id]);
    expect(listed[0]?.paid).toBe(true);
  });

  it("sends one image with a caption: uploaded first, named by its imageId", async () => {
    await newsOffForAll();
    await addMember();
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(PNG)], { type: "image/png" }), "a.png");
    const res = await t.app.request("/api/admin/broadcasts/images", {
      method: "POST",
      headers: bearer(admin.token),
      body: form,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { imageId, url } = broadcastImageSchema.parse(await res.json());
    expect(url).toBe(`/media/broadcast-images/${imageId}`);
    expect((await t.app.request(url)).status).toBe(200);

    const broadcast = await send({ text: "Look", segment: { kind: "all" }, imageId });
    expect(broadcast.imageUrl).toBe(url);
    const [row] = await rowsOf(broadcast.id);
    expect(row?.payload).toMatchObject({ text: "Look", image: `broadcast-images/${imageId}` });

    // With an image, the text is a caption: 1024 characters at most.
    const long = await adminPost("", { text: "x".repeat(1025), segment: { kind: "all" }, imageId });
    expect(long.status).toBe(400);
    expect((await errorOf(long)).message).toBe("With an image, the message must be at most 1024 characters");
    // An id that names no stored image.
    const unknown = await adminPost("", {
      text: "Look",
      segment: { kind: "all" },
      imageId: "1700000000000-0123456789abcdef.png",
    });
    expect(unknown.status).toBe(400);
    expect((await errorOf(unknown)).message).toBe("Upload the image again");
  });

  it("refuses an upload that is no photo, or too large", async () => {
    const upload = (bytes: Uint8Array, type: string, name: string) => {
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(bytes)], { type }), name);
      return t.app.request("/api/admin/broadcasts/images", {
        method: "POST",
        headers: bearer(admin.token),
        body: form,
      });
    };
    expect((await upload(SVG, "image/svg+xml", "a.svg")).status).toBe(415);
    expect((await upload(padded(PNG, 5 * MB + 1), "image/png", "big.png")).status).toBe(413);
  });

  it("refuses a bad segment, an unknown tier, a text too long or empty, and non-admins", async () => {
    const refused = async (body: unknown, status: number, message?: string) => {
      const res = await adminPost("", body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      if (message) expect((await errorOf(res)).message).toBe(message);
    };
    await refused({ text: "Hi", segment: { kind: "everyone" } }, 400, "Choose who gets the message");
    await refused({ text: "Hi", segment: { kind: "tier" } }, 400, "Choose a tier");
    await refused({ text: "Hi", segment: { kind: "lapsed", days: 0 } }, 400);
    await refused({ text: "Hi", segment: { kind: "lapsed", days: 1.5 } }, 400);
    await refused({ text: "Hi" }, 400);
    await refused(
      { text: "Hi", segment: { kind: "tier", tierId: "0000000a-0000-4000-8000-00000000000b" } },
      404,
      "Plan not found",
    );
    await refused(
      { text: "x".repeat(4097), segment: { kind: "all" } },
      400,
      "Message must be at most 4096 characters",
    );
    await refused({ text: "   ", segment: { kind: "all" } }, 400, "Write the message");
    await refused({ text: "Hi", segment: { kind: "all" }, sendAt: "tomorrow" }, 400);
    expect((await adminPost("/audience", { segment: { kind: "nobody" } })).status).toBe(400);
    // 4096 is allowed.
    await newsOffForAll();
    expect((await adminPost("", { text: "x".repeat(4096), segment: { kind: "all" } })).status).toBe(201);

    for (const who of [moderator, member]) {
      expect((await adminPost("", { text: "Hi", segment: { kind: "all" } }, who.token)).status).toBe(403);
      expect((await adminPost("/audience", { segment: { kind: "all" } }, who.token)).status).toBe(403);
    }
    expect((await t.app.request("/api/admin/broadcasts", post({}))).status).toBe(401);
    // An unknown broadcast.
    const missing = await t.app.request("/api/admin/broadcasts/0000000a-0000-4000-8000-00000000000b", {
      headers: bearer(admin.token),
    });
    expect(missing.status).toBe(404);
  });

  // Before the 20,000 below: a sender drains every due row, theirs too.
  it("the sender delivers it to each writable member once, in their language; it then reads done with its counts", async () => {
    await newsOffForAll();
    const english = await addMember({ language: "en" });
    const spanish = await addMember({ language: "es" });
    const third = await addMember();
    await addMember({ writable: false });
    await addMember({ blocked: true });
    const broadcast = await send({ text: "Fresh stock today", segment: { kind: "all" } });
    expect(broadcast).toMatchObject({ status: "sending", total: 5, queued: 3, unreachable: 2 });

    await drainOutbox(t.services, fakeBot);
    const rows = await rowsOf(broadcast.id);
    const chats = await db()
      .select({ id: users.id, telegramId: users.telegramId })
      .from(users)
      .where(inArray(users.id, [english, spanish, third]));
    for (const { id, telegramId } of chats) {
      const delivered = sendsTo(fakeBot, telegramId ?? 0n);
      expect(delivered, id).toHaveLength(1);
      const row = rows.find((r) => r.userId === id);
      const { buttons } = (row?.payload ?? { buttons: [] }) as { buttons: Parameters<typeof keyboardOf>[1] };
      expect(delivered[0]?.payload).toMatchObject({
        text: "Fresh stock today",
        reply_markup: keyboardOf(PUBLIC_URL, buttons),
      });
      expect(row?.state).toBe("sent");
    }
    const englishChat = chats.find((c) => c.id === english)?.telegramId ?? 0n;
    expect(sendsTo(fakeBot, englishChat)[0]?.payload.reply_markup).toEqual(
      keyboardOf(PUBLIC_URL, [
        { text: "Open the shop", open: "/" },
        { text: "Stop news from the shop", stop: "broadcast" },
      ]),
    );
    const spanishChat = chats.find((c) => c.id === spanish)?.telegramId ?? 0n;
    expect(sendsTo(fakeBot, spanishChat)[0]?.payload.reply_markup).toMatchObject({
      inline_keyboard: [[{ text: "Abrir la tienda" }], [{ callback_data: "stop:broadcast" }]],
    });
    const done = await read(broadcast.id);
    expect(done).toMatchObject({
      status: "done",
      total: 5,
      queued: 0,
      sent: 3,
      unreachable: 2,
      blocked: 0,
      failed: 0,
      cancelled: 0,
      estimatedSeconds: 0,
    });
    // Marked done by the sender itself, not only read so from the counts.
    expect(done.finishedAt).not.toBeNull();
  });

  it("expands 20,000 recipients in one request, each once, in their language", async () => {
    await newsOffForAll();
    await db().execute(sql`
      with made as (
        insert into users (telegram_id)
        select 5000000000 + n from generate_series(1, 20000) as n
        returning id, telegram_id
      )
      insert into profiles (id, language, bot_writable_at, news_messages)
      select id, case when telegram_id % 2 = 0 then 'es' else 'en' end,
             case when telegram_id % 10 = 0 then null else now() end, true
      from made`);
    const broadcast = await send({ text: "To everyone", segment: { kind: "all" } });
    expect(broadcast).toMatchObject({ total: 20_000, queued: 18_000, unreachable: 2_000 });
    expect(broadcast.estimatedSeconds).toBe(720);
    const [spanish] = await db()
      .select({ payload: outbox.payload })
      .from(outbox)
      .innerJoin(profiles, eq(profiles.id, outbox.userId))
      .where(and(eq(outbox.broadcastId, broadcast.id), eq(profiles.language, "es")))
      .limit(1);
    expect(spanish?.payload).toMatchObject({ buttons: [{ text: "Abrir la tienda" }, { stop: "broadcast" }] });
    // Each test after this one turns their news off with everyone's.
  }, 60_000);
});

describe("scheduled broadcasts", () => {
  it("wait for their time, then start once even when two processes find them due at once", async () => {
    await racing();
    await newsOffForAll();
    for (let n = 0; n < 30; n++) await addMember();
    const sendAt = new Date(Date.now() + 30 * 60_000).toISOString();
    const scheduled = await send({ text: "Later", segment: { kind: "all" }, sendAt });
    expect(scheduled).toMatchObject({ status: "scheduled", total: 0, queued: 0, sendAt });
    expect(await rowsOf(scheduled.id)).toHaveLength(0);
    // Not due yet: nothing starts.
    expect(await startDueBroadcasts(t.services)).toBe(0);

    const [a, b, c] = await Promise.all([
      startDueBroadcasts(later()),
      startDueBroadcasts(later()),
      startDueBroadcasts(later()),
    ]);
    expect((a ?? 0) + (b ?? 0) + (c ?? 0)).toBe(1);
    const rows = await rowsOf(scheduled.id);
    expect(rows).toHaveLength(30);
    expect(new Set(rows.map((row) => row.userId)).size).toBe(30);
    expect(await read(scheduled.id)).toMatchObject({ status: "sending", total: 30, queued: 30 });
    // Found again later: nothing more.
    expect(await startDueBroadcasts(later())).toBe(0);
    expect(await rowsOf(scheduled.id)).toHaveLength(30);
  });

  it("may be scheduled at most a year ahead of the server's clock: later is a 400 with its own reason, in the admin's language, and nothing is stored", async () => {
    await newsOffForAll();
    const countBroadcasts = async () => (await db().select({ id: broadcasts.id }).from(broadcasts)).length;
    const before = await countBroadcasts();
    const tooFar = async (sendAt: string, language = "en") => {
      const res = await t.app.request(
        "/api/admin/broadcasts",
        post(
          { text: "Far", segment: { kind: "all" }, sendAt },
          { ...bearer(admin.token), "accept-language": language },
        ),
      );
      expect(res.status, sendAt).toBe(400);
      return errorOf(res);
    };
    const yearAndAMinute = new Date(Date.now() + 365 * DAY + 60_000).toISOString();
    expect(await tooFar(yearAndAMinute)).toEqual({
      code: "bad_request",
      reason: "broadcast_too_far_ahead",
      message: "A broadcast can be scheduled at most 365 days ahead",
    });
    expect(await tooFar("9999-12-31T23:59:00.000Z")).toMatchObject({ reason: "broadcast_too_far_ahead" });
    expect(await tooFar(yearAndAMinute, "ar")).toEqual({
      code: "bad_request",
      reason: "broadcast_too_far_ahead",
      message: "يمكن جدولة البث قبل موعده بـ 365 يومًا على الأكثر",
    });
    expect(await countBroadcasts()).toBe(before);

    // A year less a minute is taken and waits.
    const withinAYear = new Date(Date.now() + 365 * DAY - 60_000).toISOString();
    expect(await send({ text: "Next year", segment: { kind: "all" }, sendAt: withinAYear })).toMatchObject({
      status: "scheduled",
      sendAt: withinAYear,
    });
    // The year counts from the server's clock, not the caller's: two days on, a year and a minute fits.
    const body = createBroadcastSchema.parse({
      text: "Clock",
      segment: { kind: "all" },
      sendAt: yearAndAMinute,
    });
    const { broadcast } = await createBroadcast(later(2 * DAY), admin.userId, body);
    expect(broadcast).toMatchObject({ status: "scheduled", sendAt: yearAndAMinute });
    await expect(createBroadcast(t.services, admin.userId, body)).rejects.toMatchObject({
      reason: "broadcast_too_far_ahead",
    });
    expect(await countBroadcasts()).toBe(before + 2);
  });

  it("an audience with nobody reachable is done as soon as it starts", async () => {
    await newsOffForAll();
    await addMember({ writable: false });
    const broadcast = await send({ text: "Nobody hears", segment: { kind: "all" } });
    expect(broadcast).toMatchObject({ status: "done", total: 1, unreachable: 1 });
    const [stored] = await db().select().from(broadcasts).where(eq(broadcasts.id, broadcast.id));
    expect(stored?.status).toBe("done");
    expect(stored?.finishedAt).not.toBeNull();
  });
});

describe("cancelling", () => {
  const cancel = (id: string, token = admin.token) =>
    t.app.request(`/api/admin/broadcasts/${id}/cancel`, post({}, bearer(token)));

  it("cancels the queued rows of a sending broadcast; those a sender holds finish; again is the same; a finished one is 409", async () => {
    await newsOffForAll();
    for (let n = 0; n < 10; n++) await addMember();
    const broadcast = await send({ text: "Oops", segment: { kind: "all" } });
    // A sender has claimed three and sent two of them.
    const claimed = (await rowsOf(broadcast.id)).slice(0, 3).map((row) => row.id);
    await db().update(outbox).set({ state: "sending" }).where(inArray(outbox.id, claimed));
    await db()
      .update(outbox)
      .set({ state: "sent" })
      .where(inArray(outbox.id, claimed.slice(0, 2)));

    expect((await cancel(broadcast.id, moderator.token)).status).toBe(403);
    const [first, second] = await Promise.all([cancel(broadcast.id), cancel(broadcast.id)]);
    expect(first?.status).toBe(200);
    expect(second?.status).toBe(200);
    const after = createdBroadcastSchema.parse(await first?.json()).broadcast;
    expect(after).toMatchObject({ status: "cancelled", sent: 2, queued: 1, cancelled: 7 });

    // A cancel of a broadcast whose every row went out is refused.
    const done = await send({ text: "Fine", segment: { kind: "all" } });
    await db().update(outbox).set({ state: "sent" }).where(eq(outbox.broadcastId, done.id));
    const refused = await cancel(done.id);
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).message).toBe(
      "This broadcast has finished and can no longer be cancelled",
    );
    expect((await read(done.id)).status).toBe("done");
    expect((await cancel("0000000a-0000-4000-8000-00000000000b")).status).toBe(404);
  });

  it("a cancel racing two senders' claims (the sender's own): each row is claimed or cancelled, never both", async () => {
    await racing();
    // Other broadcasts' waiting rows out of the way: the claims take this one's.
    await db()
      .update(outbox)
      .set({ nextAttemptAt: sql`now() + interval '1 day'` })
      .where(eq(outbox.state, "queued"));
    const claim = () => claimOutboxRows(db(), "free", 15, 30_000);
    for (let round = 0; round < 5; round++) {
      await newsOffForAll();
      for (let n = 0; n < 40; n++) await addMember();
      const broadcast = await send({ text: "Race", segment: { kind: "all" } });
      const [first, response, second] = await Promise.all([claim(), cancel(broadcast.id), claim()]);
      expect(response.status).toBe(200);
      const claimed = [...first, ...second].map((row) => row.id);
      const rows = await rowsOf(broadcast.id);
      expect(rows).toHaveLength(40);
      // A claimed row is the sender's to finish: the cancel left it alone; every other is cancelled.
      expect(new Set(claimed).size).toBe(claimed.length);
      const byId = new Map(rows.map((row) => [row.id, row]));
      for (const id of claimed) expect(byId.get(id)).toMatchObject({ state: "sending", doneAt: null });
      const cancelled = rows.filter((row) => row.state === "cancelled").map((row) => row.id);
      expect(cancelled.length + claimed.length).toBe(40);
      expect(await read(broadcast.id)).toMatchObject({ status: "cancelled", cancelled: cancelled.length });
      // The claimed rows go out as the sender records them; the broadcast ends with none queued.
      await recordSent(db(), claimed);
      expect(await read(broadcast.id)).toMatchObject({ sent: claimed.length, queued: 0 });
    }
  }, 60_000);

  it("a cancel racing the scheduled start: it is cancelled, and no row stays queued", async () => {
    await racing();
    await newsOffForAll();
    for (let n = 0; n < 20; n++) await addMember();
    const sendAt = new Date(Date.now() + 10 * 60_000).toISOString();
    const scheduled = await send({ text: "Race", segment: { kind: "all" }, sendAt });
    const [cancelled] = await Promise.all([cancel(scheduled.id), startDueBroadcasts(later())]);
    expect(cancelled.status).toBe(200);
    const after = await read(scheduled.id);
    expect(after.status).toBe("cancelled");
    expect(after.queued).toBe(0);
    // Either it never started (no rows) or its rows were all cancelled.
    expect(after.cancelled === 0 ? after.total : after.cancelled).toBe(after.total);
    // A cancelled scheduled broadcast never starts.
    expect(await startDueBroadcasts(later())).toBe(0);
  });
});

import { randomUUID } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stockAlertSchema } from "#api/contracts/stock-alerts";
import { createApp } from "#api/http/app";
import { createHttpServer } from "#api/http/server";
import { products, profiles, users } from "#db/schema/index";
import { bearer, createMember, errorOf, jsonRequest, post, recordingTelegram } from "../helpers/accounts";
import { memberOnPlan, placeCreditOrder, testProduct } from "../helpers/credit-orders";
import { drainOutbox, sendsTo } from "../helpers/drain-outbox";
import { type FakeBotApi, startFakeBotApi } from "../helpers/fake-bot-api";
import { decodeQuotedPrintable, startFakeSmtp } from "../helpers/fake-smtp";
import { racing } from "../helpers/race";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { insertTestTiers } from "../helpers/tiers";

// GET/PUT/DELETE /api/products/:id/alert and the alerts a restock sends. Runs on PGlite, and on
// Postgres when DATABASE_URL is set. Telegram members hear through the bot (the outbox's sender
// calling the fake Bot API; the app's notifier, a recording double, names the bot for the links),
// the others by mail over real SMTP (the fake server) once their address is proven. How the sends
// go (a burst, failures and retries) is stock-alerts-delivery.test.ts.
const telegram = recordingTelegram();
let fakeBot: FakeBotApi;
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
let t: TestApp;
let server: Server;
let base: string;
let staff: Awaited<ReturnType<typeof createMember>>;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  fakeBot = await startFakeBotApi({ id: -1009, title: "Channel" });
  t = await startTestApp({
    telegram,
    env: { SMTP_URL: smtp.url, PUBLIC_URL: "https://shop.example.com", PLAN_PAYMENTS: "free" },
  });
  staff = await createMember(t, { roles: ["employee"] });
  // The race goes over real HTTP (createHttpServer, as main.ts builds it): requests at once, for real.
  server = await createHttpServer(createApp({ ...t.services, staticDir: undefined }), t.services);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await t.close();
  await smtp.close();
  await fakeBot.close();
});

const db = () => t.services.database.db;
const alertPath = (id: string) => `/api/products/${id}/alert`;

const product = (stockQuantity: number) => testProduct(t, stockQuantity, "Alert");
async function telegramMember() {
  const member = await createMember(t);
  const telegramId = BigInt(700_000_000 + Math.floor(Math.random() * 1_000_000));
  await db().update(users).set({ telegramId }).where(eq(users.id, member.userId));
  // They started the bot: it may write to them (decision 106).
  await db().update(profiles).set({ botWritableAt: new Date() }).where(eq(profiles.id, member.userId));
  return { ...member, telegramId };
}
/** A member mail reaches: alerts are mailed to proven addresses only. */
async function mailMember() {
  const member = await createMember(t);
  await db().update(profiles).set({ emailVerifiedAt: new Date() }).where(eq(profiles.id, member.userId));
  return member;
}
const alertOf = async (token: string, id: string) => {
  const res = await t.app.request(alertPath(id), { headers: bearer(token) });
  expect(res.status).toBe(200);
  return stockAlertSchema.parse(await res.json());
};
const subscribe = (token: string, id: string) =>
  t.app.request(alertPath(id), jsonRequest("PUT", {}, bearer(token)));
const withdraw = (token: string, id: string) =>
  t.app.request(alertPath(id), jsonRequest("DELETE", {}, bearer(token)));
const restockOver = (id: string, stockQuantity: number) =>
  fetch(`${base}/api/admin/products/${id}`, jsonRequest("PATCH", { stockQuantity }, bearer(staff.token)));
const botMessagesTo = (telegramId: bigint) => sendsTo(fakeBot, telegramId).map((call) => call.payload);
const alertMailsTo = (email: string) =>
  smtp.received.filter((m) => m.to.some((to) => to.includes(email)) && m.data.includes("back in stock"));
/** Lets the background queue the alerts, and the outbox send them, before counting what came. */
const settle = async () => {
  await t.services.background.drain();
  await drainOutbox(t.services, fakeBot);
};

describe("back-in-stock alerts", () => {
  it("a member waits, sees the state, withdraws; asking twice is the same", async () => {
    const member = await createMember(t);
    const { id } = await product(0);
    expect(await alertOf(member.token, id)).toEqual({ waiting: false });
    for (let i = 0; i < 2; i++) {
      const res = await subscribe(member.token, id);
      expect(res.status).toBe(200);
      expect(stockAlertSchema.parse(await res.json())).toEqual({ waiting: true });
    }
    expect(await alertOf(member.token, id)).toEqual({ waiting: true });
    // Another member's state is their own.
    expect(await alertOf((await createMember(t)).token, id)).toEqual({ waiting: false });
    for (let i = 0; i < 2; i++) {
      const res = await withdraw(member.token, id);
      expect(res.status).toBe(200);
      expect(stockAlertSchema.parse(await res.json())).toEqual({ waiting: false });
    }
    expect(await alertOf(member.token, id)).toEqual({ waiting: false });
  });

  it("an in-stock product is 409; unknown, malformed and inactive ids are 404; nobody signed in is 401", async () => {
    const member = await createMember(t);
    const inStock = await product(3);
    const res = await subscribe(member.token, inStock.id);
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toEqual({
      code: "conflict",
      message: "This product is in stock: add it to your cart instead",
    });
    const inactive = await product(0);
    await db().update(products).set({ isActive: false }).where(eq(products.id, inactive.id));
    for (const id of [randomUUID(), "nope", inactive.id]) {
      for (const res of [
        await subscribe(member.token, id),
        await withdraw(member.token, id),
        await t.app.request(alertPath(id), { headers: bearer(member.token) }),
      ]) {
        expect(res.status).toBe(404);
        expect(await errorOf(res)).toEqual({ code: "not_found", message: "Product not found" });
      }
    }
    const out = await product(0);
    for (const res of [
      await t.app.request(alertPath(out.id)),
      await t.app.request(alertPath(out.id), jsonRequest("PUT", {})),
      await t.app.request(alertPath(out.id), jsonRequest("DELETE", {})),
    ]) {
      expect(res.status).toBe(401);
      expect((await errorOf(res)).code).toBe("unauthorized");
    }
  });

  it("a restock tells each waiting member once: the bot with the product's startapp link, mail to a proven address otherwise", async () => {
    const inTelegram = await telegramMember();
    const byMail = await mailMember();
    const unproven = await createMember(t);
    const withdrawn = await telegramMember();
    const item = await product(0);
    for (const member of [inTelegram, byMail, unproven, withdrawn])
      expect((await subscribe(member.token, item.id)).status).toBe(200);
    expect((await withdraw(withdrawn.token, item.id)).status).toBe(200);

    // A change that leaves it out of stock sends nothing.
    expect((await restockOver(item.id, 0)).status).toBe(200);
    expect((await restockOver(item.id, 4)).status).toBe(200);
    await settle();
    const sent = botMessagesTo(inTelegram.telegramId);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toBe(
      `${item.title} is back in stock: https://t.me/${telegram.botUsername}?startapp=product_${item.id}`,
    );
    const found = alertMailsTo(byMail.email);
    expect(found).toHaveLength(1);
    const mail = decodeQuotedPrintable(found[0]?.data ?? "");
    expect(mail).toContain(`Subject: ${item.title} is back in stock`);
    expect(mail).toContain(`https://shop.example.com/product/${item.id}`);

    // Told once: the alert is spent, another restock sends nothing more.
    expect((await restockOver(item.id, 9)).status).toBe(200);
    await settle();
    expect(botMessagesTo(inTelegram.telegramId)).toHaveLength(1);
    expect(alertMailsTo(byMail.email)).toHaveLength(1);
    expect(botMessagesTo(withdrawn.telegramId)).toHaveLength(0);
    expect(await alertOf(inTelegram.token, item.id)).toEqual({ waiting: false });
    // An address never proven is not mailed: its owner still waits.
    expect(alertMailsTo(unproven.email)).toHaveLength(0);
    expect(await alertOf(unproven.token, item.id)).toEqual({ waiting: true });
  });

  it("a member's cancelled order restocks the product and sends its alerts", async () => {
    const premium = (await insertTestTiers(db())).premium;
    const buyer = await memberOnPlan(t, premium);
    const item = await product(2);
    const order = await placeCreditOrder(t, buyer.token, item.id, 2);
    const waiting = await telegramMember();
    expect((await subscribe(waiting.token, item.id)).status).toBe(200);
    expect(
      (await t.app.request(`/api/me/orders/${order.id}/cancel`, post({}, bearer(buyer.token)))).status,
    ).toBe(200);
    await settle();
    expect(botMessagesTo(waiting.telegramId)).toHaveLength(1);
  });

  it("restocks racing over HTTP send exactly one message per waiting member", async () => {
    await racing();
    const item = await product(0);
    const waiting = await Promise.all([telegramMember(), telegramMember(), telegramMember()]);
    const mailed = await Promise.all([mailMember(), mailMember()]);
    for (const member of [...waiting, ...mailed])
      expect((await subscribe(member.token, item.id)).status).toBe(200);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => restockOver(item.id, i + 1)));
    expect(answers.map((res) => res.status)).toEqual(Array(8).fill(200));
    await settle();
    for (const member of waiting) expect(botMessagesTo(member.telegramId)).toHaveLength(1);
    for (const member of mailed) expect(alertMailsTo(member.email)).toHaveLength(1);
  });
});

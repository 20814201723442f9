import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { meSchema } from "#api/contracts/me";
import { profiles, users } from "#db/schema/index";
import { bearer, createMember, errorOf, jsonRequest, post, recordingTelegram } from "../helpers/accounts";
import { memberOnPlan, placeCreditOrder, testProduct } from "../helpers/credit-orders";
import { drainOutbox, sendsTo } from "../helpers/drain-outbox";
import { type FakeBotApi, startFakeBotApi } from "../helpers/fake-bot-api";
import { decodeQuotedPrintable, startFakeSmtp } from "../helpers/fake-smtp";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { insertTestTiers } from "../helpers/tiers";

// Order mail for members the bot does not reach, over real SMTP (the fake server), and the
// member's "Email me about orders" switch (PATCH /api/me/notifications). Runs on PGlite, and on
// Postgres when DATABASE_URL is set. A member with Telegram hears through the bot (the outbox's sender
// against the fake Bot API).
const telegram = recordingTelegram();
let fakeBot: FakeBotApi;
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
let t: TestApp;
let premium: string;
let staff: Awaited<ReturnType<typeof createMember>>;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  fakeBot = await startFakeBotApi({ id: -1009, title: "Channel" });
  t = await startTestApp({
    telegram,
    env: { SMTP_URL: smtp.url, PUBLIC_URL: "https://shop.example.com", PLAN_PAYMENTS: "free" },
  });
  premium = (await insertTestTiers(t.services.database.db)).premium;
  staff = await createMember(t, { roles: ["employee"] });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await fakeBot.close();
});
/** The notices queued in the background, then sent by the outbox. */
const delivered = async () => {
  await t.services.background.drain();
  await drainOutbox(t.services, fakeBot);
};

/** Order mail to `email`, decoded as a person reads it (sign-up also mails a verification link). */
const orderMailsTo = (email: string) =>
  smtp.received
    .filter((m) => m.to.some((to) => to.includes(email)) && /Subject: Order #/.test(m.data))
    .map((m) => decodeQuotedPrintable(m.data));
const setOrderEmails = (token: string, orderEmails: unknown) =>
  t.app.request("/api/me/notifications", jsonRequest("PATCH", { orderEmails }, bearer(token)));
const moveOn = (id: string, status: "fulfilled" | "cancelled") =>
  t.app.request(`/api/admin/orders/${id}`, jsonRequest("PATCH", { status }, bearer(staff.token)));

describe("order mail", () => {
  it("an email member gets the placed order, then its fulfilment, in text and HTML with the app's link", async () => {
    const member = await memberOnPlan(t, premium);
    const item = await testProduct(t, 10, "Mail <Cap>");
    const order = await placeCreditOrder(t, member.token, item.id, 2);
    await delivered();
    const [placed] = orderMailsTo(member.email);
    expect(orderMailsTo(member.email)).toHaveLength(1);
    expect(placed).toContain(`Subject: Order #${order.number} placed`);
    expect(placed).toContain(`Your order #${order.number} is placed: 2 items, 10.00 credits.`);
    expect(placed).toContain(`2 × ${item.title}: 10.00 credits`);
    expect(placed).toContain("See your purchases: https://shop.example.com/settings/purchases");
    // The HTML part says the same, its text escaped.
    expect(placed).toMatch(/Content-Type: text\/plain/);
    expect(placed).toMatch(/Content-Type: text\/html/);
    expect(placed).toContain(`2 × ${item.title.replace("<", "&#60;").replace(">", "&#62;")}: 10.00 credits`);
    expect(placed).toContain('href="https://shop.example.com/settings/purchases"');
    expect(placed).toContain("https://shop.example.com/settings/notifications");

    expect((await moveOn(order.id, "fulfilled")).status).toBe(200);
    await delivered();
    expect(orderMailsTo(member.email)).toHaveLength(2);
    const fulfilled = orderMailsTo(member.email)[1] ?? "";
    expect(fulfilled).toContain(`Subject: Order #${order.number} fulfilled`);
    expect(fulfilled).toContain(`Your order #${order.number} has been fulfilled.`);
  });

  it("cancelling, by staff or by the member, mails the receipt", async () => {
    const member = await memberOnPlan(t, premium);
    const item = await testProduct(t, 10);
    const first = await placeCreditOrder(t, member.token, item.id, 1);
    const second = await placeCreditOrder(t, member.token, item.id, 1);
    expect((await moveOn(first.id, "cancelled")).status).toBe(200);
    expect(
      (await t.app.request(`/api/me/orders/${second.id}/cancel`, post({}, bearer(member.token)))).status,
    ).toBe(200);
    await delivered();
    expect(orderMailsTo(member.email)).toHaveLength(4);
    const subjects = orderMailsTo(member.email).map((mail) => /Subject: (.*)/.exec(mail)?.[1]);
    expect(subjects).toEqual(
      expect.arrayContaining([`Order #${first.number} cancelled`, `Order #${second.number} cancelled`]),
    );
    for (const mail of orderMailsTo(member.email).filter((m) => m.includes("cancelled"))) {
      expect(mail).toContain("Its credits are back in this month's budget.");
    }
  });

  it('"Email me about orders" off: no order mail, while others still get theirs', async () => {
    const quiet = await memberOnPlan(t, premium);
    const res = await setOrderEmails(quiet.token, false);
    expect(res.status).toBe(200);
    expect(meSchema.parse(await res.json()).orderEmails).toBe(false);
    const item = await testProduct(t, 10);
    const order = await placeCreditOrder(t, quiet.token, item.id, 1);
    expect((await moveOn(order.id, "fulfilled")).status).toBe(200);
    const other = await memberOnPlan(t, premium);
    await placeCreditOrder(t, other.token, item.id, 1);
    await delivered();
    expect(orderMailsTo(other.email)).toHaveLength(1);
    expect(orderMailsTo(quiet.email)).toEqual([]);

    // On again: the next order mails.
    expect((await setOrderEmails(quiet.token, true)).status).toBe(200);
    await placeCreditOrder(t, quiet.token, item.id, 1);
    await delivered();
    expect(orderMailsTo(quiet.email)).toHaveLength(1);
  });

  it("a member with Telegram hears through the bot, not by mail", async () => {
    const member = await memberOnPlan(t, premium);
    const telegramId = BigInt(710_000_000 + Math.floor(Math.random() * 1_000_000));
    await t.services.database.db.update(users).set({ telegramId }).where(eq(users.id, member.userId));
    // They started the bot: it may write to them (decision 106).
    await t.services.database.db
      .update(profiles)
      .set({ botWritableAt: new Date() })
      .where(eq(profiles.id, member.userId));
    const order = await placeCreditOrder(t, member.token, (await testProduct(t, 5)).id, 1);
    expect((await moveOn(order.id, "fulfilled")).status).toBe(200);
    await delivered();
    expect(sendsTo(fakeBot, telegramId).map((call) => call.payload.text)).toEqual([
      `Your order #${order.number} has been fulfilled.`,
    ]);
    expect(orderMailsTo(member.email)).toEqual([]);
  });
});

describe("PATCH /api/me/notifications", () => {
  it("is on by default, and shown in /api/me", async () => {
    const member = await createMember(t);
    const me = meSchema.parse(
      await (await t.app.request("/api/me", { headers: bearer(member.token) })).json(),
    );
    expect(me.orderEmails).toBe(true);
    await setOrderEmails(member.token, false);
    const after = meSchema.parse(
      await (await t.app.request("/api/me", { headers: bearer(member.token) })).json(),
    );
    expect(after.orderEmails).toBe(false);
  });

  it("refuses a body that is not exactly { orderEmails: boolean }, and nobody signed in", async () => {
    const member = await createMember(t);
    for (const body of [{ orderEmails: "yes" }, {}, { orderEmails: true, admin: true }]) {
      const res = await t.app.request(
        "/api/me/notifications",
        jsonRequest("PATCH", body, bearer(member.token)),
      );
      expect(res.status).toBe(400);
      expect((await errorOf(res)).code).toBe("bad_request");
    }
    const anonymous = await t.app.request(
      "/api/me/notifications",
      jsonRequest("PATCH", { orderEmails: false }),
    );
    expect(anonymous.status).toBe(401);
  });
});

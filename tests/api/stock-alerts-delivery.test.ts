import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queueStockAlerts } from "#api/domain/catalogue/stock-alert-delivery";
import { openedBot } from "#api/domain/messaging";
import type { OutboxSenderOptions } from "#api/domain/messaging/outbox/sender";
import { botOutboxTransport } from "#bot/outbox-transport";
import { outbox, profiles, stockAlerts, users } from "#db/schema/index";
import {
  bearer,
  createMember,
  jsonRequest,
  recordingTelegram,
  TEST_BOT_TOKEN,
  uniqueEmail,
} from "../helpers/accounts";
import { testProduct } from "../helpers/credit-orders";
import { drainOutbox, sendsTo, startQuickSender } from "../helpers/drain-outbox";
import { type FakeBotApi, startFakeBotApi } from "../helpers/fake-bot-api";
import { startFakeSmtp } from "../helpers/fake-smtp";
import { racing } from "../helpers/race";
import { eventually, startTestApp, type TestApp } from "../helpers/test-app";

// How back-in-stock alerts go out (docs/decisions/005, through the outbox of decision 104): a burst
// through a relay that caps its connections, mail to proven addresses only, and an alert's message
// kept until it was accepted, so a relay or bot that fails for a while loses none and sends none
// twice. Runs on PGlite, and on Postgres when DATABASE_URL is set (there two senders race for real).
/** The app's notifier names the bot for the alerts' links; the sender calls the fake Bot API. */
const recorded = recordingTelegram();
let fakeBot: FakeBotApi;
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
let t: TestApp;
let staff: Awaited<ReturnType<typeof createMember>>;

beforeAll(async () => {
  // A relay that takes 20 connections at once, as many hosted ones do, and a moment over each message.
  smtp = await startFakeSmtp({ maxConnections: 20, acceptAfterMs: 25 });
  fakeBot = await startFakeBotApi({ id: -1009, title: "Channel" });
  t = await startTestApp({
    telegram: recorded,
    env: { SMTP_URL: smtp.url, PUBLIC_URL: "https://shop.example.com" },
  });
  staff = await createMember(t, { roles: ["employee"] });
  await settle();
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await fakeBot.close();
});

const db = () => t.services.database.db;
const ctx = () => t.services;
/** Lets the background queue the alerts, and the outbox send what it can, before counting what went out. */
const settle = async () => {
  await t.services.background.drain();
  await drainOutbox(ctx(), fakeBot);
};
/** A sender as main.ts starts one, quicker, through the fake Bot API and the relay. */
const sender = (options: OutboxSenderOptions) =>
  startQuickSender(
    ctx(),
    botOutboxTransport({ BOT_TOKEN: TEST_BOT_TOKEN, BOT_API_ROOT: fakeBot.apiRoot }, ctx().storage),
    { pollMs: 50, ...options },
  );
/** The members' back-in-stock messages in the outbox. */
const ofMembers = (members: Waiting[]) =>
  and(
    eq(outbox.kind, "back_in_stock"),
    inArray(
      outbox.userId,
      members.map((m) => m.userId),
    ),
  );
/** Their state and tries. */
const messagesOf = (members: Waiting[]) =>
  db().select({ state: outbox.state, tries: outbox.tries }).from(outbox).where(ofMembers(members));
/** One round while sends fail: each message tried once and refused, none lost: each waits out its backoff. */
async function failOnce(members: Waiting[]) {
  const failing = sender({ retryBaseMs: 60 * 60_000 });
  try {
    await eventually(async () =>
      expect(await messagesOf(members)).toEqual(Array(members.length).fill({ state: "queued", tries: 1 })),
    );
  } finally {
    await failing.stop();
  }
}
/** The members' messages waiting out their backoff become due: the backoff has passed. */
const backoffPasses = (members: Waiting[]) =>
  db()
    .update(outbox)
    .set({ nextAttemptAt: sql`now()` })
    .where(and(ofMembers(members), eq(outbox.state, "queued")));
const product = (stockQuantity: number) => testProduct(t, stockQuantity, "Alert");
/** A stock change by staff, as the admin screen makes it: a restock announces the product's alerts. */
async function setStock(id: string, stockQuantity: number) {
  const res = await t.app.request(
    `/api/admin/products/${id}`,
    jsonRequest("PATCH", { stockQuantity }, bearer(staff.token)),
  );
  expect(res.status).toBe(200);
}

interface Waiting {
  userId: string;
  email: string;
  telegramId: bigint | null;
}
let nextTelegramId = 800_000_000n;
/** `count` members waiting for the product, written straight to the database (a burst needs no sign-ups). */
async function waitingMembers(
  productId: string,
  count: number,
  { emailVerified = true, inTelegram = false } = {},
): Promise<Waiting[]> {
  const rows = await db()
    .insert(users)
    .values(Array.from({ length: count }, () => ({ telegramId: inTelegram ? nextTelegramId++ : null })))
    .returning({ userId: users.id, telegramId: users.telegramId });
  const members = rows.map((row) => ({ ...row, email: uniqueEmail("waiting") }));
  await db()
    .insert(profiles)
    .values(
      members.map(({ userId, email }) => ({
        id: userId,
        email,
        emailVerifiedAt: emailVerified ? new Date() : null,
        // A member in Telegram started the bot: it may write to them (decision 106).
        botWritableAt: inTelegram ? new Date() : null,
      })),
    );
  await db()
    .insert(stockAlerts)
    .values(members.map(({ userId }) => ({ userId, productId })));
  return members;
}

/** Who still waits for the product, by user id. */
const waitingFor = async (productId: string) =>
  (await db().select().from(stockAlerts).where(eq(stockAlerts.productId, productId)))
    .map((row) => row.userId)
    .sort();
const idsOf = (members: Waiting[]) => members.map((m) => m.userId).sort();

const alertMailsTo = (email: string) =>
  smtp.received.filter((m) => m.to.some((to) => to.includes(email)) && m.data.includes("back in stock"));
const botMessagesTo = (telegramId: bigint | null) =>
  telegramId === null ? [] : sendsTo(fakeBot, telegramId);
/** How many members got how many alerts: `{ 1: 200 }` is two hundred members told once each. */
const toldPerMember = (members: Waiting[]) => {
  const tally: Record<number, number> = {};
  for (const member of members) {
    const count = alertMailsTo(member.email).length + botMessagesTo(member.telegramId).length;
    tally[count] = (tally[count] ?? 0) + 1;
  }
  return tally;
};

describe("back-in-stock delivery", () => {
  it("a burst of 200 waiting members through a relay capped at 20 connections: each proven address gets one mail, an unproven one none, no alert lost", async () => {
    const item = await product(0);
    const verified = await waitingMembers(item.id, 200);
    const unverified = await waitingMembers(item.id, 5, { emailVerified: false });
    await setStock(item.id, 5);
    await settle();
    expect(toldPerMember(verified)).toEqual({ 1: 200 });
    expect(toldPerMember(unverified)).toEqual({ 0: 5 });
    // The sends held to the pool's bound: the relay never had to refuse a connection.
    expect(smtp.relay.refused).toBe(0);
    expect(smtp.relay.peak).toBeLessThanOrEqual(5);
    // The unproven still wait: told once they prove their address.
    expect(await waitingFor(item.id)).toEqual(idsOf(unverified));
  });

  it("while the relay and the bot fail the alerts wait, untried before their backoff; once they are back two processes' retries tell each member exactly once", async () => {
    await racing();
    const item = await product(0);
    const mailed = await waitingMembers(item.id, 20);
    const inTelegram = await waitingMembers(item.id, 3, { inTelegram: true, emailVerified: false });
    const everyone = [...mailed, ...inTelegram];
    smtp.relay.failing = true;
    fakeBot.failSends(3);
    const tries = smtp.relay.tries;
    await setStock(item.id, 3);
    await t.services.background.drain();
    await failOnce(everyone);
    expect(smtp.relay.tries - tries).toBe(20);
    expect(toldPerMember(everyone)).toEqual({ 0: 23 });

    // Within the first backoff a sender tries nothing: a relay in trouble is not hammered.
    smtp.relay.failing = false;
    const waiting = sender({});
    await new Promise((resolve) => setTimeout(resolve, 300));
    await waiting.stop();
    expect(smtp.relay.tries - tries).toBe(20);
    expect(toldPerMember(everyone)).toEqual({ 0: 23 });

    // Once the backoff has passed, two processes' senders race for the messages: each member is told once.
    await backoffPasses(everyone);
    const senders = [sender({}), sender({})];
    try {
      await eventually(async () =>
        expect(await messagesOf(everyone)).toEqual(
          Array(23).fill(expect.objectContaining({ state: "sent" })),
        ),
      );
    } finally {
      await Promise.all(senders.map((one) => one.stop()));
    }
    expect(toldPerMember(everyone)).toEqual({ 1: 23 });
    const [message] = botMessagesTo(inTelegram[0]?.telegramId ?? null);
    expect(message?.payload.text).toBe(
      `${item.title} is back in stock: https://t.me/${recorded.botUsername}?startapp=product_${item.id}`,
    );
    await queueStockAlerts(ctx());
    await settle();
    expect(toldPerMember(everyone)).toEqual({ 1: 23 });
  });

  it("a product out of stock again stops the retries; its next restock tells the members", async () => {
    const item = await product(0);
    const members = await waitingMembers(item.id, 3);
    smtp.relay.failing = true;
    await setStock(item.id, 2);
    await t.services.background.drain();
    await failOnce(members);
    smtp.relay.failing = false;
    await setStock(item.id, 0);
    const tries = smtp.relay.tries;
    await backoffPasses(members);
    await settle();
    expect(smtp.relay.tries).toBe(tries);
    expect(await waitingFor(item.id)).toEqual(idsOf(members));

    await setStock(item.id, 4);
    await settle();
    expect(toldPerMember(members)).toEqual({ 1: 3 });
    expect(await waitingFor(item.id)).toEqual([]);
  });

  it("an unproven address's alert waits, and goes out on the next retry once the member proves it", async () => {
    const item = await product(0);
    const [member] = await waitingMembers(item.id, 1, { emailVerified: false });
    if (!member) throw new Error("no member");
    await setStock(item.id, 1);
    await settle();
    expect(toldPerMember([member])).toEqual({ 0: 1 });
    await db().update(profiles).set({ emailVerifiedAt: new Date() }).where(eq(profiles.id, member.userId));
    // What proving it through a mailed link does after the proof (queueAlertsOfProven).
    await queueStockAlerts(ctx(), { userId: member.userId });
    await settle();
    expect(toldPerMember([member])).toEqual({ 1: 1 });
    expect(await waitingFor(item.id)).toEqual([]);
  });

  it("an alert of a member in Telegram the bot may not write to waits, and goes once they open the bot", async () => {
    const item = await product(0);
    const [member] = await waitingMembers(item.id, 1, { inTelegram: true, emailVerified: false });
    if (!member?.telegramId) throw new Error("no member");
    await db().update(profiles).set({ botWritableAt: null }).where(eq(profiles.id, member.userId));
    await setStock(item.id, 1);
    await settle();
    expect(toldPerMember([member])).toEqual({ 0: 1 });
    expect(await waitingFor(item.id)).toEqual([member.userId]);
    await openedBot(ctx(), member.telegramId);
    await settle();
    expect(toldPerMember([member])).toEqual({ 1: 1 });
    expect(await waitingFor(item.id)).toEqual([]);
  });
});

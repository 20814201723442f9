import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliverDueStockAlerts, startStockAlertRetries } from "#api/domain/services/stock-alert-delivery";
import { profiles, stockAlerts, users } from "#db/schema/index";
import {
  bearer,
  createMember,
  HOUR,
  jsonRequest,
  MINUTE,
  recordingTelegram,
  uniqueEmail,
} from "../helpers/accounts";
import { testProduct } from "../helpers/credit-orders";
import { startFakeSmtp } from "../helpers/fake-smtp";
import { racing } from "../helpers/race";
import { eventually, startTestApp, type TestApp } from "../helpers/test-app";

// How back-in-stock alerts go out (docs/decisions/005): a burst through a relay that caps its
// connections, mail to proven addresses only, and an alert deleted only once its message was
// accepted, so a relay or bot that fails for a while loses none and sends none twice. Runs on
// PGlite, and on Postgres when DATABASE_URL is set (there two retry loops race for real).
const recorded = recordingTelegram();
/** While true the bot's sends fail, as when Telegram is unreachable. */
let botDown = false;
const telegram: typeof recorded = {
  ...recorded,
  async sendMessage(telegramId, text) {
    if (botDown) throw new Error("Bad Gateway");
    await recorded.sendMessage(telegramId, text);
  },
};
/** The app's clock runs this far ahead of the real one: a retry's backoff passes without waiting. */
let clockAhead = 0;
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
let t: TestApp;
let staff: Awaited<ReturnType<typeof createMember>>;

beforeAll(async () => {
  // A relay that takes 20 connections at once, as many hosted ones do, and a moment over each message.
  smtp = await startFakeSmtp({ maxConnections: 20, acceptAfterMs: 25 });
  t = await startTestApp({
    telegram,
    now: () => new Date(Date.now() + clockAhead),
    env: { SMTP_URL: smtp.url, PUBLIC_URL: "https://shop.example.com" },
  });
  staff = await createMember(t, { roles: ["employee"] });
  await settle();
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const db = () => t.services.database.db;
const ctx = () => t.services;
/** Lets background sends settle before counting what went out. */
const settle = () => t.services.background.drain();
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
const botMessagesTo = (telegramId: bigint | null) => recorded.sent.filter((m) => m.telegramId === telegramId);
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
    botDown = true;
    const tries = smtp.relay.tries;
    await setStock(item.id, 3);
    await settle();
    expect(smtp.relay.tries - tries).toBe(20);
    expect(toldPerMember(everyone)).toEqual({ 0: 23 });
    expect(await waitingFor(item.id)).toEqual(idsOf(everyone));
    const rows = await db().select().from(stockAlerts).where(eq(stockAlerts.productId, item.id));
    expect(rows.map((row) => row.attempts)).toEqual(Array(23).fill(1));

    // Within the first backoff (a minute) a retry tries nothing: a relay in trouble is not hammered.
    smtp.relay.failing = false;
    botDown = false;
    await deliverDueStockAlerts(ctx());
    expect(smtp.relay.tries - tries).toBe(20);
    expect(toldPerMember(everyone)).toEqual({ 0: 23 });

    // A minute on, two processes' retries race for the alerts: each member is told once.
    clockAhead += MINUTE;
    const retries = [startStockAlertRetries(ctx(), 20), startStockAlertRetries(ctx(), 20)];
    try {
      await eventually(async () => expect(await waitingFor(item.id)).toEqual([]));
    } finally {
      await Promise.all(retries.map((retry) => retry.stop()));
    }
    await settle();
    expect(toldPerMember(everyone)).toEqual({ 1: 23 });
    const [message] = botMessagesTo(inTelegram[0]?.telegramId ?? null);
    expect(message?.text).toBe(
      `${item.title} is back in stock: https://t.me/${recorded.botUsername}?startapp=product_${item.id}`,
    );
    await deliverDueStockAlerts(ctx());
    expect(toldPerMember(everyone)).toEqual({ 1: 23 });
  });

  it("a product out of stock again stops the retries; its next restock tells the members", async () => {
    const item = await product(0);
    const members = await waitingMembers(item.id, 3);
    smtp.relay.failing = true;
    await setStock(item.id, 2);
    await settle();
    smtp.relay.failing = false;
    await setStock(item.id, 0);
    await settle();
    const tries = smtp.relay.tries;
    clockAhead += HOUR;
    await deliverDueStockAlerts(ctx());
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
    await deliverDueStockAlerts(ctx());
    expect(toldPerMember([member])).toEqual({ 1: 1 });
    expect(await waitingFor(item.id)).toEqual([]);
  });
});

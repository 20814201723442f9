import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderResultSchema } from "#api/contracts/checkout";
import { channelSettings, products, profiles, users } from "#db/schema/index";
import { bearer, createMember, jsonRequest, post } from "../helpers/accounts";
import { startBotApp } from "../helpers/bot-app";
import { drainOutbox } from "../helpers/drain-outbox";
import type { FakeBotApi } from "../helpers/fake-bot-api";
import type { TestApp } from "../helpers/test-app";
import { insertTestTiers } from "../helpers/tiers";

// Order notices go out through the outbox's sender and the real bot's transport against the fake Bot
// API, following the settings' switches.
let fake: FakeBotApi;
let t: TestApp;
let app: Awaited<ReturnType<typeof startBotApp>>["app"];
let close: () => Promise<void>;
let premium: string;
const ADMIN_TG = 9101;
const EMPLOYEE_TG = 9102;
const BUYER_TG = 9103;
/** Buyers made so far: each gets a Telegram id of its own (a random one met an earlier buyer's). */
let buyers = 0;

const db = () => t.services.database.db;
async function withTelegram(telegramId: number | null, roles: ("admin" | "employee")[] = []) {
  const member = await createMember(t, { roles });
  if (telegramId !== null) {
    await db()
      .update(users)
      .set({ telegramId: BigInt(telegramId) })
      .where(eq(users.id, member.userId));
    // They started the bot: it may write to them (decision 106).
    await db().update(profiles).set({ botWritableAt: new Date() }).where(eq(profiles.id, member.userId));
  }
  return member;
}

beforeAll(async () => {
  ({ fake, t, app, close } = await startBotApp({ PLAN_PAYMENTS: "free", LOW_STOCK_THRESHOLD: "5" }));
  premium = (await insertTestTiers(db())).premium;
  await withTelegram(ADMIN_TG, ["admin"]);
  await withTelegram(EMPLOYEE_TG, ["employee"]);
  // Staff without a Telegram account hear nothing, and nothing fails for them.
  await withTelegram(null, ["admin"]);
});
afterAll(() => close());

/** The notices queued in the background, then sent by the outbox. */
const delivered = async () => {
  await t.services.background.drain();
  await drainOutbox(t.services, fake);
};
const textsTo = (chatId: number) =>
  fake
    .callsTo("sendMessage")
    .filter((c) => c.payload.chat_id === chatId)
    .map((c) => String(c.payload.text));

async function buyer() {
  buyers += 1;
  const member = await withTelegram(BUYER_TG + buyers * 10);
  await app.request("/api/me/plan", jsonRequest("PUT", { tierId: premium }, bearer(member.token)));
  return member;
}
const order = async (token: string, productId: string, quantity: number) => {
  const res = await app.request(
    "/api/checkout/credits",
    post(
      {
        lines: [{ productId, quantity }],
        delivery: { name: "Ada Buyer", address: "1 Main St", state: "TX" },
      },
      { ...bearer(token), "idempotency-key": randomUUID() },
    ),
  );
  expect(res.status).toBe(201);
  return orderResultSchema.parse(await res.json()).order;
};
const product = async (title: string, stockQuantity: number) => {
  const [row] = await db().insert(products).values({ title, creditPrice: "1.00", stockQuantity }).returning();
  return row?.id ?? "";
};

describe("order notices", () => {
  it("a new order goes to staff with Telegram; a status change to the member", async () => {
    const member = await buyer();
    const placed = await order(member.token, await product("Notice Kush", 50), 2);
    const notice = `New order #${placed.number}: 2 items, 2.00 credits, for Ada Buyer (TX).`;
    await delivered();
    expect(textsTo(ADMIN_TG)).toContain(notice);
    expect(textsTo(EMPLOYEE_TG)).toContain(notice);
    const res = await app.request(
      `/api/admin/orders/${placed.id}`,
      jsonRequest("PATCH", { status: "fulfilled" }, bearer((await withTelegram(null, ["employee"])).token)),
    );
    expect(res.status).toBe(200);
    const [account] = await db().select().from(users).where(eq(users.id, member.userId));
    const buyerChat = Number(account?.telegramId);
    await delivered();
    expect(textsTo(buyerChat)).toEqual([`Your order #${placed.number} has been fulfilled.`]);
  });

  it("a member's own cancel goes to staff with Telegram; the member hears nothing of it", async () => {
    const member = await buyer();
    const placed = await order(member.token, await product("Second Thoughts", 10), 1);
    const res = await app.request(`/api/me/orders/${placed.id}/cancel`, post({}, bearer(member.token)));
    expect(res.status).toBe(200);
    const notice = `Order #${placed.number} was cancelled by its member. Its stock is back on the shelf.`;
    await delivered();
    expect(textsTo(ADMIN_TG)).toContain(notice);
    expect(textsTo(EMPLOYEE_TG)).toContain(notice);
    const [account] = await db().select().from(users).where(eq(users.id, member.userId));
    expect(textsTo(Number(account?.telegramId))).toEqual([]);
  });

  it("low stock: admins hear once when stock falls to the threshold or below, not on every order after", async () => {
    const member = await buyer();
    const id = await product("Scarce Haze", 8);
    await order(member.token, id, 2); // 6 left: above 5
    await order(member.token, id, 2); // 4 left: crossed
    await order(member.token, id, 1); // 3 left: already below
    await delivered();
    expect(textsTo(ADMIN_TG).filter((text) => text.startsWith("Low stock: Scarce Haze"))).toEqual([
      "Low stock: Scarce Haze has 4 left.",
    ]);
    expect(textsTo(EMPLOYEE_TG).some((text) => text.startsWith("Low stock"))).toBe(false);
  });

  it("the switches turn them off", async () => {
    await db()
      .insert(channelSettings)
      .values({ emailNotifications: false, lowStockAlerts: false })
      .onConflictDoUpdate({
        target: channelSettings.singleton,
        set: { emailNotifications: false, lowStockAlerts: false },
      });
    try {
      const member = await buyer();
      const before = fake.callsTo("sendMessage").length;
      const placed = await order(member.token, await product("Quiet Kush", 6), 3);
      // A later order with the switches back on proves the quiet one was handled by then.
      await db().update(channelSettings).set({ emailNotifications: true, lowStockAlerts: true });
      const next = await order(member.token, await product("Loud Kush", 50), 1);
      await delivered();
      expect(textsTo(ADMIN_TG).some((text) => text.includes(`#${next.number}:`))).toBe(true);
      const sent = fake
        .callsTo("sendMessage")
        .slice(before)
        .map((c) => String(c.payload.text));
      expect(sent.some((text) => text.includes(`#${placed.number}:`) || text.includes("Quiet Kush"))).toBe(
        false,
      );
    } finally {
      await db().update(channelSettings).set({ emailNotifications: true, lowStockAlerts: true });
    }
  });
});

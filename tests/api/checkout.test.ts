import { randomUUID } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderResultSchema, ordersSchema } from "#api/contracts/checkout";
import { budgetSchema } from "#api/contracts/plans";
import { checkoutRequests, orderLines, orders, products, userSpending } from "#db/schema/index";
import { bearer, createMember, errorOf, jsonRequest, post, TestClock } from "../helpers/accounts";
import { racing } from "../helpers/race";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { insertTestTiers, type TestTierName } from "../helpers/tiers";

// Runs on PGlite, and on Postgres when DATABASE_URL is set (CI runs both).
const clock = new TestClock(Date.parse("2026-11-10T12:00:00Z"));
let t: TestApp;
let tier: Record<TestTierName, string>;
let staff: Awaited<ReturnType<typeof createMember>>;

beforeAll(async () => {
  t = await startTestApp({ now: clock.now, env: { PLAN_PAYMENTS: "free" } });
  tier = await insertTestTiers(t.services.database.db);
  staff = await createMember(t, { roles: ["employee"] });
});
afterAll(() => t.close());

const db = () => t.services.database.db;
const delivery = { name: "Ada Buyer", address: "1 Main St, Springfield", state: "CA" };

async function product(fields: Partial<typeof products.$inferInsert> = {}) {
  const [row] = await db()
    .insert(products)
    .values({
      title: `Product ${randomUUID().slice(0, 6)}`,
      creditPrice: "10.00",
      stockQuantity: 10,
      ...fields,
    })
    .returning();
  if (!row) throw new Error("product insert failed");
  return row;
}

/** A member on a tier (Basic: $25 this month; Premium: $50). */
async function buyer(on: TestTierName = "basic") {
  const member = await createMember(t);
  const res = await t.app.request(
    "/api/me/plan",
    jsonRequest("PUT", { tierId: tier[on] }, bearer(member.token)),
  );
  expect(res.status).toBe(200);
  return member;
}

const checkout = (token: string, body: unknown, key: string | null = randomUUID()) =>
  t.app.request(
    "/api/checkout/credits",
    post(body, { ...bearer(token), ...(key === null ? {} : { "idempotency-key": key }) }),
  );
const cart = (...lines: [string, number][]) => ({
  lines: lines.map(([productId, quantity]) => ({ productId, quantity })),
  delivery,
});
const stockOf = async (id: string) =>
  (await db().select({ stock: products.stockQuantity }).from(products).where(eq(products.id, id)))[0]?.stock;
const budget = async (token: string) =>
  budgetSchema.parse(await (await t.app.request("/api/me/budget", { headers: bearer(token) })).json());
const ordersOf = (userId: string) => db().select().from(orders).where(eq(orders.userId, userId));

describe("POST /api/checkout/credits", () => {
  it("places the order: stock taken, lines at the price of the moment, spending recorded, 201 with the number", async () => {
    const member = await buyer("premium");
    const a = await product({ creditPrice: "12.50", stockQuantity: 5 });
    const b = await product({ creditPrice: "5.00", stockQuantity: 3 });
    const res = await checkout(member.token, cart([a.id, 2], [b.id, 1]));
    expect(res.status).toBe(201);
    const { order } = orderResultSchema.parse(await res.json());
    expect(order).toMatchObject({ status: "placed", total: "30.00", delivery });
    expect(order.number).toBeGreaterThanOrEqual(1001);
    expect(order.lines).toEqual(
      expect.arrayContaining([
        { productId: a.id, title: a.title, unitPrice: "12.50", quantity: 2, subtotal: "25.00" },
        { productId: b.id, title: b.title, unitPrice: "5.00", quantity: 1, subtotal: "5.00" },
      ]),
    );
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([3, 2]);
    expect(await budget(member.token)).toMatchObject({ spent: "30.00", remaining: "20.00" });
    const [spending] = await db().select().from(userSpending).where(eq(userSpending.orderId, order.id));
    expect(spending).toMatchObject({ amount: "30.00", description: `Order #${order.number}` });
    // A later price change does not touch the order.
    await db().update(products).set({ creditPrice: "99.00" }).where(eq(products.id, a.id));
    const mine = ordersSchema.parse(
      await (await t.app.request("/api/me/orders", { headers: bearer(member.token) })).json(),
    );
    expect(mine.orders[0]?.lines.find((l) => l.productId === a.id)?.unitPrice).toBe("12.50");
  });

  it("refuses too little stock with 409 naming the product; nothing is written", async () => {
    const member = await buyer("premium");
    const a = await product({ stockQuantity: 5 });
    const scarce = await product({ title: "Rare Kush", stockQuantity: 1 });
    const res = await checkout(member.token, cart([a.id, 1], [scarce.id, 2]));
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toEqual({
      code: "conflict",
      message: "Not enough stock available: Rare Kush",
      reason: "out_of_stock",
    });
    expect([await stockOf(a.id), await stockOf(scarce.id)]).toEqual([5, 1]);
    expect(await ordersOf(member.userId)).toHaveLength(0);
    expect((await budget(member.token)).spent).toBe("0.00");
  });

  it("a product emptied after it was read is refused with 409, and the stock already taken goes back", async () => {
    const member = await buyer("premium");
    // Stock is taken in product-id order: the second product is emptied, so the first one's stock
    // was already taken when the shortfall is found.
    const made = [await product({ stockQuantity: 5 }), await product({ stockQuantity: 1 })];
    const byId = await db()
      .select({ id: products.id, title: products.title })
      .from(products)
      .where(inArray(products.id, [made[0]?.id ?? "", made[1]?.id ?? ""]))
      .orderBy(products.id);
    const [first, second] = byId;
    if (!first || !second) throw new Error("products missing");
    await db().update(products).set({ stockQuantity: 5 }).where(eq(products.id, first.id));
    await db().update(products).set({ stockQuantity: 1 }).where(eq(products.id, second.id));
    // Someone else buys the second product after this checkout read it: the budget step brings the
    // member's rollover up to date, and a trigger on that row empties the product at that moment.
    await db().execute(
      sql.raw(`create function empty_for_test() returns trigger language plpgsql as $$
        begin update products set stock_quantity = 0 where id = '${second.id}'; return null; end $$`),
    );
    await db().execute(
      sql.raw(`create trigger empty_for_test after insert or update on user_budget_rollover for each row
        when (new.user_id = '${member.userId}') execute function empty_for_test()`),
    );
    try {
      const res = await checkout(member.token, cart([first.id, 2], [second.id, 1]));
      expect(res.status).toBe(409);
      expect((await errorOf(res)).message).toBe(`Not enough stock available: ${second.title}`);
    } finally {
      await db().execute(sql`drop trigger empty_for_test on user_budget_rollover`);
      await db().execute(sql`drop function empty_for_test`);
    }
    expect([await stockOf(first.id), await stockOf(second.id)]).toEqual([5, 0]);
    expect(await ordersOf(member.userId)).toHaveLength(0);
    expect((await budget(member.token)).spent).toBe("0.00");
  });

  it("refuses an order over the budget with 422 saying what remains", async () => {
    const member = await buyer("basic");
    const p = await product({ creditPrice: "10.00" });
    expect((await checkout(member.token, cart([p.id, 2]))).status).toBe(201);
    const res = await checkout(member.token, cart([p.id, 1]));
    expect(res.status).toBe(422);
    expect(await errorOf(res)).toEqual({
      code: "unprocessable",
      message: "This order is over your budget: $5.00 remains this month",
      reason: "over_budget",
    });
    expect(await stockOf(p.id)).toBe(8);
  });

  it("refuses an inactive or unknown product, and one restricted in the delivery state (422, named)", async () => {
    const member = await buyer("premium");
    const gone = await product({ title: "Old Stock", isActive: false });
    const restricted = await product({ title: "Coastal Haze", restrictedStates: ["CA", "NY"] });
    const cases: [unknown, string, string][] = [
      [cart([gone.id, 1]), "Old Stock is no longer available", "unavailable"],
      [cart([randomUUID(), 1]), "A product in your cart is no longer available", "unavailable"],
      [cart([restricted.id, 1]), "Coastal Haze cannot be delivered to California", "restricted_state"],
    ];
    for (const [body, message, reason] of cases) {
      const res = await checkout(member.token, body);
      expect(res.status).toBe(422);
      expect(await errorOf(res)).toEqual({ code: "unprocessable", message, reason });
    }
    const elsewhere = await checkout(member.token, {
      ...cart([restricted.id, 1]),
      delivery: { ...delivery, state: "TX" },
    });
    expect(elsewhere.status).toBe(201);
  });

  it("is for signed-in, age-verified members; bad bodies and a missing key are 400", async () => {
    const p = await product();
    expect(
      (
        await t.app.request(
          "/api/checkout/credits",
          post(cart([p.id, 1]), { "idempotency-key": randomUUID() }),
        )
      ).status,
    ).toBe(401);
    const young = await createMember(t, { ageVerified: false });
    const refused = await checkout(young.token, cart([p.id, 1]));
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).message).toBe("You must be 21+ to order");
    const member = await buyer();
    const bad: [unknown, string | null, string][] = [
      [cart([p.id, 1]), null, "An Idempotency-Key header (8 to 100 characters) is required"],
      [cart([p.id, 1]), "short", "An Idempotency-Key header (8 to 100 characters) is required"],
      [{ lines: [], delivery }, randomUUID(), "Your cart is empty"],
      [
        { ...cart([p.id, 1]), delivery: { ...delivery, state: "XX" } },
        randomUUID(),
        "Please choose a US state",
      ],
      [
        { ...cart([p.id, 1]), delivery: { ...delivery, name: " " } },
        randomUUID(),
        "Please enter the recipient's name",
      ],
      [cart([p.id, 0]), randomUUID(), "Too small: expected number to be >=1"],
    ];
    for (const [body, key, message] of bad) {
      const res = await checkout(member.token, body, key);
      expect(res.status).toBe(400);
      expect((await errorOf(res)).message).toBe(message);
    }
    expect(await stockOf(p.id)).toBe(10);
  });
});

describe("Idempotency-Key", () => {
  it("the same key and body replay the first answer; the same key with another body is 409", async () => {
    const member = await buyer("premium");
    const p = await product();
    const key = randomUUID();
    const first = await checkout(member.token, cart([p.id, 1]), key);
    const again = await checkout(member.token, cart([p.id, 1]), key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual(await first.json());
    expect(await ordersOf(member.userId)).toHaveLength(1);
    expect(await stockOf(p.id)).toBe(9);
    const other = await checkout(member.token, cart([p.id, 2]), key);
    expect(other.status).toBe(409);
    expect((await errorOf(other)).message).toBe("This Idempotency-Key was used for a different checkout");
  });

  it("replays a refusal too, and many requests at once with one key make one order", async () => {
    await racing();
    const member = await buyer("premium");
    const none = await product({ stockQuantity: 0 });
    const key = randomUUID();
    const refused = await checkout(member.token, cart([none.id, 1]), key);
    expect(refused.status).toBe(409);
    await db().update(products).set({ stockQuantity: 5 }).where(eq(products.id, none.id));
    expect((await checkout(member.token, cart([none.id, 1]), key)).status).toBe(409);

    const p = await product();
    const shared = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => checkout(member.token, cart([p.id, 1]), shared)),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(201));
    const numbers = new Set(
      await Promise.all(answers.map(async (r) => orderResultSchema.parse(await r.json()).order.number)),
    );
    expect(numbers.size).toBe(1);
    expect(await stockOf(p.id)).toBe(9);
  });

  it("keys are per member: another member's same key is their own checkout", async () => {
    const [one, two] = [await buyer(), await buyer()];
    const p = await product();
    const key = randomUUID();
    expect((await checkout(one.token, cart([p.id, 1]), key)).status).toBe(201);
    expect((await checkout(two.token, cart([p.id, 1]), key)).status).toBe(201);
    expect(await db().select().from(checkoutRequests).where(eq(checkoutRequests.key, key))).toHaveLength(2);
  });
});

describe("under load", () => {
  it("stock: 20 members at once for 7 left get exactly 7 orders, and stock ends at 0", async () => {
    await racing();
    const p = await product({ stockQuantity: 7, creditPrice: "1.00" });
    // Signed up one by one (sign-ups wait in the password queue); the checkouts then go at once.
    const members = [];
    for (let i = 0; i < 20; i++) members.push(await buyer("basic"));
    const answers = await Promise.all(members.map((m) => checkout(m.token, cart([p.id, 1]))));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(7);
    expect(statuses.filter((s) => s === 409)).toHaveLength(13);
    expect(await stockOf(p.id)).toBe(0);
    const lines = await db().select().from(orderLines).where(eq(orderLines.productId, p.id));
    expect(lines.reduce((sum, l) => sum + l.quantity, 0)).toBe(7);
  });

  it("budget: 20 checkouts at once by one member whose budget covers 2 make exactly 2 orders", async () => {
    await racing();
    const member = await buyer("basic");
    const p = await product({ creditPrice: "12.50", stockQuantity: 100 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => checkout(member.token, cart([p.id, 1]))),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(2);
    expect(answers.filter((r) => r.status === 422)).toHaveLength(18);
    expect(await ordersOf(member.userId)).toHaveLength(2);
    expect(await budget(member.token)).toMatchObject({ spent: "25.00", remaining: "0.00" });
    expect(await stockOf(p.id)).toBe(98);
  });
});

describe("orders", () => {
  it("members read their own orders only; others' are 404", async () => {
    const member = await buyer();
    const other = await buyer();
    const p = await product();
    const { order } = orderResultSchema.parse(await (await checkout(member.token, cart([p.id, 1]))).json());
    const mine = await t.app.request(`/api/me/orders/${order.id}`, { headers: bearer(member.token) });
    expect(orderResultSchema.parse(await mine.json()).order.id).toBe(order.id);
    for (const id of [order.id, randomUUID(), "nope"]) {
      const res = await t.app.request(`/api/me/orders/${id}`, { headers: bearer(other.token) });
      expect(res.status).toBe(404);
      expect((await errorOf(res)).message).toBe("Order not found");
    }
    const list = ordersSchema.parse(
      await (await t.app.request("/api/me/orders", { headers: bearer(other.token) })).json(),
    );
    expect(list.orders).toEqual([]);
  });

  it("staff list by status, fulfil once, and cancel gives stock and spending back", async () => {
    const member = await buyer();
    const p = await product({ creditPrice: "10.00", stockQuantity: 4 });
    const place = async () =>
      orderResultSchema.parse(await (await checkout(member.token, cart([p.id, 1]))).json()).order;
    const [toFulfil, toCancel] = [await place(), await place()];
    const patch = (id: string, status: string) =>
      t.app.request(`/api/admin/orders/${id}`, jsonRequest("PATCH", { status }, bearer(staff.token)));
    expect((await patch(toFulfil.id, "fulfilled")).status).toBe(200);
    const twice = await patch(toFulfil.id, "cancelled");
    expect(twice.status).toBe(409);
    expect((await errorOf(twice)).message).toBe("This order can no longer change");

    expect(await budget(member.token)).toMatchObject({ spent: "20.00" });
    const answers = await Promise.all([patch(toCancel.id, "cancelled"), patch(toCancel.id, "cancelled")]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await stockOf(p.id)).toBe(3);
    expect(await budget(member.token)).toMatchObject({ spent: "10.00" });

    const placed = ordersSchema.parse(
      await (
        await t.app.request("/api/admin/orders?status=fulfilled", { headers: bearer(staff.token) })
      ).json(),
    );
    expect(placed.orders.some((o) => o.id === toFulfil.id)).toBe(true);
    expect(placed.orders.every((o) => o.status === "fulfilled")).toBe(true);
    const one = await t.app.request(`/api/admin/orders/${toCancel.id}`, { headers: bearer(staff.token) });
    expect(orderResultSchema.parse(await one.json()).order.status).toBe("cancelled");
    expect((await t.app.request("/api/admin/orders", { headers: bearer(member.token) })).status).toBe(403);
  });
});

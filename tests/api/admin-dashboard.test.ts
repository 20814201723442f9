import { eq, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Dashboard, dashboardSchema } from "#api/contracts/admin-dashboard";
import { readDashboard } from "#api/domain/operations";
import {
  channelMessages,
  membershipHistory,
  orderLines,
  orders,
  products,
  profiles,
  salesDays,
  users,
} from "#db/schema/index";
import { bearer, createMember, errorOf, jsonRequest, post } from "../helpers/accounts";
import { placeCreditOrder } from "../helpers/credit-orders";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { insertTestTiers, type TestTierName } from "../helpers/tiers";

// GET /api/admin/dashboard. Runs on PGlite, and on Postgres when DATABASE_URL is set.
// The clock stands at 21:00 in Tokyo (UTC+9, no daylight saving) on Monday 30 March 2026: with the
// channel in Tokyo the last 7 days are 24–30 March there, from 23 March 15:00 UTC to 30 March 15:00
// UTC; the 7 before are 17–23 March.
const NOW = new Date("2026-03-30T12:00:00Z");
const at = (iso: string) => new Date(iso);

let t: TestApp;
let admin: Awaited<ReturnType<typeof createMember>>;
let buyer: Awaited<ReturnType<typeof createMember>>;
const others: Record<"employee" | "moderator" | "member", string> = {
  employee: "",
  moderator: "",
  member: "",
};
let tiers: Record<TestTierName, string>;
const ids: Record<string, string> = {};

const db = () => t.services.database.db;

const dashboard = async (query = "", token = admin.token) => {
  const res = await t.app.request(`/api/admin/dashboard${query}`, { headers: bearer(token) });
  expect(res.status).toBe(200);
  return dashboardSchema.parse(await res.json());
};
const saveTimeZone = (timeZone: unknown) =>
  t.app.request(
    "/api/admin/settings",
    jsonRequest(
      "PUT",
      {
        channelName: "Night Drops",
        logoUrl: null,
        heroVideoUrl: null,
        ageVerificationEnabled: true,
        emailNotifications: true,
        lowStockAlerts: true,
        timeZone,
      },
      bearer(admin.token),
    ),
  );

async function product(title: string, creditPrice: string, stockQuantity: number, isActive = true) {
  const [row] = await db()
    .insert(products)
    .values({ title, creditPrice, stockQuantity, isActive })
    .returning();
  if (!row) throw new Error("product insert failed");
  ids[title] = row.id;
  return row.id;
}

/** An order written as the checkout would, at a chosen time; a line without product id stands for a deleted product. */
async function order(
  createdAt: string,
  lines: { productId: string | null; title: string; unitCredits: string; quantity: number }[],
  status: "placed" | "fulfilled" | "cancelled" = "placed",
) {
  const cents = lines.reduce(
    (sum, line) => sum + Math.round(Number(line.unitCredits) * 100) * line.quantity,
    0,
  );
  const [row] = await db()
    .insert(orders)
    .values({
      userId: buyer.userId,
      status,
      totalCredits: (cents / 100).toFixed(2),
      deliveryName: "Ada Buyer",
      deliveryAddress: "1 Main St",
      deliveryState: "CA",
      createdAt: at(createdAt),
    })
    .returning();
  if (!row) throw new Error("order insert failed");
  await db()
    .insert(orderLines)
    .values(lines.map((line) => ({ orderId: row.id, ...line })));
  return row.id;
}

const joinedAt = (userId: string, createdAt: string) =>
  db()
    .update(users)
    .set({ createdAt: at(createdAt) })
    .where(eq(users.id, userId));
const onTier = (userId: string, tier: TestTierName) =>
  db().update(profiles).set({ membershipTierId: tiers[tier] }).where(eq(profiles.id, userId));

beforeAll(async () => {
  t = await startTestApp({ now: () => NOW, env: { PLAN_PAYMENTS: "free" } });
  tiers = await insertTestTiers(db());
  admin = await createMember(t, { roles: ["admin"] });
  buyer = await createMember(t);
  others.employee = (await createMember(t, { roles: ["employee"] })).token;
  others.moderator = (await createMember(t, { roles: ["moderator"] })).token;
  others.member = (await createMember(t)).token;
  const [m1, m2, m3] = [await createMember(t), await createMember(t), await createMember(t)];
  if (!m1 || !m2 || !m3) throw new Error("members missing");

  // Accounts: the buyer's first Tokyo day is the period's first, m1's its last, m2's the day before
  // the period (in UTC, 23 March both); the rest long before.
  await db()
    .update(users)
    .set({ createdAt: at("2026-01-01T00:00:00Z") });
  await joinedAt(buyer.userId, "2026-03-23T15:30:00Z");
  await joinedAt(m1.userId, "2026-03-30T10:00:00Z");
  await joinedAt(m2.userId, "2026-03-23T14:00:00Z");

  // Plans: the buyer on Premium through the API; m1 and m2 on Basic, m3 on Free; everyone else on none.
  const plan = await t.app.request(
    "/api/me/plan",
    jsonRequest("PUT", { tierId: tiers.premium }, bearer(buyer.token)),
  );
  expect(plan.status).toBe(200);
  await onTier(m1.userId, "basic");
  await onTier(m2.userId, "basic");
  await onTier(m3.userId, "free");
  await db()
    .insert(membershipHistory)
    .values([
      {
        userId: m1.userId,
        oldTierId: tiers.free,
        newTierId: tiers.basic,
        createdAt: at("2026-03-25T00:00:00Z"),
      },
      {
        userId: m2.userId,
        oldTierId: tiers.premium,
        newTierId: tiers.basic,
        createdAt: at("2026-03-28T00:00:00Z"),
      },
      {
        userId: m3.userId,
        oldTierId: tiers.basic,
        newTierId: tiers.free,
        createdAt: at("2026-03-29T00:00:00Z"),
      },
      // The period before, and long before.
      { userId: m1.userId, oldTierId: null, newTierId: tiers.free, createdAt: at("2026-03-20T00:00:00Z") },
      {
        userId: m2.userId,
        oldTierId: tiers.free,
        newTierId: tiers.premium,
        createdAt: at("2026-03-01T00:00:00Z"),
      },
    ]);

  // Products: low stock is 5 or fewer (LOW_STOCK_THRESHOLD's default), active ones only.
  const alpha = await product("Alpha Kush", "10.00", 100);
  const beta = await product("Beta Haze", "3.00", 5);
  const gamma = await product("Gamma Glue", "25.00", 1);
  await product("Delta Dream", "4.00", 6);
  await product("Epsilon Haze", "4.00", 2);
  await product("Zeta Gone", "4.00", 0, false);

  // This period (Tokyo): its first instant, the middle, its last minute; a cancelled order.
  await order("2026-03-23T15:00:00Z", [
    { productId: alpha, title: "Alpha Kush", unitCredits: "10.00", quantity: 2 },
  ]);
  ids.middle = await order("2026-03-26T03:00:00Z", [
    { productId: beta, title: "Beta Haze", unitCredits: "3.00", quantity: 5 },
    { productId: alpha, title: "Alpha Kush", unitCredits: "10.00", quantity: 1 },
  ]);
  await order("2026-03-30T14:59:00Z", [
    { productId: null, title: "Retired Rosin", unitCredits: "7.50", quantity: 1 },
  ]);
  await order(
    "2026-03-27T00:00:00Z",
    [{ productId: beta, title: "Beta Haze", unitCredits: "3.00", quantity: 10 }],
    "cancelled",
  );
  // The period before: its last second and its first instant; then just before it and just after today.
  await order("2026-03-23T14:59:59Z", [
    { productId: alpha, title: "Alpha Kush", unitCredits: "10.00", quantity: 1 },
  ]);
  await order("2026-03-16T15:00:00Z", [
    { productId: beta, title: "Beta Haze", unitCredits: "3.00", quantity: 1 },
  ]);
  await order("2026-03-16T14:59:59Z", [
    { productId: alpha, title: "Alpha Kush", unitCredits: "10.00", quantity: 4 },
  ]);
  await order("2026-03-30T15:00:00Z", [
    { productId: alpha, title: "Alpha Kush", unitCredits: "10.00", quantity: 4 },
  ]);
  // Through the checkout now (21:00 in Tokyo): one kept (Gamma's last unit), one cancelled by the member.
  await placeCreditOrder(t, buyer.token, gamma, 1);
  const cancelled = await placeCreditOrder(t, buyer.token, beta, 2);
  const cancel = await t.app.request(`/api/me/orders/${cancelled.id}/cancel`, post({}, bearer(buyer.token)));
  expect(cancel.status).toBe(200);

  // Feed posts: reactions in the app and in Telegram; one unpublished; one the period before.
  const posted = await db()
    .insert(channelMessages)
    .values([
      {
        content: "Alpha drop is live",
        hearts: 2,
        flames: 1,
        telegramHearts: 10,
        createdAt: at("2026-03-25T00:00:00Z"),
      },
      { content: "Quiet update", createdAt: at("2026-03-29T00:00:00Z") },
      { content: null, hearts: 1, flames: 2, telegramFlames: 5, createdAt: at("2026-03-27T00:00:00Z") },
      { content: "Hidden", hearts: 50, isPublished: false, createdAt: at("2026-03-26T00:00:00Z") },
      { content: "Last week", hearts: 2, createdAt: at("2026-03-20T00:00:00Z") },
      ...[1, 2, 3, 4].map((hearts) => ({
        content: `Small ${hearts}`,
        hearts,
        createdAt: at(`2026-03-2${4 + hearts}T01:00:00Z`),
      })),
    ])
    .returning({ id: channelMessages.id, content: channelMessages.content });
  for (const row of posted) ids[row.content ?? "media"] = row.id;
  // One heart through the app itself.
  const heart = await t.app.request(`/api/messages/${ids["Alpha drop is live"]}/reactions/heart`, {
    method: "PUT",
    headers: bearer(buyer.token),
  });
  expect(heart.status).toBe(200);

  expect((await saveTimeZone("asia/tokyo")).status).toBe(200);
});
afterAll(() => t.close());

describe("GET /api/admin/dashboard", () => {
  it("counts the last 7 days in the channel's time zone, cancelled orders left out, against the 7 before", async () => {
    const d = await dashboard("?days=7");
    expect(d).toMatchObject({
      days: 7,
      timeZone: "Asia/Tokyo",
      period: { from: "2026-03-24", to: "2026-03-30" },
      previousPeriod: { from: "2026-03-17", to: "2026-03-23" },
    });
    expect(d.daily).toEqual([
      { date: "2026-03-24", credits: "20.00", orders: 1 },
      { date: "2026-03-25", credits: "0.00", orders: 0 },
      { date: "2026-03-26", credits: "25.00", orders: 1 },
      { date: "2026-03-27", credits: "0.00", orders: 0 },
      { date: "2026-03-28", credits: "0.00", orders: 0 },
      { date: "2026-03-29", credits: "0.00", orders: 0 },
      // The last minute of the day in Tokyo, and the checkout's order at 21:00.
      { date: "2026-03-30", credits: "32.50", orders: 2 },
    ]);
    expect(d.totals).toEqual({ credits: "77.50", orders: 4, newMembers: 2, planChanges: 3, posts: 7 });
    expect(d.previousTotals).toEqual({
      credits: "13.00",
      orders: 2,
      newMembers: 1,
      planChanges: 1,
      posts: 1,
    });
    expect(d.newMembers.filter((day) => day.members > 0)).toEqual([
      { date: "2026-03-24", members: 1 },
      { date: "2026-03-30", members: 1 },
    ]);
    expect(d.newMembers.map((day) => day.date)).toEqual(d.daily.map((day) => day.date));
  });

  it("ranks the period's products by credits and by units; a deleted one by the title it sold under", async () => {
    const { topProducts } = await dashboard("?days=7");
    expect(topProducts.byCredits).toEqual([
      { productId: ids["Alpha Kush"], title: "Alpha Kush", units: 3, credits: "30.00" },
      { productId: ids["Gamma Glue"], title: "Gamma Glue", units: 1, credits: "25.00" },
      { productId: ids["Beta Haze"], title: "Beta Haze", units: 5, credits: "15.00" },
      { productId: null, title: "Retired Rosin", units: 1, credits: "7.50" },
    ]);
    expect(topProducts.byUnits.map((p) => p.title)).toEqual([
      "Beta Haze",
      "Alpha Kush",
      "Gamma Glue",
      "Retired Rosin",
    ]);
  });

  it("shows members by plan now, and the moves onto and off each plan in the period", async () => {
    const { plans } = await dashboard("?days=7");
    expect(plans.tiers).toEqual([
      { tierId: tiers.free, name: "Free", members: 1, joined: 1, left: 1 },
      { tierId: tiers.basic, name: "Basic", members: 2, joined: 2, left: 1 },
      { tierId: tiers.premium, name: "Premium", members: 1, joined: 0, left: 1 },
      { tierId: tiers.retired, name: "Retired", members: 0, joined: 0, left: 0 },
      // The admin, the employee, the moderator and the plain member.
      { tierId: null, name: "No plan", members: 4, joined: 0, left: 0 },
    ]);
    expect(plans.changes).toEqual({ total: 3, upgrades: 1, downgrades: 2 });
  });

  it("sums the period's published posts' reactions, app and Telegram apart, and lists the top five", async () => {
    const { posts } = await dashboard("?days=7");
    expect(posts).toMatchObject({ count: 7, hearts: 14, flames: 3, telegramHearts: 10, telegramFlames: 5 });
    expect(
      posts.top.map((p) => [p.excerpt, p.hearts + p.flames + p.telegramHearts + p.telegramFlames]),
    ).toEqual([
      ["Alpha drop is live", 14],
      ["", 8],
      ["Small 4", 4],
      ["Small 3", 3],
      ["Small 2", 2],
    ]);
    expect(posts.top[0]).toMatchObject({
      id: ids["Alpha drop is live"],
      hearts: 3,
      flames: 1,
      telegramHearts: 10,
      telegramFlames: 0,
      createdAt: "2026-03-25T00:00:00.000Z",
    });
  });

  it("lists active products at or under the low-stock threshold, fewest first", async () => {
    const { lowStock } = await dashboard();
    expect(lowStock).toEqual({
      threshold: 5,
      count: 3,
      products: [
        { id: ids["Gamma Glue"], title: "Gamma Glue", stockQuantity: 0 },
        { id: ids["Epsilon Haze"], title: "Epsilon Haze", stockQuantity: 2 },
        // Back to 5 after the member's cancel.
        { id: ids["Beta Haze"], title: "Beta Haze", stockQuantity: 5 },
      ],
    });
  });

  it("moves the days' edges with the time zone: in UTC the same orders fall otherwise", async () => {
    expect((await saveTimeZone("UTC")).status).toBe(200);
    try {
      const d = await dashboard("?days=7");
      expect(d.period).toEqual({ from: "2026-03-24", to: "2026-03-30" });
      // 23 March 15:00 UTC is the period before now; 30 March 15:00 UTC is today.
      expect(d.daily.at(-1)).toEqual({ date: "2026-03-30", credits: "72.50", orders: 3 });
      expect(d.totals).toMatchObject({ credits: "97.50", orders: 4, newMembers: 1 });
      expect(d.previousTotals).toMatchObject({ credits: "30.00", orders: 2, newMembers: 2 });
    } finally {
      expect((await saveTimeZone("Asia/Tokyo")).status).toBe(200);
    }
  });

  it("is 30 days unless asked; 90 days reach back to the previous 90", async () => {
    const month = await dashboard();
    expect(month).toMatchObject({ days: 30, period: { from: "2026-03-01", to: "2026-03-30" } });
    expect(month.daily).toHaveLength(30);
    // Everything of March (Tokyo) but the cancelled and the one after today.
    expect(month.totals).toMatchObject({ credits: "130.50", orders: 7 });
    const quarter = await dashboard("?days=90");
    expect(quarter).toMatchObject({
      period: { from: "2025-12-31", to: "2026-03-30" },
      previousPeriod: { from: "2025-10-02", to: "2025-12-30" },
    });
    expect(quarter.daily).toHaveLength(90);
    expect(quarter.previousTotals.credits).toBe("0.00");
  });

  it("rebuilds the roll-up a week per transaction, so an order write never waits for the whole history", async () => {
    const quarter = await dashboard("?days=90");
    // A new time zone empties the roll-up: the next answer rolls all 179 complete days again.
    expect((await saveTimeZone("UTC")).status).toBe(200);
    expect((await saveTimeZone("Asia/Tokyo")).status).toBe(200);
    expect(await db().select().from(salesDays)).toHaveLength(0);
    const dialect = new PgDialect();
    const rolls: { first: string; last: string }[] = [];
    const real = db();
    const watched = new Proxy(real, {
      get: (target, key) =>
        key === "execute"
          ? (query: SQL) => {
              const { sql: text, params } = dialect.sqlToQuery(query);
              if (text.includes("roll_missing_sales_days(")) {
                rolls.push({ first: String(params[0]), last: String(params[1]) });
              }
              return target.execute(query);
            }
          : Reflect.get(target, key),
    });
    const rebuilt = await readDashboard({ ...t.services, db: watched }, 90);
    const dayMs = 86_400_000;
    const span = (r: { first: string; last: string }) =>
      (Date.parse(r.last) - Date.parse(r.first)) / dayMs + 1;
    expect(rolls).toHaveLength(Math.ceil(179 / 7));
    expect(Math.max(...rolls.map(span))).toBeLessThanOrEqual(7);
    expect(rolls.reduce((sum, r) => sum + span(r), 0)).toBe(179);
    expect(await db().select().from(salesDays)).toHaveLength(179);
    expect(rebuilt).toEqual(quarter);
  });

  it("keeps past days right once rolled up: a late cancel, an order written into the past, a deleted product", async () => {
    const before = await dashboard("?days=7");
    // The complete days (all but today) now come from the roll-up.
    const rolled = await db().select().from(salesDays);
    expect(rolled.map((row) => row.day)).toContain("2026-03-26");
    expect(before.daily[2]).toEqual({ date: "2026-03-26", credits: "25.00", orders: 1 });

    const cancel = await t.app.request(
      `/api/admin/orders/${ids.middle}`,
      jsonRequest("PATCH", { status: "cancelled" }, bearer(admin.token)),
    );
    expect(cancel.status).toBe(200);
    await order("2026-03-25T01:00:00Z", [
      { productId: ids["Delta Dream"] ?? null, title: "Delta Dream", unitCredits: "4.00", quantity: 3 },
    ]);
    await db()
      .delete(products)
      .where(eq(products.id, ids["Delta Dream"] ?? ""));

    const after = await dashboard("?days=7");
    expect(after.daily.slice(1, 3)).toEqual([
      { date: "2026-03-25", credits: "12.00", orders: 1 },
      { date: "2026-03-26", credits: "0.00", orders: 0 },
    ]);
    expect(after.totals).toMatchObject({ credits: "64.50", orders: 4 });
    expect(after.topProducts.byCredits).toEqual([
      { productId: ids["Gamma Glue"], title: "Gamma Glue", units: 1, credits: "25.00" },
      { productId: ids["Alpha Kush"], title: "Alpha Kush", units: 2, credits: "20.00" },
      { productId: null, title: "Delta Dream", units: 3, credits: "12.00" },
      { productId: null, title: "Retired Rosin", units: 1, credits: "7.50" },
    ]);
  });

  it("refuses another number of days with 400, and anyone but an admin with 401 or 403", async () => {
    for (const query of ["?days=14", "?days=abc", "?days=", "?days=7.0", "?days=30&days=7"]) {
      const res = await t.app.request(`/api/admin/dashboard${query}`, { headers: bearer(admin.token) });
      expect(res.status, query).toBe(400);
      expect(await errorOf(res)).toEqual({ code: "bad_request", message: "Days must be 7, 30 or 90" });
    }
    expect((await t.app.request("/api/admin/dashboard")).status).toBe(401);
    for (const token of Object.values(others)) {
      const res = await t.app.request("/api/admin/dashboard", { headers: bearer(token) });
      expect(res.status).toBe(403);
    }
  });
});

describe("the channel's time zone setting", () => {
  it("is UTC until set, is kept when a save leaves it out, and must be a zone both Intl and the database know", async () => {
    const read = async () =>
      (
        (await (await t.app.request("/api/admin/settings", { headers: bearer(admin.token) })).json()) as {
          settings: { timeZone: string };
        }
      ).settings.timeZone;
    expect(await read()).toBe("Asia/Tokyo");
    const left = await saveTimeZone(undefined);
    expect(left.status).toBe(200);
    expect(await read()).toBe("Asia/Tokyo");
    for (const bad of ["Mars/Olympus", "+02:00", "", "Europe/Berlin; drop table orders", 7]) {
      const res = await saveTimeZone(bad);
      expect(res.status, String(bad)).toBe(400);
    }
    expect((await errorOf(await saveTimeZone("Mars/Olympus"))).message).toBe(
      "Time zone must be a name such as Europe/Berlin or UTC",
    );
    expect(await read()).toBe("Asia/Tokyo");
  });
});

describe("an empty shop", () => {
  let empty: TestApp;
  let token: string;
  beforeAll(async () => {
    empty = await startTestApp({ now: () => NOW });
    token = (await createMember(empty, { roles: ["admin"] })).token;
  });
  afterAll(() => empty.close());

  const read = async (query = "") => {
    const res = await empty.app.request(`/api/admin/dashboard${query}`, { headers: bearer(token) });
    expect(res.status).toBe(200);
    return dashboardSchema.parse(await res.json());
  };

  it("answers every section with zeros and empty lists, in UTC", async () => {
    const d: Dashboard = await read("?days=7");
    expect(d.timeZone).toBe("UTC");
    expect(d.daily).toEqual(
      ["24", "25", "26", "27", "28", "29", "30"].map((day) => ({
        date: `2026-03-${day}`,
        credits: "0.00",
        orders: 0,
      })),
    );
    const zero = { credits: "0.00", orders: 0, newMembers: 0, planChanges: 0, posts: 0 };
    expect(d.totals).toEqual(zero);
    expect(d.previousTotals).toEqual(zero);
    expect(d.topProducts).toEqual({ byCredits: [], byUnits: [] });
    // The admin, made now by the real clock (after the test clock's today).
    expect(d.plans).toEqual({
      tiers: [{ tierId: null, name: "No plan", members: 1, joined: 0, left: 0 }],
      changes: { total: 0, upgrades: 0, downgrades: 0 },
    });
    expect(d.posts).toEqual({
      count: 0,
      hearts: 0,
      flames: 0,
      telegramHearts: 0,
      telegramFlames: 0,
      top: [],
    });
    expect(d.lowStock).toEqual({ threshold: 5, count: 0, products: [] });
  });

  it("keeps ten products in each ranking, each in its own order", async () => {
    const made = await empty.services.database.db
      .insert(products)
      .values(
        Array.from({ length: 12 }, (_, n) => ({
          title: `P${n + 1}`,
          creditPrice: "1.00",
          stockQuantity: 50,
        })),
      )
      .returning();
    const [row] = await empty.services.database.db
      .insert(orders)
      .values({
        status: "fulfilled",
        totalCredits: "0.00",
        deliveryName: "A",
        deliveryAddress: "B",
        deliveryState: "CA",
        createdAt: at("2026-03-29T00:00:00Z"),
      })
      .returning();
    if (!row) throw new Error("order insert failed");
    // Product n sells n units at (13 - n) credits each: credits 12, 22, 30, 36, 40, 42, 42, 40, ...
    await empty.services.database.db.insert(orderLines).values(
      made.map((p, n) => ({
        orderId: row.id,
        productId: p.id,
        title: p.title,
        unitCredits: `${12 - n}.00`,
        quantity: n + 1,
      })),
    );
    const { topProducts } = await read("?days=7");
    expect(topProducts.byUnits.map((p) => p.title)).toEqual([
      "P12",
      "P11",
      "P10",
      "P9",
      "P8",
      "P7",
      "P6",
      "P5",
      "P4",
      "P3",
    ]);
    // Equal credits: more units first.
    expect(topProducts.byCredits.map((p) => `${p.title} ${p.credits}`)).toEqual([
      "P7 42.00",
      "P6 42.00",
      "P8 40.00",
      "P5 40.00",
      "P9 36.00",
      "P4 36.00",
      "P10 30.00",
      "P3 30.00",
      "P11 22.00",
      "P2 22.00",
    ]);
  });
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { budgetSchema, changePlanResultSchema, planSchema, tiersSchema } from "#api/contracts/plans";
import { membershipHistory, userBudgetRollover, userSpending } from "#db/schema/index";
import { bearer, createMember, errorOf, jsonRequest, TestClock } from "../helpers/accounts";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { insertTestTiers, type TestTierName } from "../helpers/tiers";

const clock = new TestClock(Date.parse("2026-11-10T12:00:00Z"));
let t: TestApp;
let tier: Record<TestTierName, string>;

beforeAll(async () => {
  // Sessions outlive the months these tests step through; plans change at once (the spec's way).
  t = await startTestApp({ now: clock.now, env: { SESSION_TTL_DAYS: "365", PLAN_PAYMENTS: "free" } });
  tier = await insertTestTiers(t.services.database.db);
});
afterAll(() => t.close());

const at = (iso: string) => {
  clock.ms = Date.parse(iso);
};
const get = (path: string, token: string) => t.app.request(path, { headers: bearer(token) });
const budget = async (token: string) => {
  const res = await get("/api/me/budget", token);
  const body = await res.json();
  if (res.status !== 200) throw new Error(`budget: ${res.status} ${JSON.stringify(body)}`);
  return budgetSchema.parse(body);
};
const choose = (token: string, tierId: string) =>
  t.app.request("/api/me/plan", jsonRequest("PUT", { tierId }, bearer(token)));
const spend = (userId: string, amount: string, periodStart: string, periodEnd: string) =>
  t.services.database.db
    .insert(userSpending)
    .values({ userId, amount, periodStart: new Date(periodStart), periodEnd: new Date(periodEnd) });
const history = (userId: string) =>
  t.services.database.db.select().from(membershipHistory).where(eq(membershipHistory.userId, userId));

describe("GET /api/tiers", () => {
  it("lists the active tiers, lowest level first, prices as exact strings", async () => {
    const res = await t.app.request("/api/tiers");
    expect(res.status).toBe(200);
    const { tiers } = tiersSchema.parse(await res.json());
    expect(tiers.map((x) => [x.displayName, x.priceMonthly, x.tierLevel])).toEqual([
      ["Free", "0.00", 1],
      ["Basic", "25.00", 2],
      ["Premium", "50.00", 3],
    ]);
    expect(tiers[2]?.features).toEqual(["Early access"]);
  });
});

describe("the member's plan", () => {
  it("signed out: 401 User not authenticated", async () => {
    for (const res of [
      await t.app.request("/api/me/plan"),
      await t.app.request("/api/me/budget"),
      await t.app.request("/api/me/plan", jsonRequest("PUT", { tierId: tier.basic })),
    ]) {
      expect(res.status).toBe(401);
      expect((await errorOf(res)).message).toBe("User not authenticated");
    }
  });

  it("a new member has no plan and a budget of 0 for this calendar month", async () => {
    at("2026-11-10T12:00:00Z");
    const member = await createMember(t);
    expect(planSchema.parse(await (await get("/api/me/plan", member.token)).json())).toEqual({
      tier: null,
      startedAt: null,
      payments: "free",
      currency: null,
      request: null,
      subscription: null,
      grant: null,
    });
    expect(await budget(member.token)).toEqual({
      periodStart: "2026-11-01T00:00:00.000Z",
      periodEnd: "2026-12-01T00:00:00.000Z",
      monthly: "0.00",
      rollover: "0.00",
      credits: "0.00",
      spent: "0.00",
      remaining: "0.00",
    });
  });

  it("changes at once; history only when there was a previous tier, with the reason User updated tier", async () => {
    at("2026-11-10T12:00:00Z");
    const member = await createMember(t);
    const first = changePlanResultSchema.parse(await (await choose(member.token, tier.basic)).json());
    expect(first).toMatchObject({ upgraded: true, startedAt: "2026-11-10T12:00:00.000Z" });
    expect(first.tier?.displayName).toBe("Basic");
    expect(await history(member.userId)).toEqual([]);

    at("2026-11-11T09:00:00Z");
    const up = changePlanResultSchema.parse(await (await choose(member.token, tier.premium)).json());
    expect(up).toMatchObject({ upgraded: true, startedAt: "2026-11-11T09:00:00.000Z" });
    const down = changePlanResultSchema.parse(await (await choose(member.token, tier.free)).json());
    expect(down.upgraded).toBe(false);
    expect(down.tier?.displayName).toBe("Free");
    // The same tier again changes nothing.
    const same = await choose(member.token, tier.free);
    expect(same.status).toBe(200);
    const rows = await history(member.userId);
    expect(rows.map((row) => [row.oldTierId, row.newTierId, row.reason])).toEqual([
      [tier.basic, tier.premium, "User updated tier"],
      [tier.premium, tier.free, "User updated tier"],
    ]);
  });

  it("refuses an inactive or unknown tier (404) and a malformed id (400); nothing changes", async () => {
    const member = await createMember(t);
    for (const id of [tier.retired, "00000000-0000-4000-8000-000000000000"]) {
      const res = await choose(member.token, id);
      expect(res.status).toBe(404);
      expect((await errorOf(res)).message).toBe("Plan not found");
    }
    expect((await choose(member.token, "basic")).status).toBe(400);
    expect(planSchema.parse(await (await get("/api/me/plan", member.token)).json()).tier).toBeNull();
  });
});

describe("budget and rollover", () => {
  it("carries unused budget month by month, across the year's end and idle months", async () => {
    at("2026-11-05T10:00:00Z");
    const member = await createMember(t);
    await choose(member.token, tier.basic);
    await spend(member.userId, "10.00", "2026-11-01T00:00:00Z", "2026-12-01T00:00:00Z");
    expect(await budget(member.token)).toMatchObject({
      monthly: "25.00",
      rollover: "0.00",
      credits: "0.00",
      spent: "10.00",
      remaining: "15.00",
    });

    // The first instant of December: November's 15.00 rolls over.
    at("2026-12-01T00:00:00Z");
    await spend(member.userId, "5.00", "2026-12-01T00:00:00Z", "2027-01-01T00:00:00Z");
    expect(await budget(member.token)).toEqual({
      periodStart: "2026-12-01T00:00:00.000Z",
      periodEnd: "2027-01-01T00:00:00.000Z",
      monthly: "25.00",
      rollover: "15.00",
      credits: "0.00",
      spent: "5.00",
      remaining: "35.00",
    });

    // Across the year's end: 25 + 15 − 5 = 35.
    at("2027-01-15T08:00:00Z");
    expect(await budget(member.token)).toMatchObject({
      rollover: "35.00",
      credits: "0.00",
      spent: "0.00",
      remaining: "60.00",
    });

    // Idle from January to May: four months of 25 each join the rollover.
    at("2027-05-20T08:00:00Z");
    expect(await budget(member.token)).toEqual({
      periodStart: "2027-05-01T00:00:00.000Z",
      periodEnd: "2027-06-01T00:00:00.000Z",
      monthly: "25.00",
      rollover: "135.00",
      credits: "0.00",
      spent: "0.00",
      remaining: "160.00",
    });
  });

  it("runs the rollover once when many requests arrive as a month turns", async () => {
    at("2026-11-20T10:00:00Z");
    const member = await createMember(t);
    await choose(member.token, tier.basic);
    await budget(member.token);
    at("2026-12-02T10:00:00Z");
    const answers = await Promise.all(Array.from({ length: 10 }, () => budget(member.token)));
    expect(new Set(answers.map((answer) => answer.rollover))).toEqual(new Set(["25.00"]));
    const [row] = await t.services.database.db
      .select()
      .from(userBudgetRollover)
      .where(eq(userBudgetRollover.userId, member.userId));
    expect(row?.rolloverAmount).toBe("25.00");
    expect(row?.lastCalculatedPeriod?.toISOString()).toBe("2026-12-01T00:00:00.000Z");
  });

  it("a mid-month change: this month's budget is the new price, what was spent still counts, earlier months keep theirs", async () => {
    at("2026-10-10T10:00:00Z");
    const member = await createMember(t);
    await choose(member.token, tier.basic);
    await budget(member.token);
    // October unspent on Basic (25) rolls over; in November 20 is spent, then an upgrade to Premium.
    at("2026-11-15T10:00:00Z");
    await spend(member.userId, "20.00", "2026-11-01T00:00:00Z", "2026-12-01T00:00:00Z");
    await choose(member.token, tier.premium);
    expect(await budget(member.token)).toMatchObject({
      monthly: "50.00",
      rollover: "25.00",
      credits: "0.00",
      spent: "20.00",
      remaining: "55.00",
    });
    // A downgrade below what was spent leaves nothing this month, never less than nothing.
    await spend(member.userId, "60.00", "2026-11-01T00:00:00Z", "2026-12-01T00:00:00Z");
    await choose(member.token, tier.free);
    expect(await budget(member.token)).toMatchObject({ monthly: "0.00", spent: "80.00", remaining: "0.00" });
  });

  it("with no plan the budget is 0 and an earlier rollover is kept, less what is spent", async () => {
    at("2026-11-10T10:00:00Z");
    const member = await createMember(t);
    await t.services.database.db.insert(userBudgetRollover).values({
      userId: member.userId,
      rolloverAmount: "12.00",
      lastCalculatedPeriod: new Date("2026-10-01T00:00:00Z"),
    });
    await spend(member.userId, "2.00", "2026-10-01T00:00:00Z", "2026-11-01T00:00:00Z");
    expect(await budget(member.token)).toMatchObject({
      monthly: "0.00",
      rollover: "10.00",
      remaining: "10.00",
    });
  });
});

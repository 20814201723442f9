import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tierChangeReasons } from "#api/contracts/plan-payments";
import { budgetSchema, planSchema } from "#api/contracts/plans";
import { enqueuePlanReminders } from "#api/domain/plans";
import { giveDays } from "#api/domain/rewards/rewards";
import { addCredits } from "#db/queries/plans/budget-credits";
import { membershipHistory, membershipTiers, profiles, users } from "#db/schema/index";
import { bearer, createMember, DAY, HOUR, jsonRequest, TestClock } from "../helpers/accounts";
import { placeCreditOrder, testProduct } from "../helpers/credit-orders";
import { queuedFor } from "../helpers/queued-messages";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { insertTestTiers, type TestTierName } from "../helpers/tiers";

// The core issue 39's levers share (decision 111): free days on a tier (a plan grant) that end back
// on the plan held before, and credits added to a month's budget. PGlite, and Postgres when
// DATABASE_URL is set.
const START = Date.parse("2026-12-10T09:00:00Z");
const clock = new TestClock(START);
let t: TestApp;
let tier: Record<TestTierName, string>;
let nextTelegramId = 9_300_000;

beforeAll(async () => {
  t = await startTestApp({ now: clock.now, env: { PLAN_PAYMENTS: "manual" } });
  tier = await insertTestTiers(t.services.database.db);
});
afterAll(() => t.close());

const db = () => t.services.database.db;
const tierRow = async (id: string) =>
  (
    await db().select().from(membershipTiers).where(eq(membershipTiers.id, id))
  )[0] as typeof membershipTiers.$inferSelect;

async function member(tierId: string | null = null) {
  const m = await createMember(t);
  await db()
    .update(users)
    .set({ telegramId: BigInt(nextTelegramId++) })
    .where(eq(users.id, m.userId));
  await db()
    .update(profiles)
    .set({ membershipTierId: tierId, botWritableAt: new Date(START - DAY) })
    .where(eq(profiles.id, m.userId));
  return m;
}

async function give(userId: string, tierId: string, days: number, kind: "trial" | "promo" = "trial") {
  const tier = await tierRow(tierId);
  return db().transaction((tx) => giveDays(tx, { userId, tier, days, kind, at: clock.now() }));
}

const planOf = async (token: string) =>
  planSchema.parse(await (await t.app.request("/api/me/plan", { headers: bearer(token) })).json());
const budgetOf = async (token: string) =>
  budgetSchema.parse(await (await t.app.request("/api/me/budget", { headers: bearer(token) })).json());

describe("free days on a tier", () => {
  it("hold the tier until their end, then go back to the plan held before", async () => {
    const m = await member(tier.free);
    expect(await give(m.userId, tier.premium, 7)).toMatchObject({ grant: { kind: "trial" } });
    const during = await planOf(m.token);
    expect(during.tier?.id).toBe(tier.premium);
    expect(during.grant).toEqual({
      kind: "trial",
      tierId: tier.premium,
      tierName: "Premium",
      endsAt: new Date(START + 7 * DAY).toISOString(),
    });
    expect((await budgetOf(m.token)).monthly).toBe("50.00");

    clock.ms = START + 7 * DAY;
    const after = await planOf(m.token);
    expect(after.tier?.id).toBe(tier.free);
    expect(after.grant).toBeNull();
    const history = await db()
      .select()
      .from(membershipHistory)
      .where(eq(membershipHistory.userId, m.userId))
      .orderBy(membershipHistory.createdAt);
    expect(history.map((h) => [h.oldTierId, h.newTierId, h.reason])).toEqual([
      [tier.free, tier.premium, tierChangeReasons.trial],
      [tier.premium, tier.free, tierChangeReasons.grantEnded],
    ]);
    clock.ms = START;
  });

  it("end on no plan for a member who had none, and are refused when the plan already includes the tier", async () => {
    const m = await member(null);
    expect(await give(m.userId, tier.basic, 3, "promo")).toHaveProperty("grant");
    // More days on the same tier add to its end; a lower or equal tier is refused.
    const more = await give(m.userId, tier.basic, 2, "promo");
    expect("grant" in more && more.grant.endsAt.toISOString()).toBe(new Date(START + 5 * DAY).toISOString());
    expect(await give(m.userId, tier.free, 9)).toEqual({ refused: "not_higher" });
    const onPremium = await member(tier.premium);
    expect(await give(onPremium.userId, tier.basic, 9)).toEqual({ refused: "not_higher" });
    expect(await give(onPremium.userId, tier.premium, 9)).toEqual({ refused: "not_higher" });

    clock.ms = START + 5 * DAY + 1;
    expect((await planOf(m.token)).tier).toBeNull();
    clock.ms = START;
  });

  it("end when the member picks the tier again: it is requested like any paid tier, not kept free", async () => {
    const m = await member(null);
    await give(m.userId, tier.basic, 3);
    const res = await t.app.request(
      "/api/me/plan",
      jsonRequest("PUT", { tierId: tier.basic }, bearer(m.token)),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ outcome: "requested", grant: { tierId: tier.basic } });
  });

  it("end for good when an admin sets the plan", async () => {
    const m = await member(null);
    await give(m.userId, tier.premium, 3);
    const { changeTier } = await import("#db/queries/plans/plans");
    await changeTier(db(), m.userId, tier.premium, clock.now(), { reason: tierChangeReasons.approved });
    expect((await planOf(m.token)).grant).toBeNull();
    clock.ms = START + 10 * DAY;
    expect((await planOf(m.token)).tier?.id).toBe(tier.premium);
    clock.ms = START;
  });

  it("remind the member a day before their end, once, and tell them when they ended", async () => {
    const m = await member(null);
    await give(m.userId, tier.basic, 2);
    clock.ms = START + DAY + HOUR;
    expect((await enqueuePlanReminders(t.services)).trialEnding).toBeGreaterThanOrEqual(1);
    expect((await enqueuePlanReminders(t.services)).trialEnding).toBe(0);
    const [reminder] = (await queuedFor(db(), m.userId)).filter((row) => row.kind === "trial_ending");
    expect((reminder?.payload as { text: string } | undefined)?.text).toBe(
      "Your free trial of Basic ends on December 12, 2026. Choose a plan to keep your monthly budget.",
    );

    clock.ms = START + 2 * DAY + HOUR;
    await planOf(m.token);
    await enqueuePlanReminders(t.services);
    const [ended] = (await queuedFor(db(), m.userId)).filter((row) => row.kind === "plan_lapsed");
    expect((ended?.payload as { text: string } | undefined)?.text).toBe(
      "Your free days of Basic have ended. You can choose a plan at any time.",
    );
    clock.ms = START;
  });
});

describe("credits added to a month's budget", () => {
  it("count in this month's remaining budget, can be spent, and what is left rolls over", async () => {
    const m = await member(tier.free);
    await db().transaction((tx) =>
      addCredits(tx, {
        userId: m.userId,
        amount: "12.50",
        source: "promo",
        sourceId: m.userId,
        at: clock.now(),
      }),
    );
    expect(await budgetOf(m.token)).toMatchObject({ monthly: "0.00", credits: "12.50", remaining: "12.50" });
    const product = await testProduct(t, 10);
    await placeCreditOrder(t, m.token, product.id, 2);
    expect(await budgetOf(m.token)).toMatchObject({ credits: "12.50", spent: "10.00", remaining: "2.50" });

    clock.ms = Date.parse("2027-01-03T09:00:00Z");
    expect(await budgetOf(m.token)).toMatchObject({ rollover: "2.50", credits: "0.00", remaining: "2.50" });
    clock.ms = START;
  });
});

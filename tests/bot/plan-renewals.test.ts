import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { planSubscriptionSchema } from "#api/contracts/plan-payments";
import { budgetSchema } from "#api/contracts/plans";
import { lapsePlans, plansEndingSoon, plansInGrace, plansLapsedSince } from "#api/domain/plans/plan-renewals";
import type { createApp } from "#api/http/app";
import { membershipHistory, starPayments } from "#db/schema/index";
import { bearer, createMember, DAY, errorOf, HOUR, post, TestClock } from "../helpers/accounts";
import { startBotApp } from "../helpers/bot-app";
import type { FakeBotApi } from "../helpers/fake-bot-api";
import { payStars, planOf as planOfShop, type StarsShop, starsSubscriber } from "../helpers/stars-subscriber";
import { eventually, type TestApp } from "../helpers/test-app";
import { insertTestTiers, type TestTierName } from "../helpers/tiers";

// Renewals, grace and lapse (decision 107): the real bot against the fake Bot API, a test clock.
const START = Date.parse("2026-11-27T12:00:00Z");
const clock = new TestClock(START);
let fake: FakeBotApi;
let t: TestApp;
let app: ReturnType<typeof createApp>;
let close: () => Promise<void>;
let tier: Record<TestTierName, string>;
let nextTelegramId = 8300;
let nextCharge = 1;

beforeAll(async () => {
  ({ fake, t, app, close } = await startBotApp(
    { PLAN_PAYMENTS: "stars", SESSION_TTL_DAYS: "365", PLAN_GRACE_DAYS: "3" },
    { now: clock.now },
  ));
  tier = await insertTestTiers(t.services.database.db);
});
afterAll(() => close());
beforeEach(() => {
  clock.ms = START;
});

const db = () => t.services.database.db;
const ctx = () => t.services;
const planOf = (token: string) => planOfShop(shop(), token);
const setRenewal = (token: string, body: unknown) =>
  app.request("/api/me/plan/renewal", post(body, bearer(token)));

const shop = (): StarsShop => ({ fake, t, app, clock });
/** A Telegram member who bought Basic for Stars now; their period ends in 30 days. */
const subscriber = () =>
  starsSubscriber(shop(), tier.basic, nextTelegramId++, `renewal-charge-${nextCharge++}`);
const pay = (telegramId: number, payload: string, chargeId: string, expiresAt: Date, renewal: boolean) =>
  payStars(shop(), { telegramId, payload, chargeId, expiresAt, renewal });

const historyOf = async (userId: string) =>
  (await db().select().from(membershipHistory).where(eq(membershipHistory.userId, userId))).map(
    (row) => row.reason,
  );

describe("a Stars plan's period", () => {
  it("renews on the subscription's expiry from the payment", async () => {
    const member = await subscriber();
    const plan = await planOf(member.token);
    expect(plan.tier?.displayName).toBe("Basic");
    expect(plan.subscription).toMatchObject({
      expiresAt: member.expiresAt.toISOString(),
      renews: true,
      paymentDue: false,
      lapsesAt: new Date(member.expiresAt.getTime() + 3 * DAY).toISOString(),
    });
  });
});

describe("stopping and restarting the renewal", () => {
  it("tells Telegram (editUserStarSubscription as the payer, on the first charge) and stores it", async () => {
    const member = await subscriber();
    const stop = await setRenewal(member.token, { renew: false });
    expect(stop.status).toBe(200);
    expect(planSubscriptionSchema.parse(await stop.json())).toMatchObject({
      renews: false,
      lapsesAt: member.expiresAt.toISOString(),
    });
    expect(fake.callsTo("editUserStarSubscription").at(-1)?.payload).toEqual({
      user_id: member.telegramId,
      telegram_payment_charge_id: member.chargeId,
      is_canceled: true,
    });
    expect((await planOf(member.token)).subscription).toMatchObject({ renews: false, paymentDue: false });

    const resume = await setRenewal(member.token, { renew: true });
    expect(resume.status).toBe(200);
    expect(planSubscriptionSchema.parse(await resume.json()).renews).toBe(true);
    expect(fake.callsTo("editUserStarSubscription").at(-1)?.payload).toEqual({
      user_id: member.telegramId,
      telegram_payment_charge_id: member.chargeId,
      is_canceled: false,
    });
    expect((await planOf(member.token)).subscription?.renews).toBe(true);
  });

  it("keeps naming the first charge after a renewal, and a new subscription renews again", async () => {
    const member = await subscriber();
    clock.ms = member.expiresAt.getTime() - HOUR;
    const nextEnd = new Date(member.expiresAt.getTime() + 30 * DAY);
    pay(member.telegramId, member.payload, `renewal-charge-${nextCharge++}`, nextEnd, true);
    await eventually(async () =>
      expect((await planOf(member.token)).subscription?.expiresAt).toBe(nextEnd.toISOString()),
    );
    expect((await setRenewal(member.token, { renew: false })).status).toBe(200);
    expect(fake.callsTo("editUserStarSubscription").at(-1)?.payload.telegram_payment_charge_id).toBe(
      member.chargeId,
    );
  });

  it("is refused without a subscription (404), with a bad body (400), and when Telegram refuses (503, unchanged)", async () => {
    const member = await createMember(t);
    const none = await setRenewal(member.token, { renew: false });
    expect(none.status).toBe(404);
    expect((await errorOf(none)).message).toBe("You have no Telegram Stars subscription to change");

    const subscribed = await subscriber();
    for (const body of [{}, { renew: "no" }]) {
      const bad = await setRenewal(subscribed.token, body);
      expect(bad.status).toBe(400);
      expect((await errorOf(bad)).message).toBe("Say whether the plan renews");
    }
    fake.failNext("editUserStarSubscription", {
      error_code: 400,
      description: "Bad Request: SUBSCRIPTION_INVALID",
    });
    const refused = await setRenewal(subscribed.token, { renew: false });
    expect(refused.status).toBe(503);
    expect((await planOf(subscribed.token)).subscription?.renews).toBe(true);
  });
});

describe("grace and lapse", () => {
  it("an unrenewed plan stays PLAN_GRACE_DAYS marked payment due, then lapses to level 1, once", async () => {
    const member = await subscriber();
    clock.ms = member.expiresAt.getTime() + 1000;
    await lapsePlans(ctx());
    const due = await planOf(member.token);
    expect(due.tier?.displayName).toBe("Basic");
    expect(due.subscription).toMatchObject({ renews: true, paymentDue: true });
    expect((await plansInGrace(ctx())).find((p) => p.userId === member.userId)).toMatchObject({
      telegramId: BigInt(member.telegramId),
      tierName: "Basic",
      expiresAt: member.expiresAt,
      lapsesAt: new Date(member.expiresAt.getTime() + 3 * DAY),
    });

    const lapseAt = member.expiresAt.getTime() + 3 * DAY;
    clock.ms = lapseAt - 1000;
    await lapsePlans(ctx());
    expect((await planOf(member.token)).subscription?.paymentDue).toBe(true);

    clock.ms = lapseAt;
    const since = new Date(lapseAt - 1000);
    // Two processes sweep at the same moment, then one sweeps again: the plan lapses once.
    await Promise.all([lapsePlans(ctx()), lapsePlans(ctx())]);
    await lapsePlans(ctx());
    const lapsed = await planOf(member.token);
    expect(lapsed.tier?.displayName).toBe("Free");
    expect(lapsed.subscription).toBeNull();
    expect(await historyOf(member.userId)).toEqual(["Payment not received"]);
    expect((await plansInGrace(ctx())).some((p) => p.userId === member.userId)).toBe(false);
    const notices = (await plansLapsedSince(ctx(), since)).filter((p) => p.userId === member.userId);
    expect(notices).toEqual([
      {
        historyId: expect.any(String),
        userId: member.userId,
        telegramId: BigInt(member.telegramId),
        tierId: tier.basic,
        tierName: "Basic",
        endedAt: new Date(lapseAt),
        reason: "Payment not received",
      },
    ]);
    // A later look finds none after its own cursor.
    expect((await plansLapsedSince(ctx(), new Date(lapseAt))).some((p) => p.userId === member.userId)).toBe(
      false,
    );
    // Budget as for any plan change: this month's budget is level 1's price.
    const budget = budgetSchema.parse(
      await (await app.request("/api/me/budget", { headers: bearer(member.token) })).json(),
    );
    expect(budget.monthly).toBe("0.00");
  });

  it("a renewal arriving in grace keeps the plan and clears payment due", async () => {
    const member = await subscriber();
    clock.ms = member.expiresAt.getTime() + DAY;
    expect((await planOf(member.token)).subscription?.paymentDue).toBe(true);
    const nextEnd = new Date(member.expiresAt.getTime() + 30 * DAY);
    pay(member.telegramId, member.payload, `renewal-charge-${nextCharge++}`, nextEnd, true);
    await eventually(async () =>
      expect((await planOf(member.token)).subscription).toMatchObject({
        expiresAt: nextEnd.toISOString(),
        paymentDue: false,
      }),
    );
    clock.ms = member.expiresAt.getTime() + 4 * DAY;
    await lapsePlans(ctx());
    expect((await planOf(member.token)).tier?.displayName).toBe("Basic");
  });

  it("a cancelled renewal ends at the period's end without grace; reminded in its last 3 days", async () => {
    const member = await subscriber();
    const renewing = await subscriber();
    expect((await setRenewal(member.token, { renew: false })).status).toBe(200);
    const soon = async () => (await plansEndingSoon(ctx())).filter((p) => p.userId === member.userId);

    clock.ms = member.expiresAt.getTime() - 3 * DAY - 1000;
    expect(await soon()).toEqual([]);
    clock.ms = member.expiresAt.getTime() - 3 * DAY;
    expect(await soon()).toEqual([
      {
        userId: member.userId,
        telegramId: BigInt(member.telegramId),
        tierName: "Basic",
        expiresAt: member.expiresAt,
        renews: false,
        currency: "XTR",
        amount: 250,
      },
    ]);
    // A renewing plan ending as soon is not reminded: it renews.
    expect((await plansEndingSoon(ctx())).some((p) => p.userId === renewing.userId)).toBe(false);

    clock.ms = member.expiresAt.getTime();
    expect(await lapsePlans(ctx())).toBeGreaterThanOrEqual(1);
    const ended = await planOf(member.token);
    expect(ended.tier?.displayName).toBe("Free");
    expect(await historyOf(member.userId)).toEqual(["Subscription ended"]);
    // Ended by choice, not lapsed: no "payment not received" notice.
    expect((await plansLapsedSince(ctx(), new Date(START))).some((p) => p.userId === member.userId)).toBe(
      false,
    );
    expect(await soon()).toEqual([]);
    expect(
      await db().select().from(starPayments).where(eq(starPayments.chargeId, member.chargeId)),
    ).toHaveLength(1);
  });
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { lapsePlans } from "#api/domain/plans";
import type { createApp } from "#api/http/app";
import { planSubscriptions, profiles } from "#db/schema/index";
import { DAY, HOUR, recordingLogger, TestClock } from "../helpers/accounts";
import { startBotApp } from "../helpers/bot-app";
import type { FakeBotApi } from "../helpers/fake-bot-api";
import { queuedFor } from "../helpers/queued-messages";
import { planOf as planOfShop, type StarsShop, starsSubscriber } from "../helpers/stars-subscriber";
import { eventually, type TestApp } from "../helpers/test-app";
import { insertTestTiers, type TestTierName } from "../helpers/tiers";

// Telegram's `subscription` update (decision 119): the real bot against the fake Bot API, a test clock.
const START = Date.parse("2026-11-29T12:00:00Z");
const clock = new TestClock(START);
const log = recordingLogger();
let fake: FakeBotApi;
let t: TestApp;
let app: ReturnType<typeof createApp>;
let close: () => Promise<void>;
let tier: Record<TestTierName, string>;
let nextTelegramId = 8600;
let nextCharge = 1;

beforeAll(async () => {
  ({ fake, t, app, close } = await startBotApp(
    { PLAN_PAYMENTS: "stars", SESSION_TTL_DAYS: "365", PLAN_GRACE_DAYS: "3" },
    { now: clock.now, log },
  ));
  tier = await insertTestTiers(t.services.database.db);
});
afterAll(() => close());
beforeEach(() => {
  clock.ms = START;
});

const db = () => t.services.database.db;
const shop = (): StarsShop => ({ fake, t, app, clock });
const planOf = (token: string) => planOfShop(shop(), token);
const subscriber = () =>
  starsSubscriber(shop(), tier.basic, nextTelegramId++, `subscription-charge-${nextCharge++}`);
const rowOf = async (userId: string) =>
  (await db().select().from(planSubscriptions).where(eq(planSubscriptions.userId, userId)))[0];

/** Each subscription update the bot handled logs one line: followed, or ignored with why. */
const handled = () => log.lines.filter((line) => line.message.startsWith("subscription update ")).length;

/** Pushes the update and waits until the bot has handled it. */
async function subscriptionUpdate(
  telegramId: number,
  payload: string,
  state: "canceled" | "active" | "failed",
) {
  const before = handled();
  fake.pushSubscription(telegramId, payload, state);
  await eventually(async () => expect(handled()).toBe(before + 1));
}

describe("a Stars subscription as Telegram changes it", () => {
  it("canceled in Telegram: Renewal off, the plan ends at its period's end; again changes nothing", async () => {
    const member = await subscriber();
    clock.ms = START + HOUR;
    await subscriptionUpdate(member.telegramId, member.payload, "canceled");
    expect((await planOf(member.token)).subscription).toMatchObject({
      renews: false,
      paymentDue: false,
      expiresAt: member.expiresAt.toISOString(),
      lapsesAt: member.expiresAt.toISOString(),
    });
    const cancelledAt = (await rowOf(member.userId))?.renewalCancelledAt;
    expect(cancelledAt).toEqual(new Date(START + HOUR));
    // Telegram told us: it is not told back.
    expect(
      fake.callsTo("editUserStarSubscription").filter((c) => c.payload.user_id === member.telegramId),
    ).toEqual([]);

    clock.ms = START + 2 * HOUR;
    await subscriptionUpdate(member.telegramId, member.payload, "canceled");
    expect((await rowOf(member.userId))?.renewalCancelledAt).toEqual(cancelledAt);
  });

  it("re-activated: it renews again", async () => {
    const member = await subscriber();
    await subscriptionUpdate(member.telegramId, member.payload, "canceled");
    expect((await planOf(member.token)).subscription?.renews).toBe(false);
    await subscriptionUpdate(member.telegramId, member.payload, "active");
    expect((await planOf(member.token)).subscription).toMatchObject({
      renews: true,
      paymentDue: false,
      lapsesAt: new Date(member.expiresAt.getTime() + 3 * DAY).toISOString(),
    });
  });

  it("its payment failed: Payment due from then, the grace reminder once, then the lapse", async () => {
    const member = await subscriber();
    await db()
      .update(profiles)
      .set({ botWritableAt: new Date(START) })
      .where(eq(profiles.id, member.userId));
    // Telegram charges at the period's end; the failure may arrive a little before our clock's.
    const failedAt = member.expiresAt.getTime() - 5 * 60_000;
    clock.ms = failedAt;
    await subscriptionUpdate(member.telegramId, member.payload, "failed");
    const lapsesAt = new Date(failedAt + 3 * DAY);
    expect((await planOf(member.token)).subscription).toMatchObject({
      renews: true,
      paymentDue: true,
      expiresAt: new Date(failedAt).toISOString(),
      lapsesAt: lapsesAt.toISOString(),
    });
    const grace = async () => queuedFor(db(), member.userId, ["plan_grace"]);
    expect(await grace()).toEqual([
      expect.objectContaining({
        dedupeKey: `plan_grace:${member.userId}:${new Date(failedAt).toISOString()}`,
        chatId: BigInt(member.telegramId),
      }),
    ]);

    // Sent again later: the period's end stays, the reminder stays one.
    clock.ms = failedAt + DAY;
    await subscriptionUpdate(member.telegramId, member.payload, "failed");
    expect((await rowOf(member.userId))?.expiresAt).toEqual(new Date(failedAt));
    expect(await grace()).toHaveLength(1);

    clock.ms = lapsesAt.getTime();
    await lapsePlans(t.services);
    expect((await planOf(member.token)).subscription).toBeNull();
  });

  it("a failure on a plan whose renewal is off changes nothing", async () => {
    const member = await subscriber();
    await subscriptionUpdate(member.telegramId, member.payload, "canceled");
    await subscriptionUpdate(member.telegramId, member.payload, "failed");
    expect((await planOf(member.token)).subscription).toMatchObject({
      renews: false,
      paymentDue: false,
      expiresAt: member.expiresAt.toISOString(),
    });
  });

  it("ignores an update whose payload or user is not the subscription's, with a log line", async () => {
    const member = await subscriber();
    const other = await subscriber();
    const before = await planOf(member.token);
    await subscriptionUpdate(member.telegramId, "plan:not-ours", "canceled");
    await subscriptionUpdate(other.telegramId, member.payload, "canceled");
    await subscriptionUpdate(member.telegramId, other.payload, "failed");
    expect(await planOf(member.token)).toEqual(before);
    expect((await planOf(other.token)).subscription?.renews).toBe(true);
    expect(log.lines.filter((line) => line.message === "subscription update ignored")).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ fields: expect.objectContaining({ reason: "unknown_invoice" }) }),
        expect.objectContaining({ fields: expect.objectContaining({ reason: "other_payer" }) }),
      ]),
    );
  });
});

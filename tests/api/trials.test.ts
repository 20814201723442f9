import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { planSchema } from "#api/contracts/plans";
import { enqueuePlanReminders } from "#api/domain/plans";
import {
  membershipHistory,
  membershipTiers,
  planGrants,
  profiles,
  serverKeys,
  trialClaims,
  users,
} from "#db/schema/index";
import { bearer, createMember, DAY, errorOf, HOUR, jsonRequest, TestClock } from "../helpers/accounts";
import { drainOutbox, sendsTo } from "../helpers/drain-outbox";
import { type FakeBotApi, startFakeBotApi } from "../helpers/fake-bot-api";
import { racing } from "../helpers/race";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { insertTestTiers, type TestTierName } from "../helpers/tiers";

// Free trials (decision 113): who may start one, once per person even across deleted accounts,
// under real concurrency; the reminder a day before, through the outbox to the fake Bot API; the
// end. PGlite, and Postgres when DATABASE_URL is set.
const START = Date.parse("2026-12-10T09:00:00Z");
const clock = new TestClock(START);
let fakeBot: FakeBotApi;
let t: TestApp;
let tier: Record<TestTierName, string>;
let nextTelegramId = 9_400_000;

beforeAll(async () => {
  fakeBot = await startFakeBotApi({ id: -1009, title: "Channel" });
  t = await startTestApp({
    now: clock.now,
    env: { PLAN_PAYMENTS: "manual", PUBLIC_URL: "https://shop.example.com" },
  });
  tier = await insertTestTiers(t.services.database.db);
  await db().update(membershipTiers).set({ trialDays: 7 }).where(eq(membershipTiers.id, tier.premium));
  await db().update(membershipTiers).set({ trialDays: 3 }).where(eq(membershipTiers.id, tier.basic));
});
afterAll(async () => {
  await t.close();
  await fakeBot.close();
});

const db = () => t.services.database.db;
const start = (tierId: string, token: string) =>
  t.app.request("/api/me/plan/trial", jsonRequest("POST", { tierId }, bearer(token)));

/** A member with a Telegram id of their own (or the one given), the bot allowed to write to them. */
async function telegramMember(telegramId = BigInt(nextTelegramId++)) {
  const member = await createMember(t);
  await db().update(users).set({ telegramId }).where(eq(users.id, member.userId));
  await db()
    .update(profiles)
    .set({ botWritableAt: new Date(START - DAY) })
    .where(eq(profiles.id, member.userId));
  return { ...member, telegramId };
}

const refusalOf = async (res: Response) => ({ status: res.status, message: (await errorOf(res)).message });

describe("POST /api/me/plan/trial", () => {
  it("starts the trial: the tier until its end, 'trial' on the plan, a claim by hash only", async () => {
    const member = await telegramMember();
    const res = await start(tier.premium, member.token);
    expect(res.status, await res.clone().text()).toBe(200);
    const plan = planSchema.parse(await res.json());
    expect(plan.tier?.id).toBe(tier.premium);
    expect(plan.grant).toEqual({
      kind: "trial",
      tierId: tier.premium,
      tierName: "Premium",
      endsAt: new Date(START + 7 * DAY).toISOString(),
    });
    const claims = await db().select().from(trialClaims).where(eq(trialClaims.userId, member.userId));
    expect(claims).toHaveLength(1);
    expect(claims[0]?.subject).toMatch(/^[0-9a-f]{64}$/);
    expect(claims[0]?.subject).not.toContain(String(member.telegramId));
  });

  it("refuses a tier without a trial, an unknown tier, a tier held before, a plan that includes it", async () => {
    const member = await telegramMember();
    expect(await refusalOf(await start(tier.free, member.token))).toEqual({
      status: 409,
      message: "This plan has no free trial",
    });
    expect((await start("00000000-0000-4000-8000-000000000000", member.token)).status).toBe(404);
    expect((await start("nonsense", member.token)).status).toBe(400);
    // Held before: on Basic once (history), now on Free.
    const former = await telegramMember();
    await db().update(profiles).set({ membershipTierId: tier.free }).where(eq(profiles.id, former.userId));
    await db().insert(membershipHistory).values({
      userId: former.userId,
      oldTierId: tier.basic,
      newTierId: tier.free,
      reason: "User updated tier",
    });
    expect(await refusalOf(await start(tier.basic, former.token))).toEqual({
      status: 409,
      message: "You have had this plan before: its free trial is for new members",
    });
    const onPremium = await telegramMember();
    await db()
      .update(profiles)
      .set({ membershipTierId: tier.premium })
      .where(eq(profiles.id, onPremium.userId));
    expect(await refusalOf(await start(tier.basic, onPremium.token))).toEqual({
      status: 409,
      message: "Your plan already includes this plan",
    });
    // Nothing was claimed by the refused ones.
    const claims = await db().select().from(trialClaims).where(eq(trialClaims.userId, onPremium.userId));
    expect(claims).toHaveLength(0);
    expect(
      (await t.app.request("/api/me/plan/trial", jsonRequest("POST", { tierId: tier.basic }))).status,
    ).toBe(401);
  });

  it("asks a member with neither Telegram nor a proven email to verify their email first", async () => {
    const member = await createMember(t);
    expect(await refusalOf(await start(tier.basic, member.token))).toEqual({
      status: 409,
      message: "Verify your email address first: a free trial is once per person",
    });
  });

  it("is once per person: a second account with the same Telegram id, after deleting the first, is refused", async () => {
    const telegramId = BigInt(nextTelegramId++);
    const first = await telegramMember(telegramId);
    expect((await start(tier.basic, first.token)).status).toBe(200);
    const deleted = await t.app.request(
      "/api/me",
      jsonRequest("DELETE", { confirmation: first.email }, bearer(first.token)),
    );
    expect(deleted.status).toBe(200);
    const second = await telegramMember(telegramId);
    expect(await refusalOf(await start(tier.basic, second.token))).toEqual({
      status: 409,
      message: "You have already had a free trial of this plan",
    });
    // Another plan's trial is still theirs to take.
    expect((await start(tier.premium, second.token)).status).toBe(200);
  });

  it("is once per person by proven email too", async () => {
    const first = await createMember(t, { emailVerified: true });
    expect((await start(tier.basic, first.token)).status).toBe(200);
    expect(
      (
        await t.app.request(
          "/api/me",
          jsonRequest("DELETE", { confirmation: first.email }, bearer(first.token)),
        )
      ).status,
    ).toBe(200);
    const second = await createMember(t, { email: first.email.toUpperCase(), emailVerified: true });
    expect((await start(tier.basic, second.token)).status).toBe(409);
  });

  it("one mailbox is one person: of the issue's four Gmail addresses, each signed up and proven, only the first gets a trial", async () => {
    const local = `alice${Date.now().toString(36)}`;
    const dotted = `${local.slice(0, 5)}.${local.slice(5)}`;
    const [first = "", ...others] = [
      `${dotted}@gmail.com`,
      `${local}@gmail.com`,
      `${dotted}+1@gmail.com`,
      `${dotted}@googlemail.com`,
    ];
    const member = await createMember(t, { email: first, emailVerified: true });
    expect((await start(tier.premium, member.token)).status).toBe(200);
    for (const email of others) {
      const again = await createMember(t, { email, emailVerified: true });
      expect(await refusalOf(await start(tier.premium, again.token)), email).toEqual({
        status: 409,
        message: "You have already had a free trial of this plan",
      });
    }
  });

  it("still counts a claim made before the canonical mailbox (decision 113's lower-cased address)", async () => {
    // A Gmail address whose canonical mailbox differs from it: only the old form names it.
    const email = `Old.Claim.${Date.now().toString(36)}+Tag@GMail.com`;
    const [key] = await db().select().from(serverKeys).where(eq(serverKeys.name, "trial_claims"));
    const subject = createHmac("sha256", key?.key ?? "")
      .update(`email:${email.toLowerCase()}`)
      .digest("hex");
    await db().insert(trialClaims).values({ tierId: tier.premium, subject });
    const member = await createMember(t, { email, emailVerified: true });
    expect((await start(tier.premium, member.token)).status).toBe(409);
  });

  it("gives no trial of a tier that costs nothing, even one given trial days before this was refused", async () => {
    await db().update(membershipTiers).set({ trialDays: 5 }).where(eq(membershipTiers.id, tier.free));
    try {
      const member = await telegramMember();
      expect(await refusalOf(await start(tier.free, member.token))).toEqual({
        status: 409,
        message: "This plan has no free trial",
      });
      expect(await db().select().from(planGrants).where(eq(planGrants.userId, member.userId))).toEqual([]);
    } finally {
      await db().update(membershipTiers).set({ trialDays: null }).where(eq(membershipTiers.id, tier.free));
    }
  });

  it("five starts at once get one trial (two live accounts never share a Telegram id or a proven email)", async () => {
    await racing();
    const member = await telegramMember();
    const answers = await Promise.all(Array.from({ length: 5 }, () => start(tier.premium, member.token)));
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const grants = await db().select().from(planGrants).where(eq(planGrants.userId, member.userId));
    expect(grants).toHaveLength(1);
    const history = await db()
      .select()
      .from(membershipHistory)
      .where(eq(membershipHistory.userId, member.userId));
    expect(history).toHaveLength(0);
  });
});

describe("the trial's end", () => {
  it("reminds the member a day before with a button to their plan, once, then ends on the plan before", async () => {
    clock.ms = START;
    const member = await telegramMember();
    await db().update(profiles).set({ membershipTierId: tier.free }).where(eq(profiles.id, member.userId));
    expect((await start(tier.basic, member.token)).status).toBe(200);
    clock.ms = START + 2 * DAY + HOUR;
    await enqueuePlanReminders(t.services);
    await enqueuePlanReminders(t.services);
    await drainOutbox(t.services, fakeBot);
    const sent = sendsTo(fakeBot, member.telegramId);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.payload.text).toBe(
      "Your free trial of Basic ends on December 13, 2026. Choose a plan to keep your monthly budget.",
    );
    expect(JSON.stringify(sent[0]?.payload.reply_markup)).toContain("/settings/memberships");

    clock.ms = START + 3 * DAY + HOUR;
    const after = planSchema.parse(
      await (await t.app.request("/api/me/plan", { headers: bearer(member.token) })).json(),
    );
    expect(after.tier?.id).toBe(tier.free);
    expect(after.grant).toBeNull();
    clock.ms = START;
  });
});

import { sign } from "@telegram-apps/init-data-node";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionSchema } from "#api/contracts/auth";
import { STARS_CURRENCY } from "#api/contracts/plan-payments";
import {
  adminReferralsSchema,
  myReferralsSchema,
  type ReferralSettings,
  referralSettingsSchema,
} from "#api/contracts/referrals";
import { redeemTelegramLink } from "#api/domain/accounts";
import { proveEmail } from "#api/domain/accounts/email-verification";
import { hashToken, notePendingPersons } from "#api/domain/auth";
import {
  decidePlanRequest,
  recordPlanPayment,
  refundPayment,
  requestTier,
} from "#api/domain/plans/plan-payments";
import { giveDueReferralRewards } from "#api/domain/rewards";
import { writeFromBot } from "#api/domain/support";
import { insertInvoice } from "#db/queries/plans/plan-payments";
import { attributeReferral } from "#db/queries/rewards/referrals";
import {
  budgetCredits,
  membershipTiers,
  personsSeenPending,
  planGrants,
  profiles,
  referralCodes,
  referrals,
  starPayments,
  telegramLinkCodes,
  users,
} from "#db/schema/index";
import {
  bearer,
  createMember,
  DAY,
  errorOf,
  fromAddress,
  GOOD_PASSWORD,
  jsonRequest,
  post,
  recordingTelegram,
  TEST_BOT_TOKEN,
  TestClock,
  uniqueAddress,
  uniqueEmail,
} from "../helpers/accounts";
import { queuedFor } from "../helpers/queued-messages";
import { racing } from "../helpers/race";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { insertTestTiers, type TestTierName } from "../helpers/tiers";

// Referrals (decision 114): attribution at the account's creation only, the reward once after the
// hold, a refund voiding it, and the admin's programme. PGlite, and Postgres when DATABASE_URL is set.
const START = Date.parse("2026-12-01T09:00:00Z");
const clock = new TestClock(START);
const refunded: string[] = [];
let t: TestApp;
let tier: Record<TestTierName, string>;
let admin: { token: string; userId: string };
let nextTelegramId = 9_400_000;

beforeAll(async () => {
  t = await startTestApp({
    now: clock.now,
    env: { BOT_TOKEN: TEST_BOT_TOKEN, PLAN_PAYMENTS: "manual", PUBLIC_URL: "https://shop.example" },
    telegram: {
      ...recordingTelegram(),
      async refundStarPayment(_telegramId, chargeId) {
        refunded.push(chargeId);
      },
      async editStarSubscription() {},
    },
  });
  tier = await insertTestTiers(t.services.database.db);
  admin = await createMember(t, { roles: ["admin"] });
});
afterAll(() => t.close());

const db = () => t.services.database.db;
const ctx = () => t.services;

const putSettings = (body: unknown, token = admin.token) =>
  t.app.request("/api/admin/referrals/settings", jsonRequest("PUT", body, bearer(token)));

async function program(settings: Partial<ReferralSettings> & { enabled: boolean }) {
  const res = await putSettings({ rewardKind: "credits", credits: "5.00", ...settings });
  expect(res.status).toBe(200);
  return referralSettingsSchema.parse(await res.json());
}

const myReferrals = async (token: string) => {
  const res = await t.app.request("/api/me/referrals", { headers: bearer(token) });
  expect(res.status).toBe(200);
  return myReferralsSchema.parse(await res.json());
};

/** A Telegram launch as Telegram signs it, with a start parameter. */
const launch = (id: number, startParam?: string, authDate = clock.now()) =>
  sign(
    {
      user: { id, first_name: `Friend ${id}` },
      query_id: "AAH-test",
      ...(startParam ? { start_param: startParam } : {}),
    } as Parameters<typeof sign>[0],
    TEST_BOT_TOKEN,
    authDate,
  );

async function telegramSignIn(initData: string, referralCode?: string) {
  const res = await t.app.request("/api/auth/telegram", post({ initData, referralCode }));
  expect(res.status).toBe(200);
  return sessionSchema.parse(await res.json());
}

async function webSignUp(referralCode: unknown, email = uniqueEmail("friend")) {
  const res = await t.app.request(
    "/api/auth/signup",
    post({
      email,
      password: GOOD_PASSWORD,
      confirmPassword: GOOD_PASSWORD,
      ageConfirmed: true,
      referralCode,
    }),
    fromAddress(uniqueAddress()),
  );
  expect(res.status).toBe(201);
  return sessionSchema.parse(await res.json());
}

const referralOf = async (refereeId: string) =>
  (await db().select().from(referrals).where(eq(referrals.refereeId, refereeId)))[0];

/** A member who invites: their code. */
async function referrer() {
  const m = await createMember(t);
  return { ...m, code: (await myReferrals(m.token)).code };
}

/** A friend who arrived through `code` inside Telegram (a new account). */
async function friendThrough(code: string) {
  const telegramId = nextTelegramId++;
  const session = await telegramSignIn(launch(telegramId, `ref_${code}`));
  return { userId: session.user.id, token: session.token, telegramId };
}

let nonce = 0;
/** A Stars payment for Basic as the bot records it (one charge id each). */
async function pay(friend: { userId: string; telegramId: number }, chargeId = `charge-${++nonce}`) {
  const n = `nonce-${++nonce}`;
  await insertInvoice(db(), {
    nonce: n,
    userId: friend.userId,
    tierId: tier.basic,
    stars: 250,
    currency: STARS_CURRENCY,
  });
  await recordPlanPayment(ctx(), {
    payload: `plan:${friend.userId}:${tier.basic}:${n}`,
    fromId: friend.telegramId,
    currency: STARS_CURRENCY,
    totalAmount: 250,
    chargeId,
    expiresAt: undefined,
    isRecurring: true,
    isFirstRecurring: true,
  });
  return chargeId;
}

const creditsOf = async (userId: string) =>
  db()
    .select({ amount: budgetCredits.amount, source: budgetCredits.source, sourceId: budgetCredits.sourceId })
    .from(budgetCredits)
    .where(eq(budgetCredits.userId, userId));

const rewardTexts = async (userId: string) =>
  (await queuedFor(db(), userId))
    .filter((row) => row.kind === "referral_reward")
    .map((row) => (row.payload as { text: string }).text);

describe("the member's invite page", () => {
  it("gives a lower-case code made on first ask, the same every time, with its Telegram and web links", async () => {
    await racing();
    await program({ enabled: true, credits: "5.00" });
    const m = await createMember(t);
    const first = await myReferrals(m.token);
    expect(first.code).toMatch(/^[a-z0-9]{8}$/);
    expect(first).toMatchObject({
      enabled: true,
      telegramLink: `https://t.me/test_shop_bot?startapp=ref_${first.code}`,
      link: `https://t.me/test_shop_bot?startapp=ref_${first.code}`,
      webLink: `https://shop.example/?ref=${first.code}`,
      joined: 0,
      rewarded: 0,
      reward: { kind: "credits", amount: "5.00" },
      holdDays: 7,
    });
    // Two first asks at once keep one code.
    const other = await createMember(t);
    const both = await Promise.all([myReferrals(other.token), myReferrals(other.token)]);
    expect(both[0].code).toBe(both[1].code);
    expect(
      await db().select().from(referralCodes).where(eq(referralCodes.userId, other.userId)),
    ).toHaveLength(1);
    expect((await myReferrals(m.token)).code).toBe(first.code);
  });

  it("says plainly when the programme is off: no reward", async () => {
    await program({ enabled: false });
    const m = await createMember(t);
    expect(await myReferrals(m.token)).toMatchObject({ enabled: false, reward: null });
    await program({ enabled: true });
  });

  it("is for signed-in members only", async () => {
    expect((await t.app.request("/api/me/referrals")).status).toBe(401);
  });
});

describe("attribution at first sign-in", () => {
  it("attributes a new Telegram account launched with ref_<code>, once, and counts it as joined", async () => {
    const r = await referrer();
    const friend = await friendThrough(r.code);
    expect(await referralOf(friend.userId)).toMatchObject({
      referrerId: r.userId,
      qualifiedAt: null,
      rewardedAt: null,
    });
    // The same person launching again through another member's link changes nothing.
    const other = await referrer();
    clock.advance(1000);
    await telegramSignIn(launch(friend.telegramId, `ref_${other.code}`));
    expect((await referralOf(friend.userId))?.referrerId).toBe(r.userId);
    expect(await myReferrals(r.token)).toMatchObject({ joined: 1, rewarded: 0 });
  });

  it("attributes a web sign-up carrying the code, and a Telegram sign-in from the web carrying it", async () => {
    const r = await referrer();
    const web = await webSignUp(r.code.toUpperCase());
    expect((await referralOf(web.user.id))?.referrerId).toBe(r.userId);
    const fromWeb = await telegramSignIn(launch(nextTelegramId++), r.code);
    expect((await referralOf(fromWeb.user.id))?.referrerId).toBe(r.userId);
    expect((await myReferrals(r.token)).joined).toBe(2);
  });

  it("never attributes an account that existed before", async () => {
    const r = await referrer();
    const telegramId = nextTelegramId++;
    const existing = await telegramSignIn(launch(telegramId));
    clock.advance(1000);
    await telegramSignIn(launch(telegramId, `ref_${r.code}`));
    expect(await referralOf(existing.user.id)).toBeUndefined();
  });

  it("never attributes a person who had an account, even a deleted one; a brand-new person still is", async () => {
    await program({ enabled: true, credits: "5.00" });
    const r = await referrer();
    const friend = await friendThrough(r.code);
    expect((await referralOf(friend.userId))?.referrerId).toBe(r.userId);
    const deleted = await t.app.request(
      "/api/me",
      jsonRequest("DELETE", { confirmation: "DELETE" }, bearer(friend.token)),
    );
    expect(deleted.status).toBe(200);
    // The same Telegram id again, through another member's link: a new account, no new friend.
    const other = await referrer();
    clock.advance(1000);
    const again = await telegramSignIn(launch(friend.telegramId, `ref_${other.code}`));
    expect(again.user.id).not.toBe(friend.userId);
    expect(await referralOf(again.user.id)).toBeUndefined();
    expect(await myReferrals(other.token)).toMatchObject({ joined: 0 });
    const newcomer = await friendThrough(other.code);
    expect((await referralOf(newcomer.userId))?.referrerId).toBe(other.userId);
  });

  it("never attributes a web sign-up whose mailbox, in any form, an account once proved", async () => {
    await program({ enabled: true, credits: "5.00" });
    const r = await referrer();
    const local = `friend${Date.now().toString(36)}`;
    const first = await webSignUp(r.code, `${local.slice(0, 6)}.${local.slice(6)}@gmail.com`);
    expect((await referralOf(first.user.id))?.referrerId).toBe(r.userId);
    await db().transaction((tx) =>
      proveEmail(ctx(), tx, first.user.id, `${local.slice(0, 6)}.${local.slice(6)}@gmail.com`, clock.now()),
    );
    const deleted = await t.app.request(
      "/api/me",
      jsonRequest(
        "DELETE",
        { confirmation: `${local.slice(0, 6)}.${local.slice(6)}@gmail.com` },
        bearer(first.token),
      ),
    );
    expect(deleted.status).toBe(200);
    const again = await webSignUp(r.code, `${local}+again@googlemail.com`);
    expect(await referralOf(again.user.id)).toBeUndefined();
    // A mailbox nobody proved is a new person.
    const stranger = await webSignUp(r.code, `${local}x@gmail.com`);
    expect((await referralOf(stranger.user.id))?.referrerId).toBe(r.userId);
  });

  it("counts an account a message to the bot made, once deleted, as a person seen", async () => {
    await program({ enabled: true, credits: "5.00" });
    const r = await referrer();
    const telegramId = nextTelegramId++;
    const sender = { telegramId: BigInt(telegramId), username: null, fullName: null, languageCode: null };
    await writeFromBot(ctx(), sender, { text: "Hello, is this open?" });
    const [made] = await db()
      .select()
      .from(users)
      .where(eq(users.telegramId, BigInt(telegramId)));
    if (!made) throw new Error("the bot made no account");
    await db().delete(users).where(eq(users.id, made.id));
    const again = await telegramSignIn(launch(telegramId, `ref_${r.code}`));
    expect(await referralOf(again.user.id)).toBeUndefined();
    expect((await referralOf((await friendThrough(r.code)).userId))?.referrerId).toBe(r.userId);
  });

  it("counts a Telegram id linked to a web account, once that account is deleted, as a person seen", async () => {
    await program({ enabled: true, credits: "5.00" });
    const r = await referrer();
    const web = await webSignUp(undefined);
    const telegramId = nextTelegramId++;
    const code = `link-${++nonce}`;
    await db()
      .insert(telegramLinkCodes)
      .values({ userId: web.user.id, codeHash: hashToken(code), expiresAt: new Date(clock.ms + DAY) });
    expect(
      (await redeemTelegramLink(ctx(), { code, telegramId: BigInt(telegramId), username: undefined })).result,
    ).toBe("linked");
    await db().delete(users).where(eq(users.id, web.user.id));
    const again = await telegramSignIn(launch(telegramId, `ref_${r.code}`));
    expect(await referralOf(again.user.id)).toBeUndefined();
  });

  it("counts an account made before this version as a seen person once the start noted it (decision 115)", async () => {
    await program({ enabled: true, credits: "5.00" });
    const r = await referrer();
    const telegramId = nextTelegramId++;
    // An account as the version before made it: no person key noted, listed by the migration.
    const [old] = await db()
      .insert(users)
      .values({ telegramId: BigInt(telegramId) })
      .returning({ id: users.id });
    if (!old) throw new Error("insert returned nothing");
    await db().insert(personsSeenPending).values({ userId: old.id });
    expect(await notePendingPersons(ctx())).toBe(1);
    await db().delete(users).where(eq(users.id, old.id));
    const again = await telegramSignIn(launch(telegramId, `ref_${r.code}`));
    expect(again.user.id).not.toBe(old.id);
    expect(await referralOf(again.user.id)).toBeUndefined();
  });

  it("ignores unknown and malformed codes silently: the sign-up succeeds", async () => {
    for (const code of ["zzzzzzzz", "no", "bad code!", 42, { code: "x" }, "a".repeat(200), null]) {
      const session = await webSignUp(code);
      expect(await referralOf(session.user.id)).toBeUndefined();
    }
    const session = await telegramSignIn(launch(nextTelegramId++, "ref_unknown1"));
    expect(await referralOf(session.user.id)).toBeUndefined();
    const promo = await telegramSignIn(launch(nextTelegramId++, "promo_SUMMER"));
    expect(await referralOf(promo.user.id)).toBeUndefined();
  });

  it("attributes nobody while the programme is off", async () => {
    const r = await referrer();
    await program({ enabled: false });
    const friend = await friendThrough(r.code);
    const web = await webSignUp(r.code);
    expect(await referralOf(friend.userId)).toBeUndefined();
    expect(await referralOf(web.user.id)).toBeUndefined();
    await program({ enabled: true });
  });

  it("can never refer a member to themselves", async () => {
    const r = await referrer();
    expect(await attributeReferral(db(), { refereeId: r.userId, code: r.code, at: clock.now() })).toBe(false);
    await expect(
      db().insert(referrals).values({ refereeId: r.userId, referrerId: r.userId }),
    ).rejects.toThrow();
    expect(await referralOf(r.userId)).toBeUndefined();
  });

  it("parallel sign-ins of one new Telegram user through a link make one account and one referral", async () => {
    await racing();
    const r = await referrer();
    const telegramId = nextTelegramId++;
    // Five launches (each its own initData) at once.
    const sessions = await Promise.all(
      [0, 1, 2, 3, 4].map((i) =>
        telegramSignIn(launch(telegramId, `ref_${r.code}`, new Date(clock.ms - i * 1000))),
      ),
    );
    const ids = new Set(sessions.map((s) => s.user.id));
    expect(ids.size).toBe(1);
    expect(
      await db()
        .select()
        .from(users)
        .where(eq(users.telegramId, BigInt(telegramId))),
    ).toHaveLength(1);
    expect(await db().select().from(referrals).where(eq(referrals.referrerId, r.userId))).toHaveLength(1);
  });
});

describe("the reward", () => {
  it("falls due REFERRAL_HOLD_DAYS after the friend's first payment and is given once, under parallel payments and two jobs at once", async () => {
    await racing();
    await program({ enabled: true, credits: "5.00" });
    const r = await referrer();
    const friend = await friendThrough(r.code);
    const paidAt = clock.ms;
    // Two payments recorded at once (say a redelivery and a renewal): the first qualifies, once.
    await Promise.all([pay(friend), pay(friend), pay(friend)]);
    const qualified = await referralOf(friend.userId);
    expect(qualified?.qualifiedAt?.getTime()).toBe(paidAt);
    expect(qualified?.rewardDueAt?.getTime()).toBe(paidAt + 7 * DAY);

    // The hold: not a millisecond early.
    clock.ms = paidAt + 7 * DAY - 1;
    expect(await giveDueReferralRewards(ctx())).toBe(0);
    expect(await creditsOf(friend.userId)).toEqual([]);

    clock.ms = paidAt + 7 * DAY;
    const runs = await Promise.all([giveDueReferralRewards(ctx()), giveDueReferralRewards(ctx())]);
    expect(runs[0] + runs[1]).toBe(1);
    expect(await giveDueReferralRewards(ctx())).toBe(0);

    const sourceId = friend.userId;
    expect(await creditsOf(friend.userId)).toEqual([{ amount: "5.00", source: "referral", sourceId }]);
    expect(await creditsOf(r.userId)).toEqual([{ amount: "5.00", source: "referral", sourceId }]);
    expect((await referralOf(friend.userId))?.rewardedAt?.getTime()).toBe(paidAt + 7 * DAY);
    expect(await rewardTexts(r.userId)).toEqual([
      "A friend you invited has kept their plan: 5.00 credits were added to this month's budget. Thank you!",
    ]);
    expect(await rewardTexts(friend.userId)).toEqual([
      "Thanks for joining through a friend's invitation: 5.00 credits were added to this month's budget.",
    ]);
    expect(await myReferrals(r.token)).toMatchObject({ joined: 1, rewarded: 1 });
    // A later payment of the friend earns nothing more.
    await pay(friend);
    clock.ms += 8 * DAY;
    expect(await giveDueReferralRewards(ctx())).toBe(0);
    expect(await creditsOf(r.userId)).toHaveLength(1);
    clock.ms = START;
  });

  it("is void, not given, when the friend turns out to be a person seen before: a Telegram id linked after sign-up", async () => {
    await program({ enabled: true, credits: "5.00" });
    const r = await referrer();
    // A Telegram member leaves...
    const telegramId = nextTelegramId++;
    const gone = await telegramSignIn(launch(telegramId));
    const deleted = await t.app.request(
      "/api/me",
      jsonRequest("DELETE", { confirmation: "DELETE" }, bearer(gone.token)),
    );
    expect(deleted.status).toBe(200);
    // ...signs up on the web with a new address through a link (attributed: nothing names them yet),
    clock.advance(1000);
    const web = await webSignUp(r.code);
    expect((await referralOf(web.user.id))?.referrerId).toBe(r.userId);
    // ...then links the same Telegram and pays.
    const code = `link-${++nonce}`;
    await db()
      .insert(telegramLinkCodes)
      .values({ userId: web.user.id, codeHash: hashToken(code), expiresAt: new Date(clock.ms + DAY) });
    expect(
      await redeemTelegramLink(ctx(), { code, telegramId: BigInt(telegramId), username: undefined }),
    ).toEqual({
      result: "linked",
      userId: web.user.id,
      language: "en",
    });
    const paidAt = clock.ms;
    await pay({ userId: web.user.id, telegramId });
    clock.ms = paidAt + 7 * DAY;
    expect(await giveDueReferralRewards(ctx())).toBe(0);
    expect(await referralOf(web.user.id)).toMatchObject({
      rewardedAt: null,
      voidedAt: new Date(paidAt + 7 * DAY),
    });
    expect(await creditsOf(r.userId)).toEqual([]);
    expect(await creditsOf(web.user.id)).toEqual([]);
    clock.ms = START;
  });

  it("is void when the qualifying payment is refunded during the hold", async () => {
    const r = await referrer();
    const friend = await friendThrough(r.code);
    const chargeId = await pay(friend);
    const [payment] = await db().select().from(starPayments).where(eq(starPayments.chargeId, chargeId));
    clock.advance(2 * DAY);
    await refundPayment(ctx(), payment?.id as string);
    expect(refunded).toContain(chargeId);
    expect((await referralOf(friend.userId))?.voidedAt?.getTime()).toBe(clock.ms);
    clock.advance(10 * DAY);
    expect(await giveDueReferralRewards(ctx())).toBe(0);
    expect(await creditsOf(r.userId)).toEqual([]);
    // Paying again later does not bring a voided reward back.
    await pay(friend);
    clock.advance(10 * DAY);
    expect(await giveDueReferralRewards(ctx())).toBe(0);
    expect((await referralOf(friend.userId))?.rewardedAt).toBeNull();
    clock.ms = START;
  });

  it("waits while a refund is under way (the payment marked refunded), and a refund after the reward takes nothing back", async () => {
    const r = await referrer();
    const friend = await friendThrough(r.code);
    const chargeId = await pay(friend);
    await db()
      .update(starPayments)
      .set({ refundedAt: clock.now() })
      .where(eq(starPayments.chargeId, chargeId));
    clock.advance(7 * DAY);
    expect(await giveDueReferralRewards(ctx())).toBe(0);
    // Telegram refused the refund: the payment stands and the reward is given.
    await db().update(starPayments).set({ refundedAt: null }).where(eq(starPayments.chargeId, chargeId));
    expect(await giveDueReferralRewards(ctx())).toBe(1);
    const [payment] = await db().select().from(starPayments).where(eq(starPayments.chargeId, chargeId));
    await refundPayment(ctx(), payment?.id as string);
    expect(await referralOf(friend.userId)).toMatchObject({ voidedAt: null });
    expect((await referralOf(friend.userId))?.rewardedAt).not.toBeNull();
    clock.ms = START;
  });

  it("counts an admin's approval of a paid tier as the first paid plan, not a free one", async () => {
    const r = await referrer();
    const friend = await friendThrough(r.code);
    const [free] = await db().select().from(membershipTiers).where(eq(membershipTiers.id, tier.free));
    const freeRequest = await requestTier(ctx(), friend.userId, free as typeof membershipTiers.$inferSelect);
    await decidePlanRequest(ctx(), freeRequest.id, true, admin.userId);
    expect((await referralOf(friend.userId))?.qualifiedAt).toBeNull();
    const [basic] = await db().select().from(membershipTiers).where(eq(membershipTiers.id, tier.basic));
    const request = await requestTier(ctx(), friend.userId, basic as typeof membershipTiers.$inferSelect);
    await decidePlanRequest(ctx(), request.id, true, admin.userId);
    expect(await referralOf(friend.userId)).toMatchObject({
      qualifyingChargeId: `request:${request.id}`,
      rewardDueAt: new Date(clock.ms + 7 * DAY),
    });
    // Out of the way of the next tests' counts.
    await db().update(referrals).set({ voidedAt: clock.now() }).where(eq(referrals.refereeId, friend.userId));
  });

  it("gives free days on a tier; a side whose plan already includes the tier gets nothing and is told so", async () => {
    await program({ enabled: true, rewardKind: "days", tierId: tier.basic, days: 10, credits: null });
    const r = await referrer();
    const friend = await friendThrough(r.code);
    await pay(friend);
    clock.advance(7 * DAY);
    expect(await giveDueReferralRewards(ctx())).toBe(1);
    const [grant] = await db().select().from(planGrants).where(eq(planGrants.userId, r.userId));
    expect(grant).toMatchObject({ kind: "referral", tierId: tier.basic });
    expect(grant?.endsAt.getTime()).toBe(clock.ms + 10 * DAY);
    // The friend pays for Basic already: no free days.
    expect(await db().select().from(planGrants).where(eq(planGrants.userId, friend.userId))).toEqual([]);
    expect(await rewardTexts(r.userId)).toEqual([
      "A friend you invited has kept their plan: you get 10 free days of Basic. Thank you!",
    ]);
    expect(await rewardTexts(friend.userId)).toEqual([
      "Your referral reward was 10 free days of Basic, which your plan already includes, so nothing was added.",
    ]);
    await program({ enabled: true, credits: "5.00" });
    clock.ms = START;
  });

  it("gives no free days on a tier made free since the reward was set, as a promo code gives none", async () => {
    const [spare] = await db()
      .insert(membershipTiers)
      .values({ name: "referral-spare", displayName: "Spare", priceMonthly: "9.00", tierLevel: 95 })
      .returning({ id: membershipTiers.id });
    if (!spare) throw new Error("tier not inserted");
    await program({ enabled: true, rewardKind: "days", tierId: spare.id, days: 10, credits: null });
    await db().update(membershipTiers).set({ priceMonthly: "0.00" }).where(eq(membershipTiers.id, spare.id));
    const r = await referrer();
    const friend = await friendThrough(r.code);
    await pay(friend);
    clock.advance(7 * DAY);
    expect(await giveDueReferralRewards(ctx())).toBe(1);
    expect(await db().select().from(planGrants).where(eq(planGrants.userId, r.userId))).toEqual([]);
    expect(await rewardTexts(r.userId)).toEqual([]);
    await program({ enabled: true, credits: "5.00" });
    clock.ms = START;
  });

  it("waits while the programme is off, and is given once it is on again", async () => {
    const r = await referrer();
    const friend = await friendThrough(r.code);
    await pay(friend);
    await program({ enabled: false });
    clock.advance(8 * DAY);
    expect(await giveDueReferralRewards(ctx())).toBe(0);
    await program({ enabled: true, credits: "5.00" });
    expect(await giveDueReferralRewards(ctx())).toBeGreaterThanOrEqual(1);
    expect(await creditsOf(r.userId)).toHaveLength(1);
    clock.ms = START;
  });
});

describe("the admin's programme", () => {
  it("reads and saves the settings; the list shows who brought whom and the totals", async () => {
    const saved = await program({ enabled: true, rewardKind: "days", tierId: tier.premium, days: 14 });
    expect(saved).toEqual({
      enabled: true,
      rewardKind: "days",
      credits: null,
      tierId: tier.premium,
      days: 14,
      holdDays: 7,
    });
    const read = await t.app.request("/api/admin/referrals/settings", { headers: bearer(admin.token) });
    expect(referralSettingsSchema.parse(await read.json())).toEqual(saved);
    await program({ enabled: true, credits: "5.00" });

    const r = await referrer();
    await db().update(profiles).set({ fullName: "Rita Referrer" }).where(eq(profiles.id, r.userId));
    const friend = await friendThrough(r.code);
    const res = await t.app.request("/api/admin/referrals", { headers: bearer(admin.token) });
    expect(res.status).toBe(200);
    const list = adminReferralsSchema.parse(await res.json());
    expect(list.referrals.find((row) => row.refereeId === friend.userId)).toMatchObject({
      referrerId: r.userId,
      referrerName: "Rita Referrer",
      refereeName: `Friend ${friend.telegramId}`,
      qualifiedAt: null,
      rewardedAt: null,
      voidedAt: null,
    });
    const all = await db().select().from(referrals);
    expect(list.totals).toEqual({
      joined: all.length,
      qualified: all.filter((row) => row.qualifiedAt).length,
      rewarded: all.filter((row) => row.rewardedAt).length,
      voided: all.filter((row) => row.voidedAt).length,
    });
  });

  it.each([
    [{}, "Say whether the programme is on"],
    [{ enabled: "yes", rewardKind: "credits", credits: "5.00" }, "Say whether the programme is on"],
    [
      { enabled: true, rewardKind: "points", credits: "5.00" },
      "Set the reward: an amount of credits, or a number of free days on a plan",
    ],
    [
      { enabled: true, rewardKind: "credits" },
      "Credits must be an amount above 0 with two decimals, at most 100000.00",
    ],
    [
      { enabled: true, rewardKind: "credits", credits: "0.00" },
      "Credits must be an amount above 0 with two decimals, at most 100000.00",
    ],
    [
      { enabled: true, rewardKind: "credits", credits: "5" },
      "Credits must be an amount above 0 with two decimals, at most 100000.00",
    ],
    [
      { enabled: true, rewardKind: "credits", credits: 5 },
      "Credits must be an amount above 0 with two decimals, at most 100000.00",
    ],
    [
      { enabled: true, rewardKind: "credits", credits: "999999.00" },
      "Credits must be an amount above 0 with two decimals, at most 100000.00",
    ],
    [{ enabled: true, rewardKind: "days", days: 5 }, "Choose the plan the free days are on"],
    [
      { enabled: true, rewardKind: "days", tierId: "not-an-id", days: 5 },
      "Choose the plan the free days are on",
    ],
    [
      { enabled: true, rewardKind: "days", tierId: "00000000-0000-4000-8000-000000000000" },
      "Free days are a whole number from 1 to 3650",
    ],
    [
      { enabled: true, rewardKind: "days", tierId: "00000000-0000-4000-8000-000000000000", days: 0 },
      "Free days are a whole number from 1 to 3650",
    ],
    [
      { enabled: true, rewardKind: "days", tierId: "00000000-0000-4000-8000-000000000000", days: 2.5 },
      "Free days are a whole number from 1 to 3650",
    ],
    [
      { enabled: true, rewardKind: "days", tierId: "00000000-0000-4000-8000-000000000000", days: 4000 },
      "Free days are a whole number from 1 to 3650",
    ],
  ])("refuses bad settings with 400, never 500: %j", async (body, message) => {
    const res = await putSettings(body);
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toEqual({ code: "bad_request", message });
  });

  it("refuses free days on a tier that does not exist or is switched off (404), and leaves the settings as they were", async () => {
    const before = await (
      await t.app.request("/api/admin/referrals/settings", { headers: bearer(admin.token) })
    ).json();
    for (const tierId of ["00000000-0000-4000-8000-000000000000", tier.retired]) {
      const res = await putSettings({ enabled: true, rewardKind: "days", tierId, days: 5 });
      expect(res.status).toBe(404);
    }
    const after = await (
      await t.app.request("/api/admin/referrals/settings", { headers: bearer(admin.token) })
    ).json();
    expect(after).toEqual(before);
  });

  it("refuses free days on a tier that costs nothing (400 days_on_free_tier), and leaves the settings as they were", async () => {
    const before = await (
      await t.app.request("/api/admin/referrals/settings", { headers: bearer(admin.token) })
    ).json();
    const res = await putSettings({ enabled: true, rewardKind: "days", tierId: tier.free, days: 5 });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({ reason: "days_on_free_tier" });
    const after = await (
      await t.app.request("/api/admin/referrals/settings", { headers: bearer(admin.token) })
    ).json();
    expect(after).toEqual(before);
  });

  it("is for admins only", async () => {
    const member = await createMember(t);
    const moderator = await createMember(t, { roles: ["moderator"] });
    for (const token of [member.token, moderator.token]) {
      expect(
        (await putSettings({ enabled: false, rewardKind: "credits", credits: "1.00" }, token)).status,
      ).toBe(403);
      expect((await t.app.request("/api/admin/referrals", { headers: bearer(token) })).status).toBe(403);
    }
    expect(
      (
        await db()
          .select()
          .from(referrals)
          .where(and(eq(referrals.referrerId, member.userId)))
      ).length,
    ).toBe(0);
  });
});

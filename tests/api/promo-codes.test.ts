import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionSchema } from "#api/contracts/auth";
import { promoCodeResultSchema, promoCodesSchema, redeemedPromoSchema } from "#api/contracts/promo-codes";
import {
  budgetCredits,
  membershipTiers,
  planGrants,
  profiles,
  promoCodes,
  promoRedemptions,
} from "#db/schema/index";
import {
  bearer,
  createMember,
  DAY,
  errorOf,
  jsonRequest,
  post,
  signInitData,
  TEST_BOT_TOKEN,
  TestClock,
} from "../helpers/accounts";
import { memberOnPlan, placeCreditOrder, testProduct } from "../helpers/credit-orders";
import { racing } from "../helpers/race";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { insertTestTiers, type TestTierName } from "../helpers/tiers";

// Promo codes (decision 112): admins make them, members redeem them; every refusal, the limits
// counted with the grant under real concurrency, and what a code brought. PGlite, and Postgres
// when DATABASE_URL is set.
const START = Date.parse("2026-12-10T09:00:00Z");
const clock = new TestClock(START);
let t: TestApp;
let tier: Record<TestTierName, string>;
let admin: { token: string };
let serial = 0;

beforeAll(async () => {
  t = await startTestApp({ now: clock.now, env: { PLAN_PAYMENTS: "manual", BOT_TOKEN: TEST_BOT_TOKEN } });
  tier = await insertTestTiers(t.services.database.db);
  admin = await createMember(t, { roles: ["admin"] });
});
afterAll(() => t.close());

const db = () => t.services.database.db;
const uniqueCode = (prefix = "Code") => `${prefix}${Date.now().toString(36)}${serial++}`;

const create = (body: unknown, token = admin.token) =>
  t.app.request("/api/admin/promo-codes", jsonRequest("POST", body, bearer(token)));
const redeem = (code: unknown, token: string) =>
  t.app.request("/api/me/promo", jsonRequest("POST", { code }, bearer(token)));

async function newCode(body: Record<string, unknown> = {}) {
  const res = await create({
    code: uniqueCode(),
    reward: { kind: "credits", amount: "10.00" },
    maxUses: 5,
    ...body,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return promoCodeResultSchema.parse(await res.json()).promoCode;
}

describe("POST /api/admin/promo-codes", () => {
  it("creates a code as written, and refuses the same letters in any case (409)", async () => {
    const code = uniqueCode("Summer");
    const res = await create({ code, reward: { kind: "days", tierId: tier.premium, days: 7 }, maxUses: 10 });
    expect(res.status).toBe(201);
    const { promoCode } = promoCodeResultSchema.parse(await res.json());
    expect(promoCode).toMatchObject({
      code,
      reward: { kind: "days", tierId: tier.premium, tierName: "Premium", days: 7 },
      maxUses: 10,
      usesPerMember: 1,
      uses: 0,
      isActive: true,
      brought: { members: 0, orders: 0, creditsSpent: "0.00" },
    });
    for (const again of [code.toLowerCase(), code.toUpperCase(), ` ${code} `]) {
      const dup = await create({ code: again, reward: { kind: "credits", amount: "1.00" }, maxUses: 1 });
      expect(dup.status).toBe(409);
      expect((await errorOf(dup)).message).toBe("A code with these letters already exists");
    }
  });

  it("refuses bad input with 400 (never 500), an unknown tier with 404, and members with 403", async () => {
    const bad = [
      { code: "has space", reward: { kind: "credits", amount: "1.00" }, maxUses: 1 },
      { code: "", reward: { kind: "credits", amount: "1.00" }, maxUses: 1 },
      { code: "x".repeat(33), reward: { kind: "credits", amount: "1.00" }, maxUses: 1 },
      { code: "Ok1", reward: { kind: "credits", amount: "0.00" }, maxUses: 1 },
      { code: "Ok2", reward: { kind: "credits", amount: "1" }, maxUses: 1 },
      { code: "Ok3", reward: { kind: "days", tierId: tier.basic, days: 0 }, maxUses: 1 },
      { code: "Ok4", reward: { kind: "days", days: 3 }, maxUses: 1 },
      { code: "Ok5", reward: { kind: "gift" }, maxUses: 1 },
      { code: "Ok6", reward: { kind: "credits", amount: "1.00" }, maxUses: 0 },
      { code: "Ok7", reward: { kind: "credits", amount: "1.00" }, maxUses: 1, usesPerMember: 0 },
      { code: "Ok8", reward: { kind: "credits", amount: "1.00" }, maxUses: 1, endsAt: "tomorrow" },
      {
        code: "Ok9",
        reward: { kind: "credits", amount: "1.00" },
        maxUses: 1,
        startsAt: "2026-12-20T00:00:00Z",
        endsAt: "2026-12-19T00:00:00Z",
      },
    ];
    for (const body of bad) expect((await create(body)).status, JSON.stringify(body)).toBe(400);
    const unknown = await create({
      code: uniqueCode(),
      reward: { kind: "days", tierId: "00000000-0000-4000-8000-000000000000", days: 3 },
      maxUses: 1,
    });
    expect(unknown.status).toBe(404);
    const member = await createMember(t);
    expect(
      (
        await create(
          { code: uniqueCode(), reward: { kind: "credits", amount: "1.00" }, maxUses: 1 },
          member.token,
        )
      ).status,
    ).toBe(403);
    expect((await t.app.request("/api/admin/promo-codes", { headers: bearer(member.token) })).status).toBe(
      403,
    );
    // Full-width letters and digits fold to the plain ones (NFKC).
    const folded = await create({
      code: "ＦＵＬＬ１",
      reward: { kind: "credits", amount: "1.00" },
      maxUses: 1,
    });
    expect(promoCodeResultSchema.parse(await folded.json()).promoCode.code).toBe("FULL1");
  });

  it("refuses free days on a tier that costs nothing (400), and makes no code", async () => {
    const code = uniqueCode("FreeDays");
    const res = await create({ code, reward: { kind: "days", tierId: tier.free, days: 7 }, maxUses: 10 });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toEqual({
      code: "bad_request",
      message: "Free days can only be given on a paid plan",
      reason: "days_on_free_tier",
    });
    expect(await db().select().from(promoCodes).where(eq(promoCodes.code, code))).toEqual([]);
  });
});

describe("POST /api/me/promo", () => {
  it("gives nothing once the code's tier costs nothing (410), so a tier made free since gives no free days", async () => {
    const [spare] = await db()
      .insert(membershipTiers)
      .values({ name: uniqueCode("spare"), displayName: "Spare", priceMonthly: "9.00", tierLevel: 90 })
      .returning({ id: membershipTiers.id });
    if (!spare) throw new Error("tier not inserted");
    const promo = await newCode({ reward: { kind: "days", tierId: spare.id, days: 5 } });
    await db().update(membershipTiers).set({ priceMonthly: "0.00" }).where(eq(membershipTiers.id, spare.id));
    const member = await createMember(t);
    const res = await redeem(promo.code, member.token);
    expect(res.status).toBe(410);
    expect(await errorOf(res)).toEqual({ code: "gone", message: "This code has expired" });
    expect(await db().select().from(planGrants).where(eq(planGrants.userId, member.userId))).toEqual([]);
    expect(
      await db().select().from(promoRedemptions).where(eq(promoRedemptions.userId, member.userId)),
    ).toEqual([]);
  });

  it("gives credits added to this month's budget, in any letter case, once per member", async () => {
    const promo = await newCode({ reward: { kind: "credits", amount: "12.50" } });
    const member = await createMember(t);
    const res = await redeem(promo.code.toLowerCase(), member.token);
    expect(res.status, await res.clone().text()).toBe(200);
    const body = redeemedPromoSchema.parse(await res.json());
    expect(body.reward).toEqual({ kind: "credits", amount: "12.50" });
    expect(body.budget).toMatchObject({ credits: "12.50", remaining: "12.50" });
    const again = await redeem(promo.code, member.token);
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe("You have already used this code");
  });

  it("gives free days on a tier, shown on the plan; refused when the plan already includes it", async () => {
    const promo = await newCode({ reward: { kind: "days", tierId: tier.basic, days: 5 } });
    const member = await createMember(t);
    const body = redeemedPromoSchema.parse(await (await redeem(promo.code, member.token)).json());
    expect(body.reward).toEqual({ kind: "days", tierId: tier.basic, tierName: "Basic", days: 5 });
    expect(body.plan.tier?.id).toBe(tier.basic);
    expect(body.plan.grant).toEqual({
      kind: "promo",
      tierId: tier.basic,
      tierName: "Basic",
      endsAt: new Date(START + 5 * DAY).toISOString(),
    });
    const onPremium = await createMember(t);
    // An admin's plan for this member, with no end.
    await db()
      .update(profiles)
      .set({ membershipTierId: tier.premium })
      .where(eq(profiles.id, onPremium.userId));
    const refused = await redeem(promo.code, onPremium.token);
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).message).toBe(
      "Your plan already includes this plan: this code gives nothing more",
    );
    // The refusal took no use.
    const [row] = await db().select().from(promoCodes).where(eq(promoCodes.id, promo.id));
    expect(row?.uses).toBe(1);
  });

  it("refuses: 404 unknown, 410 expired, not yet valid, switched off or used up, 400 malformed, 401 signed out", async () => {
    const member = await createMember(t);
    const expectRefusal = async (code: string, status: number, message: string) => {
      const res = await redeem(code, member.token);
      expect(res.status, code).toBe(status);
      expect((await errorOf(res)).message).toBe(message);
    };
    await expectRefusal("NoSuchCode", 404, "This code does not exist");
    const ended = await newCode({ endsAt: new Date(START - DAY).toISOString() });
    await expectRefusal(ended.code, 410, "This code has expired");
    const later = await newCode({ startsAt: new Date(START + DAY).toISOString() });
    await expectRefusal(later.code, 410, "This code is not valid yet");
    const off = await newCode();
    await t.app.request(
      `/api/admin/promo-codes/${off.id}`,
      jsonRequest("PATCH", { isActive: false }, bearer(admin.token)),
    );
    await expectRefusal(off.code, 410, "This code has expired");
    const one = await newCode({ maxUses: 1 });
    expect((await redeem(one.code, (await createMember(t)).token)).status).toBe(200);
    await expectRefusal(one.code, 410, "This code has expired: all its uses are taken");
    expect((await redeem("not a code!", member.token)).status).toBe(400);
    expect((await t.app.request("/api/me/promo", jsonRequest("POST", { code: one.code }))).status).toBe(401);
  });

  it("slows guessing: the 11th wrong code in 15 minutes is refused with 429; right codes do not count", async () => {
    const member = await createMember(t);
    for (let i = 0; i < 3; i++) {
      const promo = await newCode();
      expect((await redeem(promo.code, member.token)).status).toBe(200);
    }
    for (let i = 0; i < 10; i++) expect((await redeem(`Guess${i}`, member.token)).status).toBe(404);
    const limited = await redeem("Guess10", member.token);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBeTruthy();
  });

  it("100 members at once on a code with 10 uses: exactly 10 grants", async () => {
    await racing();
    const promo = await newCode({ maxUses: 10, reward: { kind: "days", tierId: tier.premium, days: 3 } });
    // Signed up a few at a time (the password queue refuses a crowd); then all redeem at once.
    const members: Awaited<ReturnType<typeof createMember>>[] = [];
    while (members.length < 100)
      members.push(...(await Promise.all([1, 2, 3, 4].map(() => createMember(t)))));
    const answers = await Promise.all(members.map((m) => redeem(promo.code, m.token)));
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 410)).toHaveLength(90);
    const winners = members.filter((_, i) => statuses[i] === 200).map((m) => m.userId);
    const redemptions = await db()
      .select()
      .from(promoRedemptions)
      .where(eq(promoRedemptions.promoCodeId, promo.id));
    expect(redemptions.map((r) => r.userId).sort()).toEqual([...winners].sort());
    const grants = await db().select().from(planGrants).where(eq(planGrants.kind, "promo"));
    expect(grants.filter((g) => members.some((m) => m.userId === g.userId))).toHaveLength(10);
    const [row] = await db().select().from(promoCodes).where(eq(promoCodes.id, promo.id));
    expect(row?.uses).toBe(10);
  }, 90_000); // 100 sign-ups first (argon2 at its real cost), then 100 requests at once

  it("one member firing 10 at once with one use each: exactly one grant", async () => {
    await racing();
    const promo = await newCode({ maxUses: 50, reward: { kind: "credits", amount: "3.00" } });
    const member = await createMember(t);
    const statuses = (
      await Promise.all(Array.from({ length: 10 }, () => redeem(promo.code, member.token)))
    ).map((res) => res.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    const credits = await db()
      .select()
      .from(budgetCredits)
      .where(and(eq(budgetCredits.userId, member.userId), eq(budgetCredits.sourceId, promo.id)));
    expect(credits).toHaveLength(1);
  });
});

describe("what a code brought, and changes to it", () => {
  it("counts members, their orders and credits spent since redeeming", async () => {
    const promo = await newCode({ reward: { kind: "credits", amount: "20.00" } });
    const before = await memberOnPlan(t, tier.free);
    const product = await testProduct(t, 50);
    expect((await redeem(promo.code, before.token)).status).toBe(200);
    await placeCreditOrder(t, before.token, product.id, 2);
    await placeCreditOrder(t, before.token, product.id, 1);
    const list = promoCodesSchema.parse(
      await (await t.app.request("/api/admin/promo-codes", { headers: bearer(admin.token) })).json(),
    );
    const mine = list.promoCodes.find((p) => p.id === promo.id);
    expect(mine).toMatchObject({ uses: 1, brought: { members: 1, orders: 2, creditsSpent: "15.00" } });
  });

  it("PATCH changes its limits and dates, never total uses below the uses so far (409)", async () => {
    const promo = await newCode({ maxUses: 3 });
    await redeem(promo.code, (await createMember(t)).token);
    await redeem(promo.code, (await createMember(t)).token);
    const patch = (body: unknown, id = promo.id) =>
      t.app.request(`/api/admin/promo-codes/${id}`, jsonRequest("PATCH", body, bearer(admin.token)));
    expect((await patch({ maxUses: 1 })).status).toBe(409);
    // The id in upper case names the same code (tests/api/id-case.test.ts).
    const ok = await patch(
      { maxUses: 2, usesPerMember: 2, endsAt: "2027-01-01T00:00:00Z" },
      promo.id.toUpperCase(),
    );
    expect(ok.status).toBe(200);
    expect(promoCodeResultSchema.parse(await ok.json()).promoCode).toMatchObject({
      maxUses: 2,
      usesPerMember: 2,
      endsAt: "2027-01-01T00:00:00.000Z",
    });
    expect((await patch({ startsAt: "2027-02-01T00:00:00Z" })).status).toBe(400);
    expect((await patch({ maxUses: "many" })).status).toBe(400);
    expect((await patch({ isActive: false }, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });
});

describe("uses per member count per person (decision 115)", () => {
  let nextTelegramId = 5_001_000;
  /** Signs in through a Telegram launch as Telegram signs it: the account of that Telegram id. */
  async function telegramSignIn(telegramId: number) {
    clock.advance(1000);
    const initData = signInitData({ id: telegramId, first_name: "Member" }, clock.now());
    const res = await t.app.request("/api/auth/telegram", post({ initData }));
    expect(res.status).toBe(200);
    const session = sessionSchema.parse(await res.json());
    return { token: session.token, userId: session.user.id };
  }
  const deleteAccount = async (token: string, confirmation = "DELETE") =>
    (await t.app.request("/api/me", jsonRequest("DELETE", { confirmation }, bearer(token)))).status;
  let mailbox = 0;
  /** A Gmail mailbox of its own for this test: its local part, letters and digits. */
  const gmailLocal = () => `alice${Date.now().toString(36)}${++mailbox}`;

  it("the issue's scenario: a Telegram member who deletes the account and signs in again cannot redeem again (409)", async () => {
    const promo = await newCode({ reward: { kind: "credits", amount: "40.00" }, maxUses: 100 });
    const telegramId = nextTelegramId++;
    const first = await telegramSignIn(telegramId);
    expect((await redeem(promo.code, first.token)).status).toBe(200);
    const ageOk = jsonRequest("POST", { confirmed: true }, bearer(first.token));
    expect((await t.app.request("/api/me/age-verification", ageOk)).status).toBe(200);
    await placeCreditOrder(t, first.token, (await testProduct(t, 50)).id, 2);
    expect(await deleteAccount(first.token)).toBe(200);
    const again = await telegramSignIn(telegramId);
    expect(again.userId).not.toBe(first.userId);
    const refused = await redeem(promo.code, again.token);
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).message).toBe("You have already used this code");
    expect(await db().select().from(budgetCredits).where(eq(budgetCredits.userId, again.userId))).toEqual([]);
    // Another person is not held back by it.
    expect((await redeem(promo.code, (await telegramSignIn(nextTelegramId++)).token)).status).toBe(200);
  });

  it("counts every use of the person: two uses each, across a deleted account", async () => {
    const promo = await newCode({ usesPerMember: 2, maxUses: 100 });
    const telegramId = nextTelegramId++;
    const first = await telegramSignIn(telegramId);
    expect((await redeem(promo.code, first.token)).status).toBe(200);
    expect(await deleteAccount(first.token)).toBe(200);
    const second = await telegramSignIn(telegramId);
    expect((await redeem(promo.code, second.token)).status).toBe(200);
    expect((await redeem(promo.code, second.token)).status).toBe(409);
  });

  it("one mailbox is one person: of the issue's four Gmail addresses, each proven, only the first redeems", async () => {
    const promo = await newCode({ maxUses: 100 });
    const local = gmailLocal();
    const [dotted = "", ...others] = [
      `${local.slice(0, 5)}.${local.slice(5)}@gmail.com`,
      `${local}@gmail.com`,
      `${local.slice(0, 5)}.${local.slice(5)}+1@gmail.com`,
      `${local.slice(0, 5)}.${local.slice(5)}@googlemail.com`,
    ];
    const first = await createMember(t, { email: dotted, emailVerified: true });
    expect((await redeem(promo.code, first.token)).status).toBe(200);
    for (const email of others) {
      const member = await createMember(t, { email, emailVerified: true });
      const res = await redeem(promo.code, member.token);
      expect(res.status, email).toBe(409);
      expect((await errorOf(res)).message).toBe("You have already used this code");
    }
    // An unproven address names nobody: that account counts by itself, as before.
    const unproven = await createMember(t, { email: `${local}+2@gmail.com` });
    expect((await redeem(promo.code, unproven.token)).status).toBe(200);
  });

  it("two accounts of one mailbox firing five each at once: exactly one grant", async () => {
    await racing();
    const promo = await newCode({ maxUses: 100, reward: { kind: "credits", amount: "2.00" } });
    const local = gmailLocal();
    const members = [
      await createMember(t, { email: `${local}@gmail.com`, emailVerified: true }),
      await createMember(t, {
        email: `${local.slice(0, 3)}.${local.slice(3)}@googlemail.com`,
        emailVerified: true,
      }),
    ];
    const answers = await Promise.all(
      members.flatMap((m) => Array.from({ length: 5 }, () => redeem(promo.code, m.token))),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    const [row] = await db().select().from(promoCodes).where(eq(promoCodes.id, promo.id));
    expect(row?.uses).toBe(1);
  });
});

import { eq } from "drizzle-orm";
import type { Update } from "grammy/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoiceSchema, starPaymentResultSchema, starPaymentsSchema } from "#api/contracts/plan-payments";
import { planSchema } from "#api/contracts/plans";
import { recordPlanPayment } from "#api/domain/plans";
import { createApp } from "#api/http/app";
import {
  membershipHistory,
  membershipTiers,
  profiles,
  referrals,
  starPayments,
  users,
} from "#db/schema/index";
import { bearer, createMember, DAY, errorOf, post, TestClock } from "../helpers/accounts";
import { startBotApp } from "../helpers/bot-app";
import { drainOutbox } from "../helpers/drain-outbox";
import type { FakeBotApi } from "../helpers/fake-bot-api";
import { preCheckout as preCheckoutOf } from "../helpers/pre-checkout";
import { eventually, type TestApp } from "../helpers/test-app";
import { insertTestTiers, type TestTierName } from "../helpers/tiers";

// PLAN_PAYMENTS=stars: the real bot (grammY) against a fake Bot API server, the routes using its notifier.
const clock = new TestClock(Date.parse("2026-11-10T12:00:00Z"));
const MEMBER_TG = 8101;
const OTHER_TG = 8102;
const ADMIN_TG = 8199;
let fake: FakeBotApi;
let t: TestApp;
let app: ReturnType<typeof createApp>;
let close: () => Promise<void>;
let tier: Record<TestTierName, string>;
let admin: Awaited<ReturnType<typeof createMember>>;
let nextCharge = 1;

beforeAll(async () => {
  ({ fake, t, app, close } = await startBotApp(
    { PLAN_PAYMENTS: "stars", SESSION_TTL_DAYS: "365" },
    { now: clock.now },
  ));
  tier = await insertTestTiers(t.services.database.db);
  admin = await createMember(t, { roles: ["admin"] });
  // The admin has Telegram, so payments that are not applied reach them (decision 116).
  await db()
    .update(users)
    .set({ telegramId: BigInt(ADMIN_TG) })
    .where(eq(users.id, admin.userId));
  // They started the bot: it may write to them (decision 106).
  await db().update(profiles).set({ botWritableAt: new Date() }).where(eq(profiles.id, admin.userId));
});
afterAll(() => close());

const db = () => t.services.database.db;
async function telegramMember(telegramId: number) {
  const member = await createMember(t);
  await db()
    .update(users)
    .set({ telegramId: BigInt(telegramId) })
    .where(eq(users.id, member.userId));
  return member;
}
const invoiceFor = async (token: string, tierId: string) => {
  const res = await app.request("/api/me/plan/invoice", post({ tierId }, bearer(token)));
  expect(res.status).toBe(200);
  invoiceSchema.parse(await res.json());
  const call = fake.callsTo("createInvoiceLink").at(-1);
  return String(call?.payload.payload);
};
const planOf = async (token: string) =>
  planSchema.parse(await (await app.request("/api/me/plan", { headers: bearer(token) })).json());

const preCheckout = (from: number, payload: string, amount: number, currency = "XTR") =>
  preCheckoutOf(fake, from, payload, amount, currency);

/** The payment Telegram reports after it went through. */
function successfulPayment(
  from: number,
  payload: string,
  stars: number,
  options: { chargeId?: string; expiresAt: Date; renewal?: boolean; currency?: string },
): { chargeId: string; update: Update } {
  const chargeId = options.chargeId ?? `charge-${nextCharge++}`;
  const update = fake.push({
    message: {
      message_id: 1000 + nextCharge,
      date: Math.floor(clock.now().getTime() / 1000),
      chat: { id: from, type: "private", first_name: "M" },
      from: { id: from, is_bot: false, first_name: "M" },
      successful_payment: {
        currency: options.currency ?? "XTR",
        total_amount: stars,
        invoice_payload: payload,
        telegram_payment_charge_id: chargeId,
        provider_payment_charge_id: "",
        subscription_expiration_date: Math.floor(options.expiresAt.getTime() / 1000),
        is_recurring: true,
        ...(options.renewal ? {} : { is_first_recurring: true }),
      },
    },
  } as Omit<Update, "update_id">);
  return { chargeId, update };
}
const paymentsOf = (chargeId: string) =>
  db().select().from(starPayments).where(eq(starPayments.chargeId, chargeId));
/** The staff notices queued in the background, sent by the outbox. */
const adminNotices = async () => {
  await t.services.background.drain();
  await drainOutbox(t.services, fake);
  return repliesTo(ADMIN_TG);
};
const repliesTo = (chatId: number) =>
  fake
    .callsTo("sendMessage")
    .filter((c) => c.payload.chat_id === chatId)
    .map((c) => String(c.payload.text));

describe("a Stars subscription invoice", () => {
  it("is made by the bot: XTR, one price, 30 days, a payload naming member, tier and a nonce", async () => {
    const member = await telegramMember(8001);
    const res = await app.request("/api/me/plan/invoice", post({ tierId: tier.basic }, bearer(member.token)));
    expect(res.status).toBe(200);
    const { invoiceUrl } = invoiceSchema.parse(await res.json());
    const call = fake.callsTo("createInvoiceLink").at(-1);
    expect(invoiceUrl).toBe(call?.result);
    expect(call?.payload).toMatchObject({
      title: "Basic plan",
      currency: "XTR",
      provider_token: "",
      prices: [{ label: "Basic plan", amount: 250 }],
      subscription_period: 2592000,
    });
    expect(String(call?.payload.payload)).toMatch(
      new RegExp(`^plan:${member.userId}:${tier.basic}:[A-Za-z0-9_-]{16}$`),
    );
  });

  it("is refused for a web member, a free tier, a tier without a Stars price; 404 for an inactive one", async () => {
    const web = await createMember(t);
    const tg = await telegramMember(8002);
    const cases: [string, string, number, string][] = [
      [web.token, tier.basic, 409, "This plan is not sold for Telegram Stars"],
      [tg.token, tier.free, 409, "This plan is not sold for Telegram Stars"],
      [tg.token, tier.premium, 409, "This plan is not sold for Telegram Stars"],
      [tg.token, tier.retired, 404, "Plan not found"],
    ];
    for (const [token, tierId, status, message] of cases) {
      const res = await app.request("/api/me/plan/invoice", post({ tierId }, bearer(token)));
      expect(res.status).toBe(status);
      expect((await errorOf(res)).message).toBe(message);
    }
    expect((await app.request("/api/me/plan/invoice", post({ tierId: tier.basic }))).status).toBe(401);
  });

  it("says so when the bot is off", async () => {
    const member = await telegramMember(8003);
    const botOff = createApp({ ...t.services, staticDir: undefined });
    const res = await botOff.request(
      "/api/me/plan/invoice",
      post({ tierId: tier.basic }, bearer(member.token)),
    );
    expect(res.status).toBe(503);
    expect((await errorOf(res)).message).toBe(
      "Payments through Telegram are not available right now. Please try again later.",
    );
  });
});

describe("pre-checkout", () => {
  it("goes ahead for the member's own invoice at its price", async () => {
    const member = await telegramMember(MEMBER_TG);
    const payload = await invoiceFor(member.token, tier.basic);
    expect(await preCheckout(MEMBER_TG, payload, 250)).toMatchObject({ ok: true });
  });

  it("goes ahead for an invoice whose tier was named in upper case: the payload names it in lower case", async () => {
    const member = await telegramMember(8030);
    const payload = await invoiceFor(member.token, tier.basic.toUpperCase());
    expect(payload).toMatch(new RegExp(`^plan:${member.userId}:${tier.basic}:`));
    expect(await preCheckout(8030, payload, 250)).toMatchObject({ ok: true });
  });

  it("refuses another account, a changed price, another currency, a switched-off tier and a payload not ours", async () => {
    const member = await telegramMember(8004);
    const payload = await invoiceFor(member.token, tier.basic);
    expect(await preCheckout(OTHER_TG, payload, 250)).toEqual(
      expect.objectContaining({ ok: false, error_message: "This invoice belongs to another account." }),
    );
    expect((await preCheckout(8004, payload, 250, "USD")).error_message).toBe(
      "This plan's price has changed. Please open the plan again.",
    );
    await db().update(membershipTiers).set({ priceStars: 300 }).where(eq(membershipTiers.id, tier.basic));
    try {
      expect((await preCheckout(8004, payload, 250)).error_message).toBe(
        "This plan's price has changed. Please open the plan again.",
      );
    } finally {
      await db().update(membershipTiers).set({ priceStars: 250 }).where(eq(membershipTiers.id, tier.basic));
    }
    await db().update(membershipTiers).set({ isActive: false }).where(eq(membershipTiers.id, tier.basic));
    try {
      expect((await preCheckout(8004, payload, 250)).error_message).toBe("This plan is no longer available");
    } finally {
      await db().update(membershipTiers).set({ isActive: true }).where(eq(membershipTiers.id, tier.basic));
    }
    for (const forged of ["plan:x:y:z", payload.replace(/:[^:]+$/, ":AAAAAAAAAAAAAAAA"), "other"]) {
      expect((await preCheckout(8004, forged, 250)).error_message).toBe(
        "This invoice is no longer valid. Please open the plan again.",
      );
    }
  });
});

describe("successful payments, renewals, expiry", () => {
  it("grant the tier once per charge id, renewals extend it, and it ends when unpaid time runs out", async () => {
    const member = await telegramMember(8010);
    const payload = await invoiceFor(member.token, tier.basic);
    const firstEnd = new Date(clock.now().getTime() + 30 * DAY);
    const first = successfulPayment(8010, payload, 250, { expiresAt: firstEnd });
    await eventually(async () => expect((await planOf(member.token)).tier?.displayName).toBe("Basic"));
    expect((await planOf(member.token)).subscription).toMatchObject({
      tierName: "Basic",
      stars: 250,
      expiresAt: firstEnd.toISOString(),
    });
    await eventually(async () => expect(repliesTo(8010)).toEqual(["Thank you! Your plan is now Basic."]));

    // Telegram delivers the same payment again (a new update, the same charge): nothing more happens.
    const again = await recordPlanPayment(t.services, {
      payload,
      fromId: 8010,
      currency: "XTR",
      totalAmount: 250,
      chargeId: first.chargeId,
      expiresAt: Math.floor(firstEnd.getTime() / 1000),
      isRecurring: true,
      isFirstRecurring: true,
    });
    expect(again).toBeUndefined();
    expect(await paymentsOf(first.chargeId)).toHaveLength(1);

    // A renewal 30 days on: a new charge, the subscription runs to the new end.
    clock.advance(30 * DAY - 60_000);
    const secondEnd = new Date(firstEnd.getTime() + 30 * DAY);
    const renewal = successfulPayment(8010, payload, 250, { expiresAt: secondEnd, renewal: true });
    await eventually(async () =>
      expect((await planOf(member.token)).subscription?.expiresAt).toBe(secondEnd.toISOString()),
    );
    expect((await paymentsOf(renewal.chargeId))[0]?.renewal).toBe(true);
    await eventually(async () =>
      expect(repliesTo(8010)).toContain(
        `Your Basic plan was renewed until ${secondEnd.toISOString().slice(0, 10)}.`,
      ),
    );

    // No renewal comes: the plan stays, payment due, for PLAN_GRACE_DAYS (3); then the member is
    // back on level 1, and the history says why.
    clock.ms = secondEnd.getTime() + 1000;
    const due = await planOf(member.token);
    expect(due.tier?.displayName).toBe("Basic");
    expect(due.subscription?.paymentDue).toBe(true);
    clock.ms = secondEnd.getTime() + 3 * DAY + 1000;
    const plan = await planOf(member.token);
    expect(plan.tier?.displayName).toBe("Free");
    expect(plan.subscription).toBeNull();
    const reasons = (
      await db().select().from(membershipHistory).where(eq(membershipHistory.userId, member.userId))
    ).map((row) => row.reason);
    expect(reasons).toEqual(["Payment not received"]);
    clock.ms = Date.parse("2026-11-10T12:00:00Z");
  });
});

describe("refunds", () => {
  const payFor = async (telegramId: number) => {
    const member = await telegramMember(telegramId);
    const payload = await invoiceFor(member.token, tier.basic);
    const paid = successfulPayment(telegramId, payload, 250, {
      expiresAt: new Date(clock.now().getTime() + 30 * DAY),
    });
    await eventually(async () => expect(await paymentsOf(paid.chargeId)).toHaveLength(1));
    const [row] = await paymentsOf(paid.chargeId);
    return { member, chargeId: paid.chargeId, paymentId: row?.id ?? "" };
  };
  const refund = (paymentId: string, token = admin.token) =>
    app.request(`/api/admin/payments/${paymentId}/refund`, post({}, bearer(token)));

  it("admins see the payments and refund one: Telegram refunds, the subscription is cancelled and ends now", async () => {
    const { member, chargeId, paymentId } = await payFor(8020);
    const list = await app.request("/api/admin/payments", { headers: bearer(admin.token) });
    expect(
      starPaymentsSchema.parse(await list.json()).payments.find((p) => p.id === paymentId),
    ).toMatchObject({
      tierName: "Basic",
      stars: 250,
      chargeId,
      renewal: false,
      refundedAt: null,
    });
    const res = await refund(paymentId);
    expect(res.status).toBe(200);
    expect(starPaymentResultSchema.parse(await res.json()).payment.refundedAt).not.toBeNull();
    expect(fake.callsTo("refundStarPayment").at(-1)?.payload).toEqual({
      user_id: 8020,
      telegram_payment_charge_id: chargeId,
    });
    expect(fake.callsTo("editUserStarSubscription").at(-1)?.payload).toEqual({
      user_id: 8020,
      telegram_payment_charge_id: chargeId,
      is_canceled: true,
    });
    const plan = await planOf(member.token);
    expect(plan.tier?.displayName).toBe("Free");
    expect(plan.subscription).toBeNull();
  });

  it("refunds a payment named in upper case, once", async () => {
    const { paymentId } = await payFor(8031);
    const res = await refund(paymentId.toUpperCase());
    expect(res.status).toBe(200);
    expect(starPaymentResultSchema.parse(await res.json()).payment.id).toBe(paymentId);
    expect((await refund(paymentId)).status).toBe(409);
  });

  it("refunds once: two admins at the same moment get one 200 and one 409", async () => {
    const { paymentId } = await payFor(8021);
    const other = await createMember(t, { roles: ["admin"] });
    const before = fake.callsTo("refundStarPayment").length;
    const answers = await Promise.all([refund(paymentId), refund(paymentId, other.token)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(fake.callsTo("refundStarPayment").length).toBe(before + 1);
  });

  it("a refusal by Telegram is said and the payment stands", async () => {
    const { member, paymentId } = await payFor(8022);
    fake.failNext("refundStarPayment", { error_code: 400, description: "Bad Request: CHARGE_NOT_FOUND" });
    const res = await refund(paymentId);
    expect(res.status).toBe(503);
    expect((await errorOf(res)).message).toBe(
      "Telegram refused the refund: 400: Bad Request: CHARGE_NOT_FOUND",
    );
    const [row] = await db().select().from(starPayments).where(eq(starPayments.id, paymentId));
    expect(row?.refundedAt).toBeNull();
    expect((await planOf(member.token)).tier?.displayName).toBe("Basic");
  });

  it("is for admins only; unknown payments are 404", async () => {
    const { paymentId } = await payFor(8023);
    const staff = await createMember(t, { roles: ["moderator"] });
    expect((await refund(paymentId, staff.token)).status).toBe(403);
    expect((await app.request("/api/admin/payments", { headers: bearer(staff.token) })).status).toBe(403);
    const missing = await refund("00000000-0000-4000-8000-000000000000");
    expect(missing.status).toBe(404);
    expect((await errorOf(missing)).message).toBe("Payment not found");
  });
});

describe("payments that are not applied (decision 116)", () => {
  const NOT_APPLIED =
    "We received your payment, but it could not be applied to your plan, so nothing has changed. An admin will look at it.";
  const adminNotice = (amount: string, payer: number, why: string) =>
    `Payment not applied: ${amount} from Telegram user ${payer}, because ${why}. See Administration › Memberships to refund it.`;
  const listed = async (chargeId: string) => {
    const res = await app.request("/api/admin/payments", { headers: bearer(admin.token) });
    expect(res.status).toBe(200);
    return starPaymentsSchema.parse(await res.json()).payments.find((p) => p.chargeId === chargeId);
  };
  const refund = (paymentId: string) =>
    app.request(`/api/admin/payments/${paymentId}/refund`, post({}, bearer(admin.token)));
  const in30Days = () => new Date(clock.now().getTime() + 30 * DAY);

  it("money for an invoice whose account was deleted is kept unmatched, once; payer and admins are told; Refund gives the Stars back and nothing else", async () => {
    const member = await telegramMember(8040);
    const payload = await invoiceFor(member.token, tier.basic);
    await db().delete(users).where(eq(users.id, member.userId));
    const paid = successfulPayment(8040, payload, 250, { expiresAt: in30Days() });
    await eventually(async () =>
      expect(await paymentsOf(paid.chargeId)).toEqual([
        expect.objectContaining({
          userId: null,
          telegramId: 8040n,
          tierId: null,
          tierName: null,
          stars: 250,
          currency: "XTR",
          providerChargeId: null,
          flag: "account_gone",
          refundedAt: null,
        }),
      ]),
    );
    await eventually(async () => expect(repliesTo(8040)).toEqual([NOT_APPLIED]));
    await eventually(async () =>
      expect(await adminNotices()).toContain(
        adminNotice("250 Stars", 8040, "the account it was for has been deleted"),
      ),
    );
    // Telegram delivers it again: still one row, and no second grant or message.
    const again = await recordPlanPayment(t.services, {
      payload,
      fromId: 8040,
      currency: "XTR",
      totalAmount: 250,
      chargeId: paid.chargeId,
      providerChargeId: "",
      expiresAt: undefined,
      isRecurring: true,
      isFirstRecurring: true,
    });
    expect(again).toBeUndefined();
    expect(await paymentsOf(paid.chargeId)).toHaveLength(1);

    const payment = await listed(paid.chargeId);
    expect(payment).toMatchObject({
      userId: null,
      userName: null,
      telegramId: "8040",
      tierName: null,
      stars: 250,
      currency: "XTR",
      providerChargeId: null,
      flag: "account_gone",
      refundedAt: null,
    });
    const edits = fake.callsTo("editUserStarSubscription").length;
    const res = await refund(payment?.id ?? "");
    expect(res.status, await res.clone().text()).toBe(200);
    expect(starPaymentResultSchema.parse(await res.json()).payment.refundedAt).not.toBeNull();
    expect(fake.callsTo("refundStarPayment").at(-1)?.payload).toEqual({
      user_id: 8040,
      telegram_payment_charge_id: paid.chargeId,
    });
    // It granted no subscription, so none is cancelled.
    expect(fake.callsTo("editUserStarSubscription")).toHaveLength(edits);
  });

  it("money whose payload names no invoice of ours is kept unmatched and told", async () => {
    const paid = successfulPayment(8041, "plan:not:ours:at-all", 75, { expiresAt: in30Days() });
    await eventually(async () =>
      expect(await paymentsOf(paid.chargeId)).toEqual([
        expect.objectContaining({ userId: null, telegramId: 8041n, stars: 75, flag: "unknown_invoice" }),
      ]),
    );
    await eventually(async () => expect(repliesTo(8041)).toEqual([NOT_APPLIED]));
    await eventually(async () =>
      expect(await adminNotices()).toContain(
        adminNotice("75 Stars", 8041, "it names no invoice of this shop"),
      ),
    );
  });

  it("a payment that does not match its invoice grants nothing, qualifies no referral, is flagged with why, and is told", async () => {
    const cases = [
      {
        telegramId: 8050,
        payer: 8050,
        amount: 1,
        currency: "XTR",
        flag: "amount",
        why: "its amount is not the invoice's",
        shown: "1 Star",
      },
      {
        telegramId: 8051,
        payer: 8051,
        amount: 250,
        currency: "USD",
        flag: "currency",
        why: "its currency is not the invoice's",
        shown: "$2.50",
      },
      {
        telegramId: 8052,
        payer: 8059,
        amount: 250,
        currency: "XTR",
        flag: "other_payer",
        why: "it was paid by someone other than the invoice's member",
        shown: "250 Stars",
      },
    ] as const;
    const referrer = await createMember(t);
    for (const c of cases) {
      const member = await telegramMember(c.telegramId);
      await db().insert(referrals).values({ refereeId: member.userId, referrerId: referrer.userId });
      const before = await planOf(member.token);
      const payload = await invoiceFor(member.token, tier.basic);
      const paid = successfulPayment(c.payer, payload, c.amount, {
        expiresAt: in30Days(),
        currency: c.currency,
      });
      await eventually(async () =>
        expect(await paymentsOf(paid.chargeId)).toEqual([
          expect.objectContaining({
            userId: c.flag === "other_payer" ? null : member.userId,
            telegramId: BigInt(c.payer),
            stars: c.amount,
            currency: c.currency,
            flag: c.flag,
          }),
        ]),
      );
      await eventually(async () => expect(repliesTo(c.payer)).toEqual([NOT_APPLIED]));
      await eventually(async () =>
        expect(await adminNotices()).toContain(adminNotice(c.shown, c.payer, c.why)),
      );
      const after = await planOf(member.token);
      expect(after.tier?.displayName).toBe(before.tier?.displayName);
      expect(after.subscription).toBeNull();
      const [referral] = await db().select().from(referrals).where(eq(referrals.refereeId, member.userId));
      expect(referral?.qualifiedAt).toBeNull();
      expect((await listed(paid.chargeId))?.flag).toBe(c.flag);
    }
  });

  it("a first payment for a tier switched off meanwhile grants nothing and is flagged", async () => {
    const member = await telegramMember(8053);
    const payload = await invoiceFor(member.token, tier.basic);
    await db().update(membershipTiers).set({ isActive: false }).where(eq(membershipTiers.id, tier.basic));
    try {
      const paid = successfulPayment(8053, payload, 250, { expiresAt: in30Days() });
      await eventually(async () =>
        expect(await paymentsOf(paid.chargeId)).toEqual([
          expect.objectContaining({ userId: member.userId, tierName: "Basic", flag: "tier_not_sold" }),
        ]),
      );
      await eventually(async () =>
        expect(await adminNotices()).toContain(adminNotice("250 Stars", 8053, "its plan is no longer sold")),
      );
      expect((await planOf(member.token)).subscription).toBeNull();
    } finally {
      await db().update(membershipTiers).set({ isActive: true }).where(eq(membershipTiers.id, tier.basic));
    }
  });

  it("a Stars renewal carries the first invoice's payload and price: granted after the Stars price changed and after the tier was switched off", async () => {
    const member = await telegramMember(8054);
    const payload = await invoiceFor(member.token, tier.basic);
    const firstEnd = in30Days();
    successfulPayment(8054, payload, 250, { expiresAt: firstEnd });
    await eventually(async () => expect((await planOf(member.token)).subscription).not.toBeNull());
    await db()
      .update(membershipTiers)
      .set({ priceStars: 300, isActive: false })
      .where(eq(membershipTiers.id, tier.basic));
    try {
      const secondEnd = new Date(firstEnd.getTime() + 30 * DAY);
      const renewal = successfulPayment(8054, payload, 250, { expiresAt: secondEnd, renewal: true });
      await eventually(async () =>
        expect((await planOf(member.token)).subscription?.expiresAt).toBe(secondEnd.toISOString()),
      );
      expect(await paymentsOf(renewal.chargeId)).toEqual([
        expect.objectContaining({ renewal: true, flag: null, userId: member.userId }),
      ]);
    } finally {
      await db()
        .update(membershipTiers)
        .set({ priceStars: 250, isActive: true })
        .where(eq(membershipTiers.id, tier.basic));
    }
  });

  it("a Stars payment is not marked refunded by hand: it is refunded through Telegram", async () => {
    const member = await telegramMember(8055);
    const payload = await invoiceFor(member.token, tier.basic);
    const paid = successfulPayment(8055, payload, 250, { expiresAt: in30Days() });
    await eventually(async () => expect(await paymentsOf(paid.chargeId)).toHaveLength(1));
    const [row] = await paymentsOf(paid.chargeId);
    const res = await app.request(
      `/api/admin/payments/${row?.id}/mark-refunded`,
      post({}, bearer(admin.token)),
    );
    expect(res.status).toBe(409);
    expect((await errorOf(res)).message).toBe(
      "This payment was made in Telegram Stars: refund it through Telegram",
    );
    expect((await paymentsOf(paid.chargeId))[0]?.refundedAt).toBeNull();
  });
});

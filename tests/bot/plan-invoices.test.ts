import { eq } from "drizzle-orm";
import type { Update } from "grammy/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  invoiceSchema,
  planSubscriptionSchema,
  starPaymentResultSchema,
  starPaymentsSchema,
} from "#api/contracts/plan-payments";
import { planSchema } from "#api/contracts/plans";
import { enqueuePlanReminders, lapsePlans } from "#api/domain/plans";
import type { createApp } from "#api/http/app";
import {
  membershipHistory,
  membershipTiers,
  profiles,
  referrals,
  starPayments,
  users,
} from "#db/schema/index";
import { bearer, createMember, DAY, errorOf, HOUR, post, TestClock } from "../helpers/accounts";
import { startBotApp } from "../helpers/bot-app";
import { drainOutbox, keyboardOf, sendsTo } from "../helpers/drain-outbox";
import type { FakeBotApi } from "../helpers/fake-bot-api";
import { preCheckout as preCheckoutOf } from "../helpers/pre-checkout";
import { queuedFor } from "../helpers/queued-messages";
import { eventually, type TestApp } from "../helpers/test-app";
import { insertTestTiers, type TestTierName } from "../helpers/tiers";

// PLAN_PAYMENTS=invoice (decision 109): Telegram Payments through a payment provider, one 30-day
// period per invoice, the same reminders and grace, delivered by the outbox's sender. The real bot
// against the fake Bot API. PGlite, and Postgres when DATABASE_URL is set.
const START = Date.parse("2026-12-01T09:00:00Z");
const clock = new TestClock(START);
const PROVIDER_TOKEN = "284685063:TEST:provider-token";
let fake: FakeBotApi;
let t: TestApp;
let app: ReturnType<typeof createApp>;
let close: () => Promise<void>;
let tier: Record<TestTierName, string>;
let admin: Awaited<ReturnType<typeof createMember>>;
let nextTelegramId = 8_600;
let nextCharge = 1;

beforeAll(async () => {
  ({ fake, t, app, close } = await startBotApp(
    {
      PLAN_PAYMENTS: "invoice",
      PAYMENT_PROVIDER_TOKEN: PROVIDER_TOKEN,
      PAYMENT_CURRENCY: "eur",
      SESSION_TTL_DAYS: "365",
      PLAN_GRACE_DAYS: "3",
    },
    { now: clock.now },
  ));
  tier = await insertTestTiers(t.services.database.db);
  admin = await createMember(t, { roles: ["admin"] });
});
afterAll(() => close());

const db = () => t.services.database.db;
const planOf = async (token: string) =>
  planSchema.parse(await (await app.request("/api/me/plan", { headers: bearer(token) })).json());

async function telegramMember() {
  const telegramId = nextTelegramId++;
  const member = await createMember(t);
  await db()
    .update(users)
    .set({ telegramId: BigInt(telegramId) })
    .where(eq(users.id, member.userId));
  await db()
    .update(profiles)
    .set({ botWritableAt: new Date(START) })
    .where(eq(profiles.id, member.userId));
  return { ...member, telegramId };
}

async function invoiceFor(token: string, tierId: string) {
  const res = await app.request("/api/me/plan/invoice", post({ tierId }, bearer(token)));
  expect(res.status, await res.clone().text()).toBe(200);
  const { invoiceUrl } = invoiceSchema.parse(await res.json());
  const call = fake.callsTo("createInvoiceLink").at(-1);
  expect(invoiceUrl).toBe(call?.result);
  return { payload: String(call?.payload.payload), call };
}

const preCheckout = (from: number, payload: string, amount: number, currency = "EUR") =>
  preCheckoutOf(fake, from, payload, amount, currency);

/** A provider payment as Telegram reports it: no subscription fields, a provider charge id. */
function paid(from: number, payload: string, chargeId = `inv-charge-${nextCharge++}`, amount = 2500) {
  const update = {
    message: {
      message_id: 9000 + nextCharge,
      date: Math.floor(clock.now().getTime() / 1000),
      chat: { id: from, type: "private", first_name: "M" },
      from: { id: from, is_bot: false, first_name: "M" },
      successful_payment: {
        currency: "EUR",
        total_amount: amount,
        invoice_payload: payload,
        telegram_payment_charge_id: chargeId,
        provider_payment_charge_id: `provider-${chargeId}`,
      },
    },
  } as Omit<Update, "update_id">;
  fake.push(update);
  return { chargeId, update };
}
const repliesTo = (chatId: number) =>
  fake
    .callsTo("sendMessage")
    .filter((c) => c.payload.chat_id === chatId)
    .map((c) => String(c.payload.text));
/** The outbox's sends to a chat (those with a keyboard: the bot's own replies here have none). */
const remindersTo = (chatId: number) =>
  sendsTo(fake, chatId)
    .filter((call) => call.payload.reply_markup)
    .map((call) => ({ text: call.payload.text, keyboard: call.payload.reply_markup }));
const PLAN_BUTTONS = (stop: string, renew = "Renew the plan") => [
  { text: renew, open: "/settings/memberships" },
  { text: "Stop plan reminders", stop },
];

describe("PLAN_PAYMENTS=invoice", () => {
  it("makes an invoice link with the provider's token and currency, the tier's monthly price in cents, no subscription", async () => {
    clock.ms = START;
    const member = await telegramMember();
    const plan = await planOf(member.token);
    expect(plan.payments).toBe("invoice");
    expect(plan.currency).toBe("EUR");
    const { payload, call } = await invoiceFor(member.token, tier.basic);
    expect(call?.payload).toMatchObject({
      title: "Basic plan",
      provider_token: PROVIDER_TOKEN,
      currency: "EUR",
      prices: [{ label: "Basic plan", amount: 2500 }],
    });
    expect(call?.payload).not.toHaveProperty("subscription_period");
    expect(payload).toMatch(new RegExp(`^plan:${member.userId}:${tier.basic}:[A-Za-z0-9_-]{16}$`));
    // Premium has no Stars price, but is sold by invoice all the same; the free tier is not.
    const premium = await invoiceFor(member.token, tier.premium);
    expect(premium.call?.payload).toMatchObject({ prices: [{ label: "Premium plan", amount: 5000 }] });
    expect(
      (await app.request("/api/me/plan/invoice", post({ tierId: tier.free }, bearer(member.token)))).status,
    ).toBe(409);
    // Choosing a paid tier directly is refused: it is paid inside Telegram.
    const put = await app.request("/api/me/plan", {
      method: "PUT",
      headers: { ...bearer(member.token), "content-type": "application/json" },
      body: JSON.stringify({ tierId: tier.basic }),
    });
    expect(put.status).toBe(409);
    expect((await errorOf(put)).message).toBe("This plan is paid by card inside Telegram");
  });

  it("answers the pre-checkout: yes for the member at the price, no for another payer, currency or amount", async () => {
    clock.ms = START;
    const member = await telegramMember();
    const other = await telegramMember();
    const { payload } = await invoiceFor(member.token, tier.basic);
    expect(await preCheckout(member.telegramId, payload, 2500)).toEqual(
      expect.objectContaining({ ok: true }),
    );
    expect(await preCheckout(other.telegramId, payload, 2500)).toMatchObject({
      ok: false,
      error_message: "This invoice belongs to another account.",
    });
    expect((await preCheckout(member.telegramId, payload, 250, "XTR")).ok).toBe(false);
    expect((await preCheckout(member.telegramId, payload, 2000)).ok).toBe(false);
    // The price changed after the invoice was made: refused.
    await db()
      .update(membershipTiers)
      .set({ priceMonthly: "30.00" })
      .where(eq(membershipTiers.id, tier.basic));
    try {
      expect(await preCheckout(member.telegramId, payload, 2500)).toMatchObject({
        ok: false,
        error_message: "This plan's price has changed. Please open the plan again.",
      });
    } finally {
      await db()
        .update(membershipTiers)
        .set({ priceMonthly: "25.00" })
        .where(eq(membershipTiers.id, tier.basic));
    }
  });

  it("a successful payment grants the tier for 30 days, once per charge; the next invoice extends it one period", async () => {
    clock.ms = START;
    const member = await telegramMember();
    const { payload } = await invoiceFor(member.token, tier.basic);
    const first = paid(member.telegramId, payload);
    // Telegram delivers the same payment twice: processed once.
    fake.push(first.update);
    const firstEnd = new Date(START + 30 * DAY);
    await eventually(async () =>
      expect((await planOf(member.token)).subscription).toMatchObject({
        tierName: "Basic",
        stars: 2500,
        currency: "EUR",
        expiresAt: firstEnd.toISOString(),
        renews: true,
        paymentDue: false,
      }),
    );
    await eventually(async () =>
      expect(repliesTo(member.telegramId)).toEqual(["Thank you! Your plan is now Basic."]),
    );
    expect((await planOf(member.token)).tier?.displayName).toBe("Basic");
    expect(await db().select().from(starPayments).where(eq(starPayments.chargeId, first.chargeId))).toEqual([
      expect.objectContaining({
        currency: "EUR",
        stars: 2500,
        renewal: false,
        expiresAt: firstEnd,
        providerChargeId: `provider-${first.chargeId}`,
        flag: null,
      }),
    ]);

    // Three days before the end: the member is asked to pay the next period (plan_ending, once).
    clock.ms = firstEnd.getTime() - 2 * DAY;
    await Promise.all([enqueuePlanReminders(t.services), enqueuePlanReminders(t.services)]);
    expect(await queuedFor(db(), member.userId)).toEqual([
      expect.objectContaining({
        kind: "plan_ending",
        channel: "telegram",
        dedupeKey: `plan_ending:${member.userId}:${firstEnd.toISOString()}`,
        payload: expect.objectContaining({
          text: "Your Basic plan's next period is due on December 31, 2026: €25.00. Pay in the app to keep your plan.",
          buttons: [
            { text: "Renew the plan", open: "/settings/memberships" },
            { text: "Stop plan reminders", stop: "plan_ending" },
          ],
        }),
      }),
    ]);

    // The sender delivers it to the member's chat once, with the renew and stop buttons.
    await drainOutbox(t.services, fake);
    const reminder = {
      text: "Your Basic plan's next period is due on December 31, 2026: €25.00. Pay in the app to keep your plan.",
      keyboard: keyboardOf("https://shop.example.com", PLAN_BUTTONS("plan_ending")),
    };
    expect(remindersTo(member.telegramId)).toEqual([reminder]);
    await enqueuePlanReminders(t.services);
    await drainOutbox(t.services, fake);
    expect(remindersTo(member.telegramId)).toEqual([reminder]);

    // Paid early: 30 days from the current end, not from now.
    const next = await invoiceFor(member.token, tier.basic);
    expect((await preCheckout(member.telegramId, next.payload, 2500)).ok).toBe(true);
    const second = paid(member.telegramId, next.payload);
    const secondEnd = new Date(firstEnd.getTime() + 30 * DAY);
    await eventually(async () =>
      expect((await planOf(member.token)).subscription?.expiresAt).toBe(secondEnd.toISOString()),
    );
    expect(
      (await db().select().from(starPayments).where(eq(starPayments.chargeId, second.chargeId)))[0]?.renewal,
    ).toBe(true);
    await eventually(async () =>
      expect(repliesTo(member.telegramId)).toContain(
        `Your Basic plan was renewed until ${secondEnd.toISOString().slice(0, 10)}.`,
      ),
    );
  });

  it("an unpaid period: payment due for PLAN_GRACE_DAYS with a reminder, then lapsed and told", async () => {
    clock.ms = START;
    const member = await telegramMember();
    const { payload } = await invoiceFor(member.token, tier.basic);
    paid(member.telegramId, payload);
    const end = new Date(START + 30 * DAY);
    await eventually(async () =>
      expect((await planOf(member.token)).subscription?.expiresAt).toBe(end.toISOString()),
    );

    clock.ms = end.getTime() + HOUR;
    await lapsePlans(t.services);
    expect((await planOf(member.token)).subscription).toMatchObject({ paymentDue: true, renews: true });
    await enqueuePlanReminders(t.services);
    clock.ms = end.getTime() + 3 * DAY;
    await lapsePlans(t.services);
    await enqueuePlanReminders(t.services);
    expect((await planOf(member.token)).tier?.displayName).toBe("Free");
    expect((await queuedFor(db(), member.userId)).map((row) => row.kind)).toEqual([
      "plan_grace",
      "plan_lapsed",
    ]);
    // The sender delivers both to the member's chat, once each, in English, with their buttons.
    await drainOutbox(t.services, fake);
    expect(remindersTo(member.telegramId)).toEqual([
      {
        text: "The payment for your Basic plan did not arrive. The plan stays on until January 3, 2027: renew it before then to keep it.",
        keyboard: keyboardOf("https://shop.example.com", PLAN_BUTTONS("plan_grace")),
      },
      {
        text: "Your Basic plan has ended because its payment did not arrive. You can choose a plan again at any time.",
        keyboard: keyboardOf("https://shop.example.com", PLAN_BUTTONS("plan_lapsed", "Choose a plan")),
      },
    ]);
    const reasons = (
      await db().select().from(membershipHistory).where(eq(membershipHistory.userId, member.userId))
    ).map((row) => row.reason);
    // From no tier, the grant writes no history row (as with Stars); the lapse does.
    expect(reasons).toEqual(["Payment not received"]);
  });

  it("cancelling an invoice plan's renewal asks nothing of Telegram; it then ends at the period's end", async () => {
    clock.ms = START;
    const member = await telegramMember();
    const { payload } = await invoiceFor(member.token, tier.basic);
    paid(member.telegramId, payload);
    await eventually(async () => expect((await planOf(member.token)).subscription).not.toBeNull());
    const before = fake.callsTo("editUserStarSubscription").length;
    const res = await app.request("/api/me/plan/renewal", post({ renew: false }, bearer(member.token)));
    expect(res.status).toBe(200);
    expect(planSubscriptionSchema.parse(await res.json())).toMatchObject({ renews: false, currency: "EUR" });
    expect(fake.callsTo("editUserStarSubscription")).toHaveLength(before);
  });
});

describe("refunding a provider payment (decision 116)", () => {
  const paymentsNow = async () => {
    const res = await app.request("/api/admin/payments", { headers: bearer(admin.token) });
    expect(res.status).toBe(200);
    return starPaymentsSchema.parse(await res.json()).payments;
  };
  const markRefunded = (id: string, token = admin.token) =>
    app.request(`/api/admin/payments/${id}/mark-refunded`, post({}, bearer(token)));
  const starsCalls = () =>
    fake.callsTo("refundStarPayment").length + fake.callsTo("editUserStarSubscription").length;

  it("is marked refunded by the admin after refunding at the provider: no Telegram call, the plan ends, the referral is void", async () => {
    clock.ms = START;
    const member = await telegramMember();
    const referrer = await createMember(t);
    await db().insert(referrals).values({ refereeId: member.userId, referrerId: referrer.userId });
    const { payload } = await invoiceFor(member.token, tier.basic);
    const { chargeId } = paid(member.telegramId, payload);
    await eventually(async () => expect((await planOf(member.token)).tier?.displayName).toBe("Basic"));
    const payment = (await paymentsNow()).find((p) => p.chargeId === chargeId);
    expect(payment).toMatchObject({
      userId: member.userId,
      telegramId: String(member.telegramId),
      tierName: "Basic",
      stars: 2500,
      currency: "EUR",
      providerChargeId: `provider-${chargeId}`,
      flag: null,
      refundedAt: null,
    });
    const id = payment?.id ?? "";
    const before = starsCalls();

    // Telegram cannot refund a provider's charge: Refund is refused and changes nothing.
    const refused = await app.request(`/api/admin/payments/${id}/refund`, post({}, bearer(admin.token)));
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).message).toBe(
      "This payment was made through the payment provider: refund it there, then mark it refunded",
    );
    expect((await planOf(member.token)).tier?.displayName).toBe("Basic");

    // Staff who are not admins may not; then the admin marks it (the id in upper case).
    const moderator = await createMember(t, { roles: ["moderator"] });
    expect((await markRefunded(id, moderator.token)).status).toBe(403);
    const res = await markRefunded(id.toUpperCase());
    expect(res.status, await res.clone().text()).toBe(200);
    expect(starPaymentResultSchema.parse(await res.json()).payment).toMatchObject({
      id,
      refundedAt: new Date(START).toISOString(),
    });
    const plan = await planOf(member.token);
    expect(plan.tier?.displayName).toBe("Free");
    expect(plan.subscription).toBeNull();
    const [referral] = await db().select().from(referrals).where(eq(referrals.refereeId, member.userId));
    expect(referral?.qualifyingChargeId).toBe(chargeId);
    expect(referral?.voidedAt).not.toBeNull();
    // Once only; and no Stars method was called for it at any point.
    expect((await markRefunded(id)).status).toBe(409);
    expect(starsCalls()).toBe(before);
    expect((await markRefunded("00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });

  it("a provider payment that does not match its invoice grants nothing; marked refunded, it ends no plan", async () => {
    clock.ms = START;
    const member = await telegramMember();
    const { payload } = await invoiceFor(member.token, tier.basic);
    const { chargeId } = paid(member.telegramId, payload, undefined, 100);
    await eventually(async () =>
      expect(await db().select().from(starPayments).where(eq(starPayments.chargeId, chargeId))).toEqual([
        expect.objectContaining({
          userId: member.userId,
          stars: 100,
          currency: "EUR",
          providerChargeId: `provider-${chargeId}`,
          flag: "amount",
        }),
      ]),
    );
    await eventually(async () =>
      expect(repliesTo(member.telegramId)).toEqual([
        "We received your payment, but it could not be applied to your plan, so nothing has changed. An admin will look at it.",
      ]),
    );
    expect((await planOf(member.token)).subscription).toBeNull();
    const before = starsCalls();
    const id = (await paymentsNow()).find((p) => p.chargeId === chargeId)?.id ?? "";
    expect((await markRefunded(id)).status).toBe(200);
    expect(starsCalls()).toBe(before);
  });
});

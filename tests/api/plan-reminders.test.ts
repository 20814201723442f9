import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enqueuePlanReminders, lapsePlans } from "#api/domain/plans";
import { membershipHistory, planSubscriptions, profiles, users } from "#db/schema/index";
import { createMember, DAY, HOUR, TestClock } from "../helpers/accounts";
import { drainOutbox, keyboardOf, sendsTo } from "../helpers/drain-outbox";
import { type FakeBotApi, startFakeBotApi } from "../helpers/fake-bot-api";
import { decodeQuotedPrintable, startFakeSmtp } from "../helpers/fake-smtp";
import { queuedFor } from "../helpers/queued-messages";
import { racing } from "../helpers/race";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { insertTestTiers, type TestTierName } from "../helpers/tiers";

// Plan reminders through the outbox (decision 109, after 107): what the renewals job queues, for
// whom, once; then what the outbox's sender delivers of it, to the fake Bot API or the fake SMTP
// server. PGlite, and Postgres when DATABASE_URL is set.
const START = Date.parse("2026-12-01T09:00:00Z");
const PUBLIC_URL = "https://shop.example.com";
const clock = new TestClock(START);
let fakeBot: FakeBotApi;
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
let t: TestApp;
let tier: Record<TestTierName, string>;
let nextTelegramId = 9_100_000;

beforeAll(async () => {
  fakeBot = await startFakeBotApi({ id: -1009, title: "Channel" });
  smtp = await startFakeSmtp();
  t = await startTestApp({
    now: clock.now,
    env: { PLAN_GRACE_DAYS: "3", PUBLIC_URL, SMTP_URL: smtp.url },
  });
  tier = await insertTestTiers(t.services.database.db);
});
afterAll(async () => {
  await t.close();
  await fakeBot.close();
  await smtp.close();
});

const db = () => t.services.database.db;
const ctx = () => t.services;
/** What the fake Bot API received for a member's chat: each send's text and keyboard. */
const deliveredTo = (member: { telegramId: bigint | null }) =>
  member.telegramId === null
    ? []
    : sendsTo(fakeBot, member.telegramId).map((call) => ({
        method: call.method,
        text: call.payload.text,
        keyboard: call.payload.reply_markup,
      }));
/** Mail the fake SMTP server received for an address with this subject, as a person reads it. */
const mailTo = (email: string, subject: string) =>
  smtp.received
    .filter((m) => m.to.some((to) => to.includes(email)) && m.data.includes(`Subject: ${subject}\r\n`))
    .map((m) => decodeQuotedPrintable(m.data).replace(/\r\n/g, "\n"));

interface Options {
  /** Started the bot (bot_writable_at), default true; "blocked" also blocked it since. */
  bot?: boolean | "blocked";
  telegram?: boolean;
  emailVerified?: boolean;
  reminders?: boolean;
  language?: string;
  renews?: boolean;
}

/** A member on Basic with a Stars subscription whose period ends `endsIn` from the clock. */
async function subscriber(endsIn: number, options: Options = {}) {
  const member = await createMember(t, { emailVerified: options.emailVerified ?? false });
  const telegramId = options.telegram === false ? null : BigInt(nextTelegramId++);
  await db().update(users).set({ telegramId }).where(eq(users.id, member.userId));
  const bot = options.bot ?? true;
  await db()
    .update(profiles)
    .set({
      membershipTierId: tier.basic,
      botWritableAt: bot ? new Date(START - DAY) : null,
      botBlockedAt: bot === "blocked" ? new Date(START - HOUR) : null,
      planReminders: options.reminders ?? true,
      language: options.language ?? "en",
    })
    .where(eq(profiles.id, member.userId));
  const expiresAt = new Date(clock.now().getTime() + endsIn);
  await db()
    .insert(planSubscriptions)
    .values({
      userId: member.userId,
      tierId: tier.basic,
      tierName: "Basic",
      stars: 250,
      chargeId: `charge-${member.userId}`,
      expiresAt,
      renewalCancelledAt: options.renews === false ? new Date(START) : null,
    });
  return { ...member, telegramId, expiresAt };
}

describe("three days before a plan ends without renewal", () => {
  it("queues one plan_ending per period, even from two runs at once, with renew and stop buttons", async () => {
    await racing();
    clock.ms = START;
    const member = await subscriber(3 * DAY - HOUR, { renews: false });
    const renewing = await subscriber(3 * DAY - HOUR);
    const later = await subscriber(3 * DAY + HOUR, { renews: false });

    await Promise.all([enqueuePlanReminders(ctx()), enqueuePlanReminders(ctx())]);
    await enqueuePlanReminders(ctx());

    expect(await queuedFor(db(), member.userId)).toEqual([
      {
        kind: "plan_ending",
        channel: "telegram",
        chatId: member.telegramId,
        state: "queued",
        dedupeKey: `plan_ending:${member.userId}:${member.expiresAt.toISOString()}`,
        payload: {
          text: "Your Basic plan ends on December 4, 2026. Renew it to keep your monthly budget.",
          subject: "Your plan ends soon",
          buttons: [
            { text: "Renew the plan", open: "/settings/memberships" },
            { text: "Stop plan reminders", stop: "plan_ending" },
          ],
        },
      },
    ]);
    // A plan Telegram renews is not reminded; nor one ending later than three days from now.
    expect(await queuedFor(db(), renewing.userId)).toEqual([]);
    expect(await queuedFor(db(), later.userId)).toEqual([]);

    // Delivered once, with the renew (a web_app button to the plans) and stop buttons.
    await drainOutbox(ctx(), fakeBot);
    const reminder = {
      method: "sendMessage",
      text: "Your Basic plan ends on December 4, 2026. Renew it to keep your monthly budget.",
      keyboard: keyboardOf(PUBLIC_URL, [
        { text: "Renew the plan", open: "/settings/memberships" },
        { text: "Stop plan reminders", stop: "plan_ending" },
      ]),
    };
    expect(deliveredTo(member)).toEqual([reminder]);
    expect(deliveredTo(renewing)).toEqual([]);
    expect(deliveredTo(later)).toEqual([]);
    // The next runs find it sent: nothing more.
    await enqueuePlanReminders(ctx());
    await drainOutbox(ctx(), fakeBot);
    expect(deliveredTo(member)).toEqual([reminder]);
    expect((await queuedFor(db(), member.userId)).map((row) => row.state)).toEqual(["sent"]);
  });

  it("is not queued for a member who switched plan reminders off", async () => {
    clock.ms = START;
    const member = await subscriber(2 * DAY, { renews: false, reminders: false });
    await enqueuePlanReminders(ctx());
    expect(await queuedFor(db(), member.userId)).toEqual([]);
  });

  it("falls back to mail for a member the bot cannot reach with a proven address; else counts them unreachable", async () => {
    clock.ms = START;
    const web = await subscriber(2 * DAY, { renews: false, telegram: false, emailVerified: true });
    const neverStarted = await subscriber(2 * DAY, { renews: false, bot: false, emailVerified: true });
    const blocked = await subscriber(2 * DAY, { renews: false, bot: "blocked" });
    await enqueuePlanReminders(ctx());
    for (const member of [web, neverStarted]) {
      expect(await queuedFor(db(), member.userId)).toEqual([
        expect.objectContaining({
          kind: "plan_ending",
          channel: "mail",
          chatId: null,
          state: "queued",
          payload: expect.objectContaining({ subject: "Your plan ends soon" }),
        }),
      ]);
    }
    expect((await queuedFor(db(), blocked.userId)).map((row) => [row.channel, row.state])).toEqual([
      ["telegram", "unreachable"],
    ]);

    // The mail goes out once each, with the link to the plans; the blocked member's chat hears nothing.
    await drainOutbox(ctx(), fakeBot);
    for (const member of [web, neverStarted]) {
      const [row] = await queuedFor(db(), member.userId);
      const mails = mailTo(member.email, "Your plan ends soon");
      expect(mails).toHaveLength(1);
      expect(mails[0]).toContain(
        `${(row?.payload as { text: string } | undefined)?.text}\n\nRenew the plan: https://shop.example.com/settings/memberships`,
      );
      expect(mails[0]).toContain("Your Basic plan ends on");
      expect(mails[0]).not.toContain("Stop plan reminders");
      expect((await queuedFor(db(), member.userId)).map((row) => row.state)).toEqual(["sent"]);
    }
    expect(deliveredTo(neverStarted)).toEqual([]);
    expect(deliveredTo(blocked)).toEqual([]);
  });
});

describe("payment due and lapse", () => {
  it("queues plan_grace once when a renewal does not arrive, then plan_lapsed once when it lapses, in the member's language", async () => {
    clock.ms = START;
    const member = await subscriber(DAY, { language: "ru" });
    const quiet = await subscriber(DAY, { reminders: false });

    clock.ms = member.expiresAt.getTime() + HOUR;
    await lapsePlans(ctx());
    await Promise.all([enqueuePlanReminders(ctx()), enqueuePlanReminders(ctx())]);
    clock.ms += HOUR;
    await enqueuePlanReminders(ctx());
    const grace = await queuedFor(db(), member.userId);
    expect(grace).toEqual([
      expect.objectContaining({
        kind: "plan_grace",
        channel: "telegram",
        dedupeKey: `plan_grace:${member.userId}:${member.expiresAt.toISOString()}`,
        payload: {
          text: "Оплата за ваш план Basic не поступила. План действует до 5 декабря 2026 г.: продлите его до этого срока, чтобы сохранить.",
          subject: "Ожидается оплата плана",
          buttons: [
            { text: "Продлить план", open: "/settings/memberships" },
            { text: "Не напоминать о плане", stop: "plan_grace" },
          ],
        },
      }),
    ]);

    // The renewals job at the end of the grace: the plan lapses and the member is told, once.
    clock.ms = member.expiresAt.getTime() + 3 * DAY + 30_000;
    await Promise.all([lapsePlans(ctx()), lapsePlans(ctx())]);
    await Promise.all([enqueuePlanReminders(ctx()), enqueuePlanReminders(ctx())]);
    clock.ms += HOUR;
    await enqueuePlanReminders(ctx());
    const [history] = await db()
      .select({ id: membershipHistory.id })
      .from(membershipHistory)
      .where(eq(membershipHistory.userId, member.userId));
    const rows = await queuedFor(db(), member.userId);
    expect(rows.map((row) => row.kind)).toEqual(["plan_grace", "plan_lapsed"]);
    expect(rows[1]).toMatchObject({
      channel: "telegram",
      state: "queued",
      dedupeKey: `plan_lapsed:${history?.id}`,
      payload: {
        text: "Ваш план Basic закончился, потому что оплата не поступила. Вы можете снова выбрать план в любое время.",
        subject: "Ваш план закончился",
        buttons: [
          { text: "Выбрать план", open: "/settings/memberships" },
          { text: "Не напоминать о плане", stop: "plan_lapsed" },
        ],
      },
    });
    // Switched off: neither the grace reminder nor the lapse notice.
    expect(await queuedFor(db(), quiet.userId)).toEqual([]);

    // Delivered once each, in Russian, with the Russian buttons.
    await drainOutbox(ctx(), fakeBot);
    expect(deliveredTo(member)).toEqual([
      {
        method: "sendMessage",
        text: "Оплата за ваш план Basic не поступила. План действует до 5 декабря 2026 г.: продлите его до этого срока, чтобы сохранить.",
        keyboard: keyboardOf(PUBLIC_URL, [
          { text: "Продлить план", open: "/settings/memberships" },
          { text: "Не напоминать о плане", stop: "plan_grace" },
        ]),
      },
      {
        method: "sendMessage",
        text: "Ваш план Basic закончился, потому что оплата не поступила. Вы можете снова выбрать план в любое время.",
        keyboard: keyboardOf(PUBLIC_URL, [
          { text: "Выбрать план", open: "/settings/memberships" },
          { text: "Не напоминать о плане", stop: "plan_lapsed" },
        ]),
      },
    ]);
    expect(deliveredTo(quiet)).toEqual([]);
  });

  it("a cancelled renewal that ends is not a lapse: no notice", async () => {
    clock.ms = START;
    const member = await subscriber(HOUR, { renews: false });
    await enqueuePlanReminders(ctx());
    clock.ms = member.expiresAt.getTime() + 1000;
    await lapsePlans(ctx());
    await enqueuePlanReminders(ctx());
    expect((await queuedFor(db(), member.userId)).map((row) => row.kind)).toEqual(["plan_ending"]);
  });
});

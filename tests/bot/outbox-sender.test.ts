import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ServiceContext } from "#api/domain/context";
import { enqueue } from "#api/domain/messaging";
import type { OutboxSender, OutboxSenderOptions } from "#api/domain/messaging/outbox/sender";
import type { OutboxTransport } from "#api/domain/ports/outbox-transport";
import { botOutboxTransport } from "#bot/outbox-transport";
import { createDb, type Database } from "#db/client";
import { broadcasts, outbox, profiles } from "#db/schema/index";
import { recordingMailer, TEST_BOT_TOKEN } from "../helpers/accounts";
import { startQuickSender } from "../helpers/drain-outbox";
import { type FakeBotApi, startFakeBotApi } from "../helpers/fake-bot-api";
import { botMembers, outboxStates, sendingBroadcast, someBotMembers, toMember } from "../helpers/outbox";
import { racing } from "../helpers/race";
import { eventually, startTestApp, type TestApp } from "../helpers/test-app";

// The outbox's sender (decision 104) against the fake Bot API, on PGlite and on Postgres.
let fake: FakeBotApi;
let t: TestApp;
const mailer = recordingMailer();
const running: OutboxSender[] = [];
// Quicker than production, not so quick that idle polling fills PGlite's one connection.

beforeAll(async () => {
  fake = await startFakeBotApi({ id: -1009, title: "Channel" });
  t = await startTestApp({
    env: { BROADCAST_RATE: "100", PUBLIC_URL: "https://shop.example.com" },
    mailer,
  });
});
afterEach(async () => {
  for (const sender of running.splice(0)) await sender.stop();
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const db = () => t.services.database.db;
const transport = () =>
  botOutboxTransport({ BOT_TOKEN: TEST_BOT_TOKEN, BOT_API_ROOT: fake.apiRoot }, t.services.storage);
function start(ctx: ServiceContext = t.services, options: OutboxSenderOptions = {}) {
  const sender = startQuickSender(ctx, transport(), options);
  running.push(sender);
  return sender;
}
const rowsOf = (userIds: string[]) => db().select().from(outbox).where(inArray(outbox.userId, userIds));
const sendsTo = (chatId: number) =>
  fake.calls.filter((c) => c.method.startsWith("send") && c.payload.chat_id === chatId && c.result);
/** What outbox_calls_total counts for a kind and an outcome of Telegram calls, now. */
async function callsCounted(kind: string, outcome: string): Promise<number> {
  const { values } = await t.services.metrics.outboxCalls.get();
  return (
    values.find(
      (v) => v.labels.channel === "telegram" && v.labels.kind === kind && v.labels.outcome === outcome,
    )?.value ?? 0
  );
}
const settled = async (userIds: string[]) =>
  eventually(async () => {
    const rows = await rowsOf(userIds);
    expect(rows.filter((r) => r.state === "queued" || r.state === "sending")).toEqual([]);
    return rows;
  }, 20_000);

describe("sending", () => {
  it("sends each row once, with its buttons, and finishes the broadcast", async () => {
    const members = await botMembers(db(), 5);
    const broadcastId = await sendingBroadcast(db(), { total: 5 });
    await enqueue(
      db(),
      members.map((m) =>
        toMember(
          m,
          "broadcast",
          {
            text: "Spring sale",
            buttons: [
              { text: "Open the shop", open: "/products" },
              { text: "Stop news", stop: "broadcast" },
            ],
          },
          { broadcastId },
        ),
      ),
    );
    start();
    const rows = await settled(members.map((m) => m.userId));
    expect(rows.map((r) => r.state)).toEqual(Array(5).fill("sent"));
    for (const m of members) expect(sendsTo(m.telegramId)).toHaveLength(1);
    const [first] = members;
    const [call] = first ? sendsTo(first.telegramId) : [];
    expect(call?.payload.text).toBe("Spring sale");
    expect(call?.payload.reply_markup).toEqual({
      inline_keyboard: [
        [{ text: "Open the shop", web_app: { url: "https://shop.example.com/products" } }],
        [{ text: "Stop news", callback_data: "stop:broadcast" }],
      ],
    });
    expect(call?.payload.allow_paid_broadcast).toBeUndefined();
    await eventually(async () => {
      const [b] = await db().select().from(broadcasts).where(eq(broadcasts.id, broadcastId));
      expect(b?.status).toBe("done");
      expect(b?.finishedAt).not.toBeNull();
    });
  });

  it("sends a paid broadcast's rows with allow_paid_broadcast", async () => {
    const [member] = await someBotMembers(db(), 1);
    const broadcastId = await sendingBroadcast(db(), { paid: true, total: 1 });
    await enqueue(db(), [toMember(member, "broadcast", { text: "Paid" }, { broadcastId })]);
    start();
    await settled([member.userId]);
    expect(sendsTo(member.telegramId)[0]?.payload.allow_paid_broadcast).toBe(true);
  });

  it("sends each row exactly once with two senders sharing the queue", async () => {
    await racing();
    const members = await botMembers(db(), 120);
    await enqueue(
      db(),
      members.map((m) => toMember(m, "broadcast", { text: "Twice?" })),
    );
    // On Postgres the second sender has a pool of its own, as a second process would.
    let second: Database | undefined;
    if (t.databaseUrl) second = await createDb({ databaseUrl: t.databaseUrl, poolSize: 3 });
    try {
      start();
      start(second ? { ...t.services, db: second.db } : t.services);
      const rows = await settled(members.map((m) => m.userId));
      expect(rows.every((r) => r.state === "sent")).toBe(true);
      for (const m of members) expect(sendsTo(m.telegramId)).toHaveLength(1);
    } finally {
      for (const sender of running.splice(0)) await sender.stop();
      await second?.close();
    }
  });
});

describe("what Telegram answers", () => {
  it("pauses every send for a 429's retry_after, then sends the rest once", async () => {
    const members = await botMembers(db(), 30);
    fake.limitRate(8, 1);
    // When the sender started each call and when it learned of the first 429 (its own clock: on a
    // busy machine the answer arrives a while after the fake refused, with calls under way meanwhile).
    const started: number[] = [];
    let learned: number | undefined;
    const real = transport();
    const watched: OutboxTransport = {
      act: real.act,
      send: async (message) => {
        started.push(performance.now());
        const outcome = await real.send(message);
        if (outcome.outcome === "rate_limited") learned ??= performance.now();
        return outcome;
      },
    };
    try {
      const before = fake.refused().rateLimited;
      await enqueue(
        db(),
        members.map((m) => toMember(m, "broadcast", { text: "Flood" })),
      );
      running.push(startQuickSender(t.services, watched));
      const rows = await settled(members.map((m) => m.userId));
      expect(rows.every((r) => r.state === "sent")).toBe(true);
      for (const m of members) expect(sendsTo(m.telegramId)).toHaveLength(1);
      expect(fake.refused().rateLimited).toBeGreaterThan(before);
      // From the moment it knew, nothing was started for the pause (retry_after: 1 s); 20 ms for a
      // call of another lane that passed its pause check as the answer came in.
      expect(learned).toBeDefined();
      const at = learned ?? 0;
      expect(started.filter((time) => time > at + 20 && time < at + 950)).toEqual([]);
      expect(started.some((time) => time >= at + 950)).toBe(true);
    } finally {
      fake.limitRate(1_000_000);
    }
  });

  it("marks a member who blocked the bot and skips them from then on", async () => {
    const [member] = await someBotMembers(db(), 1);
    fake.blockChats(member.telegramId);
    const blockedBefore = await callsCounted("plan_ending", "blocked");
    await enqueue(db(), [toMember(member, "plan_ending", { text: "Your plan ends soon" })]);
    start();
    const [row] = await settled([member.userId]);
    expect(row).toMatchObject({ state: "blocked", lastError: "Forbidden: bot was blocked by the user" });
    expect(await callsCounted("plan_ending", "blocked")).toBe(blockedBefore + 1);
    const [profile] = await db().select().from(profiles).where(eq(profiles.id, member.userId));
    expect(profile?.botBlockedAt).not.toBeNull();
    const calls = sendsTo(member.telegramId).length;
    await enqueue(db(), [toMember(member, "support_reply", { text: "We answered" })]);
    const rows = await settled([member.userId]);
    expect(rows.map((r) => r.state).sort()).toEqual(["blocked", "blocked"]);
    expect(fake.calls.filter((c) => c.payload.chat_id === member.telegramId)).toHaveLength(1);
    expect(sendsTo(member.telegramId)).toHaveLength(calls);
  });

  it("fails a row Telegram refuses with another 4xx, keeping the reason", async () => {
    const [member] = await someBotMembers(db(), 1);
    fake.failNext("sendMessage", { error_code: 400, description: "Bad Request: chat not found" });
    await enqueue(db(), [toMember(member, "cart_reminder", { text: "Your cart" })]);
    start();
    const [row] = await settled([member.userId]);
    expect(row).toMatchObject({ state: "failed", lastError: "Bad Request: chat not found", tries: 1 });
  });

  it("retries a 5xx after a backoff, then sends", async () => {
    const [member] = await someBotMembers(db(), 1);
    const [transientBefore, sentBefore] = [
      await callsCounted("support_reply", "transient"),
      await callsCounted("support_reply", "sent"),
    ];
    await enqueue(db(), [toMember(member, "support_reply", { text: "Hello again" })]);
    fake.failSends(1);
    start();
    const [row] = await settled([member.userId]);
    expect(row).toMatchObject({ state: "sent", tries: 2, lastError: null });
    // Each call is counted (outbox_calls_total): the 5xx, then the send.
    expect(await callsCounted("support_reply", "transient")).toBe(transientBefore + 1);
    expect(await callsCounted("support_reply", "sent")).toBe(sentBefore + 1);
    expect(fake.calls.filter((c) => c.payload.chat_id === member.telegramId)).toHaveLength(2);
  });

  it("fails a row after MAX_TRIES server errors", async () => {
    const [member] = await someBotMembers(db(), 1);
    await enqueue(db(), [toMember(member, "support_reply", { text: "Down" })]);
    fake.failSends(5);
    start();
    const [row] = await settled([member.userId]);
    expect(row).toMatchObject({ state: "failed", tries: 5, lastError: "Internal Server Error" });
  });
});

describe("send-time checks", () => {
  it("cancels a row whose kind the member switched off, and never calls", async () => {
    const [news, reminders] = await someBotMembers(db(), 2);
    await enqueue(db(), [
      toMember(news, "broadcast", { text: "News" }),
      toMember(reminders, "plan_grace", { text: "Payment due" }),
    ]);
    await db().update(profiles).set({ newsMessages: false }).where(eq(profiles.id, news.userId));
    await db().update(profiles).set({ planReminders: false }).where(eq(profiles.id, reminders.userId));
    start();
    const rows = await settled([news.userId, reminders.userId]);
    expect(rows.map((r) => [r.state, r.lastError])).toEqual([
      ["cancelled", "switched off"],
      ["cancelled", "switched off"],
    ]);
    expect(sendsTo(news.telegramId)).toHaveLength(0);
    expect(sendsTo(reminders.telegramId)).toHaveLength(0);
  });

  it("mails a mail row to the verified address, and fails one without", async () => {
    const [withMail, without] = await someBotMembers(db(), 2);
    // Proven after it is set (a change of address unproves it).
    await db().update(profiles).set({ email: "member@example.com" }).where(eq(profiles.id, withMail.userId));
    await db().update(profiles).set({ emailVerifiedAt: new Date() }).where(eq(profiles.id, withMail.userId));
    const byMail = (m: typeof withMail) => ({
      ...toMember(m, "plan_lapsed", {
        text: "Your plan ended",
        subject: "Plan ended",
        buttons: [{ text: "Plans", open: "/plans" }],
      }),
      reach: { telegramId: null, botWritable: false, verifiedEmail: "member@example.com" },
    });
    await enqueue(db(), [byMail(withMail), byMail(without)]);
    start();
    const rows = await settled([withMail.userId, without.userId]);
    const stateOf = (userId: string) => rows.find((r) => r.userId === userId);
    expect(stateOf(withMail.userId)).toMatchObject({ state: "sent", channel: "mail" });
    expect(stateOf(without.userId)).toMatchObject({ state: "failed", lastError: "no address" });
    expect(mailer.sent.at(-1)).toMatchObject({
      to: "member@example.com",
      subject: "Plan ended",
      text: "Your plan ended\n\nPlans: https://shop.example.com/plans",
    });
  });
});

describe("a lease that ended", () => {
  it("requeues rows never called, resends a reminder whose call was in flight, counts a broadcast uncertain", async () => {
    const [notCalled, reminder, news] = await someBotMembers(db(), 3);
    await enqueue(db(), [
      toMember(notCalled, "broadcast", { text: "Not called" }),
      toMember(reminder, "plan_ending", { text: "In flight" }),
      toMember(news, "broadcast", { text: "In flight too" }),
    ]);
    // As a process killed mid-batch leaves them: claimed, two of them called.
    const expired = sql`now() - interval '1 second'`;
    await db()
      .update(outbox)
      .set({ state: "sending", leaseUntil: expired })
      .where(eq(outbox.userId, notCalled.userId));
    await db()
      .update(outbox)
      .set({ state: "sending", leaseUntil: expired, callStartedAt: expired, tries: 1 })
      .where(inArray(outbox.userId, [reminder.userId, news.userId]));
    start();
    const rows = await settled([notCalled.userId, reminder.userId, news.userId]);
    const of = (userId: string) => rows.find((r) => r.userId === userId);
    expect(of(notCalled.userId)).toMatchObject({ state: "sent", tries: 1 });
    expect(of(reminder.userId)).toMatchObject({ state: "sent", tries: 2 });
    expect(of(news.userId)).toMatchObject({
      state: "uncertain",
      lastError: "the lease ended during the call",
    });
    expect(sendsTo(news.telegramId)).toHaveLength(0);
  });

  it("on stop, finishes calls in flight and gives back claimed rows not called yet", async () => {
    const members = await botMembers(db(), 40);
    await enqueue(
      db(),
      members.map((m) => toMember(m, "broadcast", { text: "Stop midway" })),
    );
    // 10 per second: most of the batch is still waiting for its slots when the sender stops.
    const sender = startQuickSender(
      { ...t.services, config: { ...t.services.config, BROADCAST_RATE: 10 } },
      transport(),
    );
    await eventually(async () => expect((await outboxStates(db())).sent ?? 0).toBeGreaterThan(0));
    await sender.stop();
    const rows = await rowsOf(members.map((m) => m.userId));
    expect(rows.filter((r) => r.state === "sending")).toEqual([]);
    const sent = rows.filter((r) => r.state === "sent");
    const queued = rows.filter((r) => r.state === "queued");
    expect(sent.length + queued.length).toBe(40);
    expect(queued.length).toBeGreaterThan(0);
    expect(queued.every((r) => r.callStartedAt === null && r.tries === 0)).toBe(true);
    for (const m of members) expect(sendsTo(m.telegramId).length).toBeLessThanOrEqual(1);
    start();
    const after = await settled(members.map((m) => m.userId));
    // Every row once; only a broadcast whose call may have landed (a reset, a timeout) is left
    // uncertain, never sent again (decision 104). Nothing else may be missing.
    const uncertain = new Set(after.filter((r) => r.state === "uncertain").map((r) => r.userId));
    expect(after.every((r) => r.state === "sent" || r.state === "uncertain")).toBe(true);
    for (const m of members) {
      const sends = sendsTo(m.telegramId).length;
      if (uncertain.has(m.userId)) expect(sends).toBeLessThanOrEqual(1);
      else expect(sends).toBe(1);
    }
  });
});

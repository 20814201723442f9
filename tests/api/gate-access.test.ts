import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { joinChatPath } from "#api/contracts/app-links";
import { deleteAccount } from "#api/domain/accounts";
import {
  receiveJoinRequest,
  reconcileGate,
  recordBotStatus,
  recordChatMember,
  setChatAccess,
} from "#api/domain/gate";
import { changePlan } from "#api/domain/plans";
import { executeRows } from "#db/rows";
import { gateJoinRequests, membershipTiers, profiles, users } from "#db/schema/index";
import { createMember, DAY, HOUR, recordingTelegram, TestClock } from "../helpers/accounts";
import { drainOutbox, sendsTo } from "../helpers/drain-outbox";
import { type FakeBotApi, startFakeBotApi } from "../helpers/fake-bot-api";
import { racing } from "../helpers/race";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { insertTestTiers, type TestTierName } from "../helpers/tiers";

// The gate (decision 120) on PGlite, and on Postgres when DATABASE_URL is set: join requests
// decided, people removed once when their access ends (never admins or staff), links, tags; every
// call through the outbox to the fake Bot API.
const START = Date.parse("2026-12-01T09:00:00Z");
const PUBLIC_URL = "https://shop.example.com";
const clock = new TestClock(START);
let fakeBot: FakeBotApi;
let t: TestApp;
let tier: Record<TestTierName, string>;
let nextTelegramId = 7_100_000;
let nextChatId = -1_001_000_000_100;

beforeAll(async () => {
  fakeBot = await startFakeBotApi({ id: -1009, title: "Channel" });
  t = await startTestApp({
    now: clock.now,
    telegram: recordingTelegram(),
    env: { PUBLIC_URL, PLAN_PAYMENTS: "free", JOIN_REQUEST_WAIT_HOURS: "24" },
  });
  tier = await insertTestTiers(t.services.database.db);
});
afterAll(async () => {
  await t.close();
  await fakeBot.close();
});

const db = () => t.services.database.db;
const ctx = () => t.services;

/** A member with a Telegram the bot may write to, on `on` (or no tier). */
async function member(on?: TestTierName, options: { roles?: ("admin" | "employee")[] } = {}) {
  const made = await createMember(t, { roles: options.roles });
  const telegramId = BigInt(nextTelegramId++);
  await db().update(users).set({ telegramId }).where(eq(users.id, made.userId));
  await db()
    .update(profiles)
    .set({ membershipTierId: on ? tier[on] : null, botWritableAt: new Date(START - DAY), language: "en" })
    .where(eq(profiles.id, made.userId));
  return { ...made, telegramId };
}

const setTier = (userId: string, on: TestTierName | null) =>
  db()
    .update(profiles)
    .set({ membershipTierId: on ? tier[on] : null })
    .where(eq(profiles.id, userId));

/** A supergroup the bot administers with every right, gated to `tiers` (open without). */
async function chat(tiers?: TestTierName[], options: { kind?: "channel" | "supergroup" } = {}) {
  const chatId = BigInt(nextChatId--);
  await recordBotStatus(ctx(), {
    chatId,
    kind: options.kind ?? "supergroup",
    title: `Chat ${chatId}`,
    username: null,
    botStatus: "administrator",
    canInviteUsers: true,
    canBanUsers: true,
    canManageTags: true,
  });
  if (tiers)
    await setChatAccess(ctx(), chatId.toString(), {
      kind: "tiers",
      tierIds: tiers.map((name) => tier[name]),
    });
  return {
    chatId,
    gate: { chatId, kind: options.kind ?? "supergroup", title: `Chat ${chatId}`, username: null } as const,
  };
}

const join = (
  where: Awaited<ReturnType<typeof chat>>,
  telegramId: bigint,
  options: { queryId?: string; inviteLink?: string } = {},
) =>
  receiveJoinRequest(ctx(), {
    chat: where.gate,
    telegramId,
    userChatId: telegramId,
    queryId: options.queryId ?? null,
    inviteLink: options.inviteLink ?? null,
    at: clock.now(),
    language: "en",
  });

const enter = (where: Awaited<ReturnType<typeof chat>>, telegramId: bigint, status = "member") =>
  recordChatMember(ctx(), { chat: where.gate, telegramId, status, at: clock.now() });

const requestState = async (chatId: bigint, telegramId: bigint) =>
  (
    await db()
      .select({ state: gateJoinRequests.state })
      .from(gateJoinRequests)
      .where(sql`${gateJoinRequests.chatId} = ${chatId} and ${gateJoinRequests.telegramId} = ${telegramId}`)
  ).map((row) => row.state);

/** The fake's calls of `method` about this chat and person. */
const callsAbout = (method: string, chatId: bigint, telegramId: bigint) =>
  fakeBot
    .callsTo(method)
    .filter((call) => call.payload.chat_id === Number(chatId) && call.payload.user_id === Number(telegramId));

const drain = () => drainOutbox(ctx(), fakeBot);

describe("joining a gated chat", () => {
  it("approves at once a person whose plan opens the chat", async () => {
    const where = await chat(["premium"]);
    const m = await member("premium");
    expect(await join(where, m.telegramId)).toBeUndefined();
    await drain();
    expect(callsAbout("approveChatJoinRequest", where.chatId, m.telegramId)).toHaveLength(1);
    expect(await requestState(where.chatId, m.telegramId)).toEqual(["approved"]);
  });

  it("answers the guard bot's query: approve with a plan, the Mini App at the join path without one", async () => {
    const where = await chat(["premium"]);
    const withPlan = await member("premium");
    const without = await member();
    expect(await join(where, withPlan.telegramId, { queryId: "q-1" })).toBeUndefined();
    expect(await join(where, without.telegramId, { queryId: "q-2" })).toEqual({
      webAppUrl: `${PUBLIC_URL}${joinChatPath(where.chatId.toString())}`,
    });
    await drain();
    const answers = fakeBot.callsTo("answerChatJoinRequestQuery").map((call) => call.payload);
    expect(answers).toContainEqual({ chat_join_request_query_id: "q-1", result: "approve" });
    expect(answers.some((answer) => answer.chat_join_request_query_id === "q-2")).toBe(false);
    expect(await requestState(where.chatId, without.telegramId)).toEqual(["pending"]);
  });

  it("without a plan: a message to the plan picker, pending, approved the moment a plan opens it", async () => {
    const where = await chat(["basic", "premium"]);
    const m = await member();
    await join(where, m.telegramId);
    await drain();
    const [message] = sendsTo(fakeBot, m.telegramId);
    expect(message?.payload.text).toContain(`Chat ${where.chatId}`);
    expect(message?.payload.reply_markup).toEqual({
      inline_keyboard: [
        [
          {
            text: "Choose a plan",
            web_app: { url: `${PUBLIC_URL}${joinChatPath(where.chatId.toString())}` },
          },
        ],
      ],
    });
    expect(await requestState(where.chatId, m.telegramId)).toEqual(["pending"]);
    expect(callsAbout("approveChatJoinRequest", where.chatId, m.telegramId)).toHaveLength(0);

    await changePlan(ctx(), m.userId, tier.basic);
    expect(await requestState(where.chatId, m.telegramId)).toEqual(["approved"]);
    await drain();
    expect(callsAbout("approveChatJoinRequest", where.chatId, m.telegramId)).toHaveLength(1);
  });

  it("declines a request still pending after JOIN_REQUEST_WAIT_HOURS, once", async () => {
    clock.ms = START;
    const where = await chat(["premium"]);
    const m = await member();
    const guarded = await member();
    await join(where, m.telegramId);
    await join(where, guarded.telegramId, { queryId: "q-wait" });
    clock.ms = START + 23 * HOUR;
    await reconcileGate(ctx());
    expect(await requestState(where.chatId, m.telegramId)).toEqual(["pending"]);
    clock.ms = START + 25 * HOUR;
    await Promise.all([reconcileGate(ctx()), reconcileGate(ctx())]);
    await drain();
    expect(await requestState(where.chatId, m.telegramId)).toEqual(["declined"]);
    expect(callsAbout("declineChatJoinRequest", where.chatId, m.telegramId)).toHaveLength(1);
    expect(
      fakeBot
        .callsTo("answerChatJoinRequestQuery")
        .filter((call) => call.payload.chat_join_request_query_id === "q-wait")
        .map((call) => call.payload.result),
    ).toEqual(["decline"]);
    clock.ms = START;
  });

  it("declines a request through someone else's personal link (a leaked one)", async () => {
    const where = await chat(["premium"]);
    const owner = await member("premium");
    const other = await member("premium");
    const res = await t.app.request(`/api/me/chats/${where.chatId}/invite`, {
      method: "POST",
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(res.status).toBe(200);
    const { link } = (await res.json()) as { link: string };
    await join(where, other.telegramId, { inviteLink: link });
    await join(where, owner.telegramId, { inviteLink: link });
    await drain();
    expect(callsAbout("declineChatJoinRequest", where.chatId, other.telegramId)).toHaveLength(1);
    expect(callsAbout("approveChatJoinRequest", where.chatId, other.telegramId)).toHaveLength(0);
    expect(callsAbout("approveChatJoinRequest", where.chatId, owner.telegramId)).toHaveLength(1);
  });

  it("approves anyone in an open chat", async () => {
    const where = await chat();
    const m = await member();
    await join(where, m.telegramId);
    await drain();
    expect(callsAbout("approveChatJoinRequest", where.chatId, m.telegramId)).toHaveLength(1);
  });
});

describe("leaving when access ends", () => {
  const removals = (where: { chatId: bigint }, telegramId: bigint) => ({
    bans: callsAbout("banChatMember", where.chatId, telegramId).length,
    unbans: callsAbout("unbanChatMember", where.chatId, telegramId).map(
      (call) => call.payload.only_if_banned,
    ),
  });

  it("a lapsed member is removed once (two reconciles at once), told why with a button to the plans", async () => {
    await racing();
    const where = await chat(["premium"]);
    const m = await member("premium");
    await enter(where, m.telegramId);
    await reconcileGate(ctx());
    await drain();
    expect(removals(where, m.telegramId)).toEqual({ bans: 0, unbans: [] });

    await setTier(m.userId, null);
    const runs = await Promise.all([reconcileGate(ctx()), reconcileGate(ctx())]);
    expect(runs.map((run) => run.removed).sort()).toEqual([0, 1]);
    await reconcileGate(ctx());
    await drain();
    expect(removals(where, m.telegramId)).toEqual({ bans: 1, unbans: [true] });
    const notices = sendsTo(fakeBot, m.telegramId).filter((call) =>
      String(call.payload.text).includes("removed"),
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]?.payload.text).toContain(`Chat ${where.chatId}`);
    expect(notices[0]?.payload.reply_markup).toEqual({
      inline_keyboard: [[{ text: "Choose a plan", web_app: { url: `${PUBLIC_URL}/settings/memberships` } }]],
    });
  });

  it("never removes the chat's Telegram administrators, nor the shop's staff", async () => {
    const where = await chat(["premium"]);
    const chatAdmin = await member();
    const staff = await member(undefined, { roles: ["employee"] });
    await enter(where, chatAdmin.telegramId, "administrator");
    await enter(where, staff.telegramId);
    await reconcileGate(ctx());
    await drain();
    expect(removals(where, chatAdmin.telegramId).bans).toBe(0);
    expect(removals(where, staff.telegramId).bans).toBe(0);
  });

  it("a downgrade removes from the higher chat only", async () => {
    const basicChat = await chat(["basic", "premium"]);
    const premiumChat = await chat(["premium"]);
    const m = await member("premium");
    await enter(basicChat, m.telegramId);
    await enter(premiumChat, m.telegramId);
    await setTier(m.userId, "basic");
    await reconcileGate(ctx());
    await drain();
    expect(removals(premiumChat, m.telegramId).bans).toBe(1);
    expect(removals(basicChat, m.telegramId).bans).toBe(0);
  });

  it("a deleted account is removed, and its personal link revoked", async () => {
    const where = await chat(["premium"]);
    const m = await member("premium");
    const res = await t.app.request(`/api/me/chats/${where.chatId}/invite`, {
      method: "POST",
      headers: { authorization: `Bearer ${m.token}` },
    });
    const { link } = (await res.json()) as { link: string };
    await enter(where, m.telegramId);
    await deleteAccount(ctx(), m.userId, m.email);
    await drain();
    expect(removals(where, m.telegramId).bans).toBe(1);
    expect(fakeBot.callsTo("revokeChatInviteLink").map((call) => call.payload.invite_link)).toContain(link);
  });

  it("someone seen without an account gets JOIN_REQUEST_WAIT_HOURS to link one, then is removed", async () => {
    clock.ms = START;
    const where = await chat(["premium"]);
    const stranger = BigInt(nextTelegramId++);
    await enter(where, stranger);
    await reconcileGate(ctx());
    clock.ms = START + 25 * HOUR;
    await reconcileGate(ctx());
    await drain();
    expect(removals(where, stranger).bans).toBe(1);
    clock.ms = START;
  });

  it("a removal queued before a renewal is skipped at send time: nobody with access is removed", async () => {
    const where = await chat(["premium"]);
    const m = await member("premium");
    await enter(where, m.telegramId);
    await setTier(m.userId, null);
    await reconcileGate(ctx());
    await setTier(m.userId, "premium");
    await drain();
    expect(removals(where, m.telegramId).bans).toBe(0);
    const [row] = await executeRows<{ state: string; last_error: string }>(
      db(),
      sql`select state, last_error from outbox where dedupe_key like ${`gate_remove:${where.chatId}:${m.telegramId}:%`}`,
    );
    expect(row).toEqual({ state: "cancelled", last_error: "access again" });
  });
});

describe("tier tags", () => {
  it("sets each member's tier name (no emoji, at most 16 characters) and clears it when the tier goes", async () => {
    const [club] = await db()
      .insert(membershipTiers)
      .values({
        name: "club",
        displayName: "⭐ Golden  Members Club 🎉",
        priceMonthly: "70.00",
        tierLevel: 5,
      })
      .returning();
    if (!club) throw new Error("no tier");
    const where = await chat(["premium"]);
    await setChatAccess(ctx(), where.chatId.toString(), { kind: "tiers", tierIds: [tier.premium, club.id] });
    const m = await member();
    await db().update(profiles).set({ membershipTierId: club.id }).where(eq(profiles.id, m.userId));
    const staff = await member("premium", { roles: ["employee"] });
    const tags = (telegramId: bigint) =>
      callsAbout("setChatMemberTag", where.chatId, telegramId).map((call) => call.payload.tag);
    await enter(where, m.telegramId);
    await enter(where, staff.telegramId);
    await reconcileGate(ctx());
    await drain();
    expect(tags(m.telegramId)).toEqual(["Golden Members C"]);
    expect(tags(staff.telegramId)).toEqual(["Premium"]);
    // Staff stay without a tier: their tag is cleared, once.
    await setTier(staff.userId, null);
    await reconcileGate(ctx());
    await reconcileGate(ctx());
    await drain();
    expect(tags(staff.telegramId)).toEqual(["Premium", ""]);
    // A tag set and changed again before it went: only the last goes.
    await setTier(staff.userId, "basic");
    await reconcileGate(ctx());
    await setTier(staff.userId, "premium");
    await reconcileGate(ctx());
    await drain();
    expect(tags(staff.telegramId)).toEqual(["Premium", "", "Premium"]);
    expect(tags(m.telegramId)).toEqual(["Golden Members C"]);
  });
});

describe("the routes", () => {
  it("Administration › Chats lists the chats, their rights, access and counts", async () => {
    const admin = await createMember(t, { roles: ["admin"] });
    const where = await chat(["premium"]);
    const inside = await member("premium");
    const out = await member();
    await enter(where, inside.telegramId);
    await recordChatMember(ctx(), {
      chat: where.gate,
      telegramId: out.telegramId,
      status: "member",
      at: clock.now(),
    });
    await join(where, (await member()).telegramId);
    const res = await t.app.request("/api/admin/chats", {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      chats: { chatId: string; counts: unknown; access: unknown; missing: unknown }[];
      botRunning: boolean;
    };
    expect(body.botRunning).toBe(true);
    const listed = body.chats.find((c) => c.chatId === where.chatId.toString());
    expect(listed?.access).toEqual({ kind: "tiers", tierIds: [tier.premium] });
    expect(listed?.missing).toEqual([]);
    // The one without a plan was removed at once (their account is known): the removal is queued.
    expect(listed?.counts).toEqual({ known: 2, withAccess: 1, toRemove: 1, pendingRequests: 1 });
  });

  it("PUT /api/admin/chats/:chatId refuses an unknown chat and an unknown tier", async () => {
    const admin = await createMember(t, { roles: ["admin"] });
    const where = await chat();
    const put = (chatId: string, body: unknown) =>
      t.app.request(`/api/admin/chats/${chatId}`, {
        method: "PUT",
        headers: { authorization: `Bearer ${admin.token}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    expect((await put("-42", { access: { kind: "open" } })).status).toBe(404);
    expect((await put(where.chatId.toString(), { access: { kind: "tiers", tierIds: [] } })).status).toBe(400);
    expect(
      (
        await put(where.chatId.toString(), {
          access: { kind: "tiers", tierIds: ["6f1c2b0e-0d7e-4a57-9d6f-0c3c6d1f9a11"] },
        })
      ).status,
    ).toBe(404);
    const ok = await put(where.chatId.toString(), { access: { kind: "tiers", tierIds: [tier.basic] } });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { access: unknown }).access).toEqual({
      kind: "tiers",
      tierIds: [tier.basic],
    });
  });

  it("a member's chats and Join: one personal link reused, refused when the plan does not open the chat", async () => {
    const where = await chat(["premium"]);
    const m = await member("premium");
    const poor = await member();
    const invite = (token: string) =>
      t.app.request(`/api/me/chats/${where.chatId}/invite`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
      });
    const first = (await (await invite(m.token)).json()) as { link: string };
    const second = (await (await invite(m.token)).json()) as { link: string };
    expect(second.link).toBe(first.link);
    const refused = await invite(poor.token);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { reason: string } }).error.reason).toBe("chat_not_granted");
    const list = await t.app.request("/api/me/chats", { headers: { authorization: `Bearer ${m.token}` } });
    const { chats } = (await list.json()) as {
      chats: { chatId: string; granted: boolean; tierIds: string[] }[];
    };
    expect(chats.find((c) => c.chatId === where.chatId.toString())).toMatchObject({
      granted: true,
      tierIds: [tier.premium],
    });
  });

  it("an announcement goes to the chat through the outbox, its button opening the Mini App", async () => {
    const admin = await createMember(t, { roles: ["admin"] });
    const where = await chat(["premium"]);
    const res = await t.app.request(`/api/admin/chats/${where.chatId}/announcement`, {
      method: "POST",
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(res.status).toBe(200);
    await drain();
    const [sent] = sendsTo(fakeBot, where.chatId);
    expect(sent?.payload.text).toContain("This chat is for members");
    expect(sent?.payload.reply_markup).toEqual({
      inline_keyboard: [[{ text: "Link my account", url: "https://t.me/test_shop_bot?startapp=chats" }]],
    });
  });

  it("two Joins at once keep one personal link; the other is revoked through the outbox", async () => {
    await racing();
    const where = await chat(["premium"]);
    const m = await member("premium");
    const invite = () =>
      t.app.request(`/api/me/chats/${where.chatId}/invite`, {
        method: "POST",
        headers: { authorization: `Bearer ${m.token}` },
      });
    const links = await Promise.all([invite(), invite()]).then((answers) =>
      Promise.all(answers.map(async (res) => ((await res.json()) as { link: string }).link)),
    );
    expect(links[0]).toBe(links[1]);
    await drain();
    const revoked = fakeBot
      .callsTo("revokeChatInviteLink")
      .filter((call) => call.payload.chat_id === Number(where.chatId))
      .map((call) => call.payload.invite_link);
    expect(revoked).not.toContain(links[0]);
  });
});

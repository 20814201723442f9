import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminChatsSchema } from "#api/contracts/gate";
import type { createApp } from "#api/http/app";
import { executeRows } from "#db/rows";
import { profiles, users } from "#db/schema/index";
import { bearer, createMember, TEST_BOT_TOKEN } from "../helpers/accounts";
import { startBotApp } from "../helpers/bot-app";
import { drainOutbox } from "../helpers/drain-outbox";
import type { FakeBotApi } from "../helpers/fake-bot-api";
import { eventually, type TestApp } from "../helpers/test-app";
import { insertTestTiers, type TestTierName } from "../helpers/tiers";

// The gate's updates (decision 120) through the real bot (grammY, long polling) against the fake Bot
// API: my_chat_member teaches it a chat and the bot's rights, chat_member who is in, and a guard
// bot's join request opens the Mini App at once.
const GROUP = { id: -1_002_000_000_001, type: "supergroup" as const, title: "Members' lounge" };
const BOT = { id: 123456789, is_bot: true, first_name: "Shop" };
let fake: FakeBotApi;
let t: TestApp;
let app: ReturnType<typeof createApp>;
let close: () => Promise<void>;
let tier: Record<TestTierName, string>;

beforeAll(async () => {
  ({ fake, t, app, close } = await startBotApp());
  // The fake knows the group (the bot an administrator there), as Telegram would.
  fake.addChat({ ...GROUP, botRights: { can_manage_tags: false } });
  tier = await insertTestTiers(t.services.database.db);
});
afterAll(() => close());

const db = () => t.services.database.db;
const date = () => Math.floor(Date.now() / 1000);
const person = (id: number) => ({ id, is_bot: false, first_name: `P${id}` });

async function chats(token: string) {
  const res = await app.request("/api/admin/chats", { headers: bearer(token) });
  expect(res.status).toBe(200);
  return adminChatsSchema.parse(await res.json());
}

describe("the bot's gate", () => {
  it("learns a group and the bot's rights from my_chat_member; an admin gates it", async () => {
    const admin = await createMember(t, { roles: ["admin"] });
    fake.push({
      my_chat_member: {
        chat: GROUP,
        from: person(500),
        date: date(),
        old_chat_member: { status: "left", user: BOT },
        new_chat_member: {
          status: "administrator",
          user: BOT,
          can_be_edited: false,
          is_anonymous: false,
          can_manage_chat: true,
          can_delete_messages: true,
          can_manage_video_chats: true,
          can_restrict_members: true,
          can_promote_members: false,
          can_change_info: false,
          can_invite_users: true,
          can_post_stories: false,
          can_edit_stories: false,
          can_delete_stories: false,
          can_send_welcome_messages: false,
        },
      },
    });
    const listed = await eventually(async () => {
      const found = (await chats(admin.token)).chats.find((chat) => chat.chatId === String(GROUP.id));
      expect(found).toBeDefined();
      return found;
    }, 10_000);
    expect(listed).toMatchObject({
      kind: "supergroup",
      title: GROUP.title,
      botIsAdmin: true,
      rights: { inviteUsers: true, banUsers: true, manageTags: false },
      missing: ["manageTags"],
      access: { kind: "open" },
    });
    const res = await app.request(`/api/admin/chats/${GROUP.id}`, {
      method: "PUT",
      headers: { ...bearer(admin.token), "content-type": "application/json" },
      body: JSON.stringify({ access: { kind: "tiers", tierIds: [tier.premium] } }),
    });
    expect(res.status).toBe(200);
  });

  it("a guard bot's join request without a plan opens the Mini App at the join path at once", async () => {
    fake.push({
      chat_join_request: {
        chat: GROUP,
        from: person(7001),
        user_chat_id: 7001,
        date: date(),
        query_id: "guard-7001",
      },
    });
    const call = await eventually(async () => {
      const [found] = fake.callsTo("sendChatJoinRequestWebApp");
      expect(found).toBeDefined();
      return found;
    }, 10_000);
    expect(call?.payload).toEqual({
      chat_join_request_query_id: "guard-7001",
      web_app_url: `https://shop.example.com/settings/memberships?join=${GROUP.id}`,
    });
  });

  it("chat_member: a member who joined is known; one without a plan is removed through the outbox", async () => {
    const m = await createMember(t);
    await db().update(users).set({ telegramId: 7002n }).where(eq(users.id, m.userId));
    await db().update(profiles).set({ membershipTierId: tier.premium }).where(eq(profiles.id, m.userId));
    const joined = (id: number) => ({
      chat_member: {
        chat: GROUP,
        from: person(id),
        date: date(),
        old_chat_member: { status: "left" as const, user: person(id) },
        new_chat_member: { status: "member" as const, user: person(id) },
      },
    });
    const poor = await createMember(t);
    await db().update(users).set({ telegramId: 7003n }).where(eq(users.id, poor.userId));
    fake.push(joined(7002));
    fake.push(joined(7003));
    await eventually(async () => {
      const rows = await executeRows<{ telegram_id: string; status: string }>(
        db(),
        sql`select telegram_id::text, status from gate_members where chat_id = ${GROUP.id} order by telegram_id`,
      );
      expect(rows).toEqual([
        { telegram_id: "7002", status: "member" },
        { telegram_id: "7003", status: "member" },
      ]);
    }, 10_000);
    // The removal is queued by the update's reconcile, which may end after the member rows are seen.
    await eventually(async () => {
      await drainOutbox(t.services, fake);
      expect(fake.bansOf(GROUP.id, 7003)).toBe(1);
    }, 10_000);
    expect(fake.bansOf(GROUP.id, 7002)).toBe(0);
  });

  it("a removal whose unban meets a 429 waits it out and bans once", async () => {
    const poor = await createMember(t);
    await db().update(users).set({ telegramId: 7004n }).where(eq(users.id, poor.userId));
    fake.failNext("unbanChatMember", {
      error_code: 429,
      description: "Too Many Requests: retry after 1",
      parameters: { retry_after: 1 },
    });
    fake.push({
      chat_member: {
        chat: GROUP,
        from: person(7004),
        date: date(),
        old_chat_member: { status: "left" as const, user: person(7004) },
        new_chat_member: { status: "member" as const, user: person(7004) },
      },
    });
    await eventually(async () => {
      const rows = await executeRows<{ status: string }>(
        db(),
        sql`select status from gate_members where chat_id = ${GROUP.id} and telegram_id = 7004`,
      );
      expect(rows).toEqual([{ status: "member" }]);
    }, 10_000);
    const about = (method: string) => fake.callsTo(method).filter((call) => call.payload.user_id === 7004);
    await eventually(async () => {
      await drainOutbox(t.services, fake);
      expect(about("unbanChatMember")).toHaveLength(2);
    }, 15_000);
    expect(about("banChatMember")).toHaveLength(1);
    // The refused unban, then the one after retry_after.
    expect(about("unbanChatMember")).toHaveLength(2);
    expect(fake.bansOf(GROUP.id, 7004)).toBe(1);
    expect(fake.membersOf(GROUP.id).get(7004)).not.toBe("kicked");
  });

  it("a removal tried before asks Telegram first: a ban that landed is not made again", async () => {
    const poor = await createMember(t);
    await db().update(users).set({ telegramId: 7005n }).where(eq(users.id, poor.userId));
    fake.push({
      chat_member: {
        chat: GROUP,
        from: person(7005),
        date: date(),
        old_chat_member: { status: "left" as const, user: person(7005) },
        new_chat_member: { status: "member" as const, user: person(7005) },
      },
    });
    const removal = sql`kind = 'chat_action' and payload ->> 'action' = 'remove' and payload ->> 'userId' = '7005'`;
    await eventually(async () => {
      const rows = await executeRows<{ id: string }>(db(), sql`select id from outbox where ${removal}`);
      expect(rows).toHaveLength(1);
    }, 10_000);
    // A process called banChatMember, Telegram banned them, and the process died before recording it:
    // the lease ended, the row is queued again with its try counted.
    const banned = await fetch(`${fake.apiRoot}/bot${TEST_BOT_TOKEN}/banChatMember`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ chat_id: GROUP.id, user_id: 7005 }),
    });
    expect(banned.status).toBe(200);
    await executeRows(db(), sql`update outbox set tries = 1 where ${removal}`);
    const about = (method: string) => fake.callsTo(method).filter((call) => call.payload.user_id === 7005);
    await eventually(async () => {
      await drainOutbox(t.services, fake);
      expect(about("unbanChatMember")).toHaveLength(1);
    }, 10_000);
    expect(about("getChatMember")).toHaveLength(1);
    expect(about("banChatMember")).toHaveLength(1);
    expect(fake.bansOf(GROUP.id, 7005)).toBe(1);
    expect(fake.membersOf(GROUP.id).get(7005)).toBe("left");
  });
});

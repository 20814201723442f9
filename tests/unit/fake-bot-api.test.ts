import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_BOT_TOKEN, testBotInfo } from "../helpers/accounts";
import { type FakeBotApi, startFakeBotApi } from "../helpers/fake-bot-api";

// The fake Bot API refuses what Telegram would, and keeps the chats' state the gate's tests read.
const CHANNEL = -1001000000001;
const GROUP = -1001000000002;
const OWNER = { id: 700, is_bot: false, first_name: "Owner" };
const ADMIN = { id: 701, is_bot: false, first_name: "Admin" };
let fake: FakeBotApi;

beforeAll(async () => {
  fake = await startFakeBotApi({ id: CHANNEL, title: "Channel" });
  fake.addChat({ id: GROUP, type: "supergroup", title: "Members", admins: [OWNER, ADMIN] });
});
afterAll(() => fake.close());

async function call(method: string, payload: Record<string, unknown> = {}) {
  const res = await fetch(`${fake.apiRoot}/bot${TEST_BOT_TOKEN}/${method}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(payload),
  });
  return {
    status: res.status,
    body: (await res.json()) as { ok: boolean; result: Record<string, unknown>; description?: string },
  };
}

describe("what Telegram does not have", () => {
  it("a method it does not have is not found", async () => {
    expect(await call("sendMesage", { chat_id: 1, text: "hi" })).toEqual({
      status: 404,
      body: { ok: false, error_code: 404, description: "Not Found: method not found" },
    });
  });

  it("a parameter it does not have, or a required one missing, is a bad request", async () => {
    expect(await call("sendMessage", { chat_id: 1, text: "hi", parseMode: "HTML" })).toEqual({
      status: 400,
      body: { ok: false, error_code: 400, description: "Bad Request: unknown parameter parseMode" },
    });
    expect((await call("sendMessage", { chat_id: 1 })).body.description).toBe(
      "Bad Request: parameter text is required",
    );
    expect((await call("sendMessage", { chat_id: 1, text: "hi", parse_mode: "HTML" })).status).toBe(200);
  });
});

describe("chats, links, join requests, bans and tags", () => {
  it("answers getChat and getChatMember for each chat it knows, the bot with its rights", async () => {
    expect((await call("getChat", { chat_id: GROUP })).body.result).toMatchObject({
      id: GROUP,
      type: "supergroup",
      title: "Members",
    });
    expect((await call("getChat", { chat_id: CHANNEL })).body.result).toMatchObject({ type: "channel" });
    fake.setBotRights(GROUP, { can_manage_tags: false });
    expect(
      (await call("getChatMember", { chat_id: GROUP, user_id: testBotInfo.id })).body.result,
    ).toMatchObject({
      status: "administrator",
      can_invite_users: true,
      can_restrict_members: true,
      can_manage_tags: false,
    });
    expect((await call("getChatMember", { chat_id: GROUP, user_id: OWNER.id })).body.result.status).toBe(
      "creator",
    );
    const admins = (await call("getChatAdministrators", { chat_id: GROUP })).body.result as unknown as {
      user: { id: number };
    }[];
    expect(admins.map((a) => a.user.id)).toEqual([testBotInfo.id, OWNER.id, ADMIN.id]);
    expect((await call("setChatMemberTag", { chat_id: GROUP, user_id: 5, tag: "Gold" })).status).toBe(400);
    fake.setBotRights(GROUP, { can_manage_tags: true });
  });

  it("makes unique invite links, edits and revokes them", async () => {
    const made = await call("createChatInviteLink", {
      chat_id: GROUP,
      name: "Ann",
      creates_join_request: true,
    });
    const other = await call("createChatInviteLink", {
      chat_id: GROUP,
      name: "Bob",
      creates_join_request: true,
    });
    expect(made.body.result).toMatchObject({ name: "Ann", creates_join_request: true, is_revoked: false });
    expect(made.body.result.invite_link).not.toBe(other.body.result.invite_link);
    const link = made.body.result.invite_link as string;
    expect(
      (await call("editChatInviteLink", { chat_id: GROUP, invite_link: link, name: "Ann B" })).body.result,
    ).toMatchObject({ name: "Ann B", invite_link: link });
    expect(
      (await call("revokeChatInviteLink", { chat_id: GROUP, invite_link: link })).body.result.is_revoked,
    ).toBe(true);
    expect(fake.inviteLinks().find((l) => l.invite_link === link)?.is_revoked).toBe(true);
  });

  it("decides join requests with and without a query, once", async () => {
    const plain = fake.pushJoinRequest(GROUP, 801);
    expect(plain.chat_join_request).toMatchObject({ user_chat_id: 801, chat: { id: GROUP } });
    expect(await call("approveChatJoinRequest", { chat_id: GROUP, user_id: 801 })).toMatchObject({
      status: 200,
    });
    expect((await call("approveChatJoinRequest", { chat_id: GROUP, user_id: 801 })).body.description).toBe(
      "Bad Request: HIDE_REQUESTER_MISSING",
    );
    expect(fake.membersOf(GROUP).get(801)).toBe("member");

    const asked = fake.pushJoinRequest(GROUP, 802, { query: true });
    const queryId = asked.chat_join_request?.query_id;
    expect(queryId).toBeDefined();
    expect(
      (
        await call("sendChatJoinRequestWebApp", {
          chat_join_request_query_id: queryId,
          web_app_url: "https://x/",
        })
      ).status,
    ).toBe(200);
    expect(fake.pendingRequests(GROUP).get(802)?.webAppUrl).toBe("https://x/");
    expect(
      (await call("answerChatJoinRequestQuery", { chat_join_request_query_id: queryId, result: "decline" }))
        .status,
    ).toBe(200);
    expect(fake.pendingRequests(GROUP).has(802)).toBe(false);
    expect(fake.membersOf(GROUP).get(802)).toBeUndefined();
    expect(
      (await call("answerChatJoinRequestQuery", { chat_join_request_query_id: queryId, result: "approve" }))
        .body.description,
    ).toBe("Bad Request: QUERY_ID_INVALID");
  });

  it("bans and unbans, keeps count, never an administrator", async () => {
    fake.pushChatMember(GROUP, 803, { from: "left", to: "member" });
    expect((await call("banChatMember", { chat_id: GROUP, user_id: 803 })).status).toBe(200);
    expect(fake.membersOf(GROUP).get(803)).toBe("kicked");
    expect(
      (await call("unbanChatMember", { chat_id: GROUP, user_id: 803, only_if_banned: true })).status,
    ).toBe(200);
    expect(fake.membersOf(GROUP).get(803)).toBe("left");
    expect(fake.bansOf(GROUP, 803)).toBe(1);
    expect((await call("banChatMember", { chat_id: GROUP, user_id: ADMIN.id })).body.description).toBe(
      "Bad Request: user is an administrator of the chat",
    );
    // only_if_banned leaves a member in; without it, Telegram removes them too.
    fake.pushChatMember(GROUP, 804, { from: "left", to: "member" });
    await call("unbanChatMember", { chat_id: GROUP, user_id: 804, only_if_banned: true });
    expect(fake.membersOf(GROUP).get(804)).toBe("member");
    await call("unbanChatMember", { chat_id: GROUP, user_id: 804 });
    expect(fake.membersOf(GROUP).get(804)).toBe("left");
  });

  it("tags members in groups, as Telegram limits tags", async () => {
    expect((await call("setChatMemberTag", { chat_id: GROUP, user_id: 805, tag: "Gold" })).status).toBe(200);
    expect(fake.tagsOf(GROUP).get(805)).toBe("Gold");
    for (const tag of ["Seventeen letters", "Gold ⭐"]) {
      expect((await call("setChatMemberTag", { chat_id: GROUP, user_id: 805, tag })).body.description).toBe(
        "Bad Request: TAG_INVALID",
      );
    }
    expect((await call("setChatMemberTag", { chat_id: GROUP, user_id: 805 })).status).toBe(200);
    expect(fake.tagsOf(GROUP).has(805)).toBe(false);
    expect((await call("setChatMemberTag", { chat_id: CHANNEL, user_id: 805, tag: "Gold" })).status).toBe(
      400,
    );
  });

  it("limits the admin methods' rate when asked to", async () => {
    fake.limitRate(2, 1, { methods: ["banChatMember"] });
    const statuses = [];
    for (const user of [810, 811, 812])
      statuses.push((await call("banChatMember", { chat_id: GROUP, user_id: user })).status);
    expect(statuses).toEqual([200, 200, 429]);
    expect(fake.refused().rateLimited).toBe(1);
    expect(fake.bansOf(GROUP, 812)).toBe(0);
  });
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  conversationDetailSchema,
  conversationListSchema,
  memberConversationSchema,
  postedSupportMessageSchema,
  SUPPORT_TEXT_MAX,
} from "#api/contracts/support";
import { orders, products, profiles, users } from "#db/schema/index";
import { bearer, createMember, errorOf, post, recordingTelegram } from "../helpers/accounts";
import { drainOutbox, sendsTo } from "../helpers/drain-outbox";
import { type FakeBotApi, startFakeBotApi } from "../helpers/fake-bot-api";
import { decodeQuotedPrintable, startFakeSmtp } from "../helpers/fake-smtp";
import { queuedFor } from "../helpers/queued-messages";
import { MB, PNG, padded, SVG } from "../helpers/sample-files";
import { SseReader } from "../helpers/sse-client";
import { eventually, startTestApp, type TestApp } from "../helpers/test-app";
import { insertTestTiers } from "../helpers/tiers";

// The support inbox (docs/decisions/105-support-inbox.md): members write from the app, admins and
// moderators read and answer, the member reads the answer in the app and hears of it through the
// outbox (decision 109: a support_reply row; the outbox's sender delivers it, here against the fake
// Bot API and the fake SMTP server). Runs on PGlite, and on Postgres when DATABASE_URL is set.
const telegram = recordingTelegram();
let fakeBot: FakeBotApi;
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
let t: TestApp;
let admin: Awaited<ReturnType<typeof createMember>>;
let moderator: Awaited<ReturnType<typeof createMember>>;
let employee: Awaited<ReturnType<typeof createMember>>;
let premium: string;
const controller = new AbortController();

beforeAll(async () => {
  fakeBot = await startFakeBotApi({ id: -1009, title: "Channel" });
  smtp = await startFakeSmtp();
  t = await startTestApp({ telegram, env: { PUBLIC_URL: "https://shop.example.com", SMTP_URL: smtp.url } });
  admin = await createMember(t, { roles: ["admin"] });
  moderator = await createMember(t, { roles: ["moderator"] });
  employee = await createMember(t, { roles: ["employee"] });
  premium = (await insertTestTiers(t.services.database.db)).premium;
});
afterAll(async () => {
  controller.abort();
  await t.close();
  await fakeBot.close();
  await smtp.close();
});

const db = () => t.services.database.db;

/** A multipart form: the text fields first, then the file, as the app sends it. */
function form(fields: Record<string, string>, file?: { bytes: Uint8Array; name: string; type: string }) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  if (file) body.append("file", new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return body;
}
const write = (token: string, fields: Record<string, string>, file?: Parameters<typeof form>[1]) =>
  t.app.request("/api/me/conversation/messages", {
    method: "POST",
    headers: bearer(token),
    body: form(fields, file),
  });
const reply = (
  token: string,
  id: string,
  fields: Record<string, string>,
  file?: Parameters<typeof form>[1],
) =>
  t.app.request(`/api/admin/conversations/${id}/messages`, {
    method: "POST",
    headers: bearer(token),
    body: form(fields, file),
  });
const inbox = async (token = admin.token) => {
  const res = await t.app.request("/api/admin/conversations", { headers: bearer(token) });
  expect(res.status).toBe(200);
  return conversationListSchema.parse(await res.json());
};
const conversationOf = async (token: string) => {
  const res = await t.app.request("/api/me/conversation", { headers: bearer(token) });
  expect(res.status).toBe(200);
  return memberConversationSchema.parse(await res.json());
};
/** The member has Telegram and started the bot: the outbox may write to them. */
async function withTelegram(member: { userId: string }, telegramId: bigint) {
  await db().update(users).set({ telegramId }).where(eq(users.id, member.userId));
  await db().update(profiles).set({ botWritableAt: new Date() }).where(eq(profiles.id, member.userId));
}
async function placeOrder(userId: string) {
  const [order] = await db()
    .insert(orders)
    .values({
      userId,
      totalCredits: "12.50",
      deliveryName: "Ada",
      deliveryAddress: "1 Main St",
      deliveryState: "CA",
    })
    .returning();
  if (!order) throw new Error("no order");
  return order;
}

describe("a member writes to the shop and staff answer", () => {
  it("the member writes; staff see the conversation first with its unread count, plan and orders; the reply reaches the member", async () => {
    const member = await createMember(t, { fullName: "Ada Member" });
    await db().update(profiles).set({ membershipTierId: premium }).where(eq(profiles.id, member.userId));
    await withTelegram(member, 7_700_001n);
    const order = await placeOrder(member.userId);
    expect(await conversationOf(member.token)).toEqual({ messages: [] });

    const first = await write(member.token, {
      text: "  Where is my order?  ",
      orderId: order.id.toUpperCase(),
    });
    expect(first.status, await first.clone().text()).toBe(201);
    const posted = postedSupportMessageSchema.parse(await first.json()).message;
    expect(posted).toMatchObject({
      from: "member",
      text: "Where is my order?",
      order: { id: order.id, number: order.number },
      via: "app",
      imageUrl: null,
    });
    expect((await write(member.token, { text: `Order #${order.number}` })).status).toBe(201);

    const list = await inbox();
    const mine = list.conversations[0];
    expect(mine?.member).toMatchObject({ id: member.userId, name: "Ada Member" });
    expect(mine?.unread).toBe(2);
    expect(mine?.preview).toEqual({ from: "member", text: `Order #${order.number}`, hasImage: false });
    expect(list.unreadConversations).toBeGreaterThanOrEqual(1);

    const opened = await t.app.request(`/api/admin/conversations/${mine?.id}`, {
      headers: bearer(moderator.token),
    });
    expect(opened.status).toBe(200);
    const detail = conversationDetailSchema.parse(await opened.json());
    expect(detail.messages.map((m) => m.text)).toEqual(["Where is my order?", `Order #${order.number}`]);
    expect(detail.plan).toEqual({ tierName: "Premium" });
    expect(detail.recentOrders).toEqual([
      expect.objectContaining({ id: order.id, number: order.number, status: "placed", total: "12.50" }),
    ]);

    // Reading it clears the count.
    const read = await t.app.request(
      `/api/admin/conversations/${mine?.id}/read`,
      post({}, bearer(moderator.token)),
    );
    expect(read.status).toBe(200);
    expect((await inbox()).conversations.find((c) => c.id === mine?.id)?.unread).toBe(0);

    const answered = await reply(moderator.token, mine?.id ?? "", { text: "It ships tomorrow." });
    expect(answered.status, await answered.clone().text()).toBe(201);
    expect(postedSupportMessageSchema.parse(await answered.json()).message.from).toBe("staff");

    const seen = await conversationOf(member.token);
    expect(seen.messages.map((m) => [m.from, m.text])).toEqual([
      ["member", "Where is my order?"],
      ["member", `Order #${order.number}`],
      ["staff", "It ships tomorrow."],
    ]);
    // Queued for the bot too, in the member's language, once (keyed by the reply), with a way back to Help.
    const replyId = seen.messages.at(-1)?.id;
    expect(await queuedFor(db(), member.userId)).toEqual([
      {
        kind: "support_reply",
        channel: "telegram",
        chatId: 7_700_001n,
        payload: {
          text: "The shop replied:\n\nIt ships tomorrow.",
          subject: "The shop replied to you",
          buttons: [{ text: "Open the conversation", open: "/settings/help" }],
        },
        dedupeKey: `support_reply:${replyId}`,
        state: "queued",
      },
    ]);
    // Nothing goes straight to Telegram: the outbox's sender does.
    await t.services.background.drain();
    expect(sendsTo(fakeBot, 7_700_001)).toEqual([]);

    // The sender delivers it to the member's chat, once, with the button back to the conversation.
    await drainOutbox(t.services, fakeBot);
    const delivered = sendsTo(fakeBot, 7_700_001);
    expect(delivered.map((call) => call.method)).toEqual(["sendMessage"]);
    expect(delivered[0]?.payload).toMatchObject({
      text: "The shop replied:\n\nIt ships tomorrow.",
      reply_markup: {
        inline_keyboard: [
          [{ text: "Open the conversation", web_app: { url: "https://shop.example.com/settings/help" } }],
        ],
      },
    });
    expect((await queuedFor(db(), member.userId)).map((row) => row.state)).toEqual(["sent"]);
    await drainOutbox(t.services, fakeBot);
    expect(sendsTo(fakeBot, 7_700_001)).toHaveLength(1);
  });

  it("newest conversation first; a member without Telegram gets the reply in the app, or by mail once proven", async () => {
    const older = await createMember(t);
    const newer = await createMember(t);
    expect((await write(older.token, { text: "first" })).status).toBe(201);
    expect((await write(newer.token, { text: "second" })).status).toBe(201);
    const ids = (await inbox()).conversations.map((c) => c.member.id);
    expect(ids.indexOf(newer.userId)).toBeLessThan(ids.indexOf(older.userId));

    const id = (await inbox()).conversations.find((c) => c.member.id === older.userId)?.id ?? "";
    expect((await reply(admin.token, id, { text: "Hello" })).status).toBe(201);
    // No Telegram and no proven address: counted unreachable, never attempted.
    expect((await queuedFor(db(), older.userId)).map((row) => [row.channel, row.state])).toEqual([
      ["telegram", "unreachable"],
    ]);
    expect((await conversationOf(older.token)).messages.at(-1)?.text).toBe("Hello");
    // A proven address: the next reply goes by mail.
    await db().update(profiles).set({ emailVerifiedAt: new Date() }).where(eq(profiles.id, older.userId));
    expect((await reply(admin.token, id, { text: "Again" })).status).toBe(201);
    expect((await queuedFor(db(), older.userId)).at(-1)).toMatchObject({
      kind: "support_reply",
      channel: "mail",
      chatId: null,
      state: "queued",
      payload: { text: "The shop replied:\n\nAgain", subject: "The shop replied to you" },
    });
    // Answering is reading.
    expect((await inbox()).conversations.find((c) => c.id === id)?.unread).toBe(0);

    // The sender mails it, once, with the link back to the conversation; the unreachable row stays so.
    await drainOutbox(t.services, fakeBot);
    const replies = smtp.received
      .filter(
        (m) =>
          m.to.some((to) => to.includes(older.email)) && /^Subject: The shop replied to you$/m.test(m.data),
      )
      .map((m) => decodeQuotedPrintable(m.data).replace(/\r\n/g, "\n"));
    expect(replies).toHaveLength(1);
    expect(replies[0]).toContain(
      "The shop replied:\n\nAgain\n\nOpen the conversation: https://shop.example.com/settings/help",
    );
    expect(replies[0]).not.toContain("Hello");
    expect((await queuedFor(db(), older.userId)).map((row) => [row.channel, row.state])).toEqual([
      ["telegram", "unreachable"],
      ["mail", "sent"],
    ]);
  });

  it("an image rides with a message; the member's own orders only", async () => {
    const member = await createMember(t);
    const other = await createMember(t);
    const res = await write(member.token, { text: "" }, { bytes: PNG, name: "shot.png", type: "image/png" });
    expect(res.status, await res.clone().text()).toBe(201);
    const { message } = postedSupportMessageSchema.parse(await res.json());
    expect(message.imageUrl).toMatch(
      new RegExp(`^/media/support-images/${member.userId}/\\d+-[0-9a-f]{16}\\.png$`),
    );
    const file = await t.app.request(message.imageUrl ?? "");
    expect(file.status).toBe(200);
    expect(file.headers.get("cache-control")).toBe("private, max-age=3600");

    const othersOrder = await placeOrder(other.userId);
    const refused = await write(member.token, { text: "about this", orderId: othersOrder.id });
    expect(refused.status).toBe(404);
    expect((await errorOf(refused)).message).toBe("Order not found");
    expect((await write(member.token, { text: "about this", orderId: "not-an-id" })).status).toBe(404);
  });
});

describe("refusals and limits", () => {
  it("empty, too long, not an image, too large: 4xx with the contract's words; nothing stored", async () => {
    const member = await createMember(t);
    const empty = await write(member.token, { text: "   " });
    expect(empty.status).toBe(400);
    expect((await errorOf(empty)).message).toBe("Write a message or attach an image");
    const long = await write(member.token, { text: "x".repeat(SUPPORT_TEXT_MAX + 1) });
    expect(long.status).toBe(400);
    expect((await errorOf(long)).message).toBe(`Message must be at most ${SUPPORT_TEXT_MAX} characters`);
    expect((await write(member.token, { text: "x".repeat(SUPPORT_TEXT_MAX) })).status).toBe(201);
    const svg = await write(
      member.token,
      { text: "hi" },
      { bytes: SVG, name: "a.svg", type: "image/svg+xml" },
    );
    expect(svg.status).toBe(415);
    expect((await errorOf(svg)).message).toBe("Please select an image file");
    const big = await write(
      member.token,
      { text: "hi" },
      { bytes: padded(PNG, 5 * MB + 1), name: "big.png", type: "image/png" },
    );
    expect(big.status).toBe(413);
    expect((await errorOf(big)).message).toBe("Image must be less than 5MB");
    const nul = await write(member.token, { text: "a\u0000b" });
    expect(nul.status).toBe(400);
    expect((await conversationOf(member.token)).messages).toHaveLength(1);
    // In the member's language.
    const russian = await t.app.request("/api/me/conversation/messages", {
      method: "POST",
      headers: { ...bearer(member.token), "accept-language": "ru" },
      body: form({ text: "" }),
    });
    expect((await errorOf(russian)).message).toBe("Напишите сообщение или приложите изображение");
  });

  it("20 messages per member in 10 minutes, counted before the work: the 21st is 429 with Retry-After", async () => {
    const member = await createMember(t);
    for (let n = 0; n < 20; n += 1) expect((await write(member.token, { text: `m${n}` })).status).toBe(201);
    const refused = await write(member.token, { text: "one more" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Even an empty one counts: the limit comes first.
    expect((await write(member.token, { text: "" })).status).toBe(429);
    expect((await conversationOf(member.token)).messages).toHaveLength(20);
    // Another member is not held back.
    expect((await write((await createMember(t)).token, { text: "hi" })).status).toBe(201);
  });

  it("who may do what: members their own; admins and moderators the inbox; employees and members not", async () => {
    const member = await createMember(t);
    expect((await write(member.token, { text: "hello" })).status).toBe(201);
    const id = (await inbox()).conversations.find((c) => c.member.id === member.userId)?.id ?? "";
    for (const who of [employee, member]) {
      expect((await t.app.request("/api/admin/conversations", { headers: bearer(who.token) })).status).toBe(
        403,
      );
      expect(
        (await t.app.request(`/api/admin/conversations/${id}`, { headers: bearer(who.token) })).status,
      ).toBe(403);
      expect((await reply(who.token, id, { text: "x" })).status).toBe(403);
    }
    expect((await t.app.request("/api/me/conversation")).status).toBe(401);
    const unknown = "00000000-0000-4000-8000-000000000000";
    const missing = await t.app.request(`/api/admin/conversations/${unknown}`, {
      headers: bearer(admin.token),
    });
    expect(missing.status).toBe(404);
    expect((await errorOf(missing)).message).toBe("Conversation not found");
    expect((await reply(admin.token, unknown, { text: "x" })).status).toBe(404);
    expect(
      (await t.app.request(`/api/admin/conversations/${unknown}/read`, post({}, bearer(admin.token)))).status,
    ).toBe(404);
    expect((await reply(admin.token, id, { text: " " })).status).toBe(400);
  });
});

describe("live, both ways", () => {
  async function open(token?: string) {
    const stream = new SseReader(
      await t.app.request("/api/events", { headers: token ? bearer(token) : {}, signal: controller.signal }),
    );
    await eventually(async () => expect(stream.comments).toContain("connected"));
    return stream;
  }

  it("a conversation's change reaches its member and the inbox's staff, never another member or an employee", async () => {
    const member = await createMember(t);
    const other = await createMember(t);
    const streams = {
      member: await open(member.token),
      other: await open(other.token),
      employee: await open(employee.token),
      moderator: await open(moderator.token),
      visitor: await open(),
    };
    expect((await write(member.token, { text: "live?" })).status).toBe(201);
    // A public change after it: once that arrives everywhere, the conversation's event was decided.
    await db().insert(products).values({ title: "Marker", creditPrice: "5.00" });
    for (const stream of Object.values(streams))
      await eventually(async () => expect(stream.changedTables()).toContain("products"));
    expect(streams.member.changedTables()).toContain("support_conversations");
    expect(streams.moderator.changedTables()).toContain("support_conversations");
    expect(streams.other.changedTables()).not.toContain("support_conversations");
    expect(streams.employee.changedTables()).not.toContain("support_conversations");
    expect(streams.visitor.changedTables()).not.toContain("support_conversations");

    // The reply reaches the member live.
    const before = streams.member.changedTables().length;
    const id = (await inbox()).conversations.find((c) => c.member.id === member.userId)?.id ?? "";
    expect((await reply(moderator.token, id, { text: "yes" })).status).toBe(201);
    await eventually(async () =>
      expect(streams.member.changedTables().slice(before)).toContain("support_conversations"),
    );
  });
});

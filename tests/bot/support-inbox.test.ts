import { eq } from "drizzle-orm";
import type { Update } from "grammy/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  conversationDetailSchema,
  conversationListSchema,
  memberConversationSchema,
} from "#api/contracts/support";
import { serverText } from "#api/domain/i18n/translate";
import { profiles, supportMessages, users } from "#db/schema/index";
import { bearer, createMember } from "../helpers/accounts";
import { startBotApp } from "../helpers/bot-app";
import { drainOutbox, sendsTo } from "../helpers/drain-outbox";
import type { FakeBotApi } from "../helpers/fake-bot-api";
import { queuedFor } from "../helpers/queued-messages";
import { JPEG } from "../helpers/sample-files";
import { eventually, type TestApp } from "../helpers/test-app";

// The support inbox through the real bot against the fake Bot API (docs/decisions/105): a member's
// text or photo to the bot lands in their conversation with one acknowledgement, and a staff reply
// is queued in the outbox for the member's chat and the outbox's sender delivers it (decision 109); a
// member who blocked the bot reads it in the app. PGlite, and Postgres when DATABASE_URL is set.
let fake: FakeBotApi;
let t: TestApp;
let app: Awaited<ReturnType<typeof startBotApp>>["app"];
let close: () => Promise<void>;
let admin: Awaited<ReturnType<typeof createMember>>;

beforeAll(async () => {
  ({ fake, t, app, close } = await startBotApp());
  admin = await createMember(t, { roles: ["admin"] });
});
afterAll(() => close());

const db = () => t.services.database.db;
let messageId = 500;
function privateMessage(fromId: number, content: Record<string, unknown>, languageCode = "en") {
  return {
    message_id: ++messageId,
    date: Math.floor(Date.now() / 1000),
    chat: { id: fromId, type: "private", first_name: "Mia" },
    from: { id: fromId, is_bot: false, first_name: "Mia", last_name: "Member", language_code: languageCode },
    ...content,
  } as unknown as NonNullable<Update["message"]>;
}
const textsTo = (chatId: number) =>
  fake
    .callsTo("sendMessage")
    .filter((c) => c.payload.chat_id === chatId)
    .map((c) => String(c.payload.text));
async function conversationOfTelegram(telegramId: number) {
  const [user] = await db()
    .select()
    .from(users)
    .where(eq(users.telegramId, BigInt(telegramId)));
  const list = conversationListSchema.parse(
    await (await app.request("/api/admin/conversations", { headers: bearer(admin.token) })).json(),
  );
  const summary = list.conversations.find((c) => c.member.id === user?.id);
  if (!summary) throw new Error("no conversation yet");
  const res = await app.request(`/api/admin/conversations/${summary.id}`, { headers: bearer(admin.token) });
  return conversationDetailSchema.parse(await res.json());
}

describe("members writing to the bot", () => {
  it("a text from someone the app has not met makes their account and conversation, acknowledged once per run", async () => {
    const id = 7_300_000_001;
    fake.push({ message: privateMessage(id, { text: "Do you ship to Texas?" }, "es") });
    await eventually(async () => expect(textsTo(id)).toEqual([serverText("es", "support.received")]));
    fake.push({ message: privateMessage(id, { text: "And to Ohio?" }, "es") });
    // The inbox reads the conversation and its messages in two statements: wait for both to show it.
    const detail = await eventually(async () => {
      const found = await conversationOfTelegram(id);
      expect(found.messages).toHaveLength(2);
      expect(found.conversation.unread).toBe(2);
      return found;
    });
    expect(detail.messages.map((m) => [m.from, m.text, m.via])).toEqual([
      ["member", "Do you ship to Texas?", "bot"],
      ["member", "And to Ohio?", "bot"],
    ]);
    expect(detail.conversation.member.name).toBe("Mia Member");
    // The second of the run is not acknowledged again.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(textsTo(id)).toHaveLength(1);
  });

  it("a photo is stored with its caption; a video is refused with a word", async () => {
    const id = 7_300_000_002;
    fake.addFile("member-photo", JPEG);
    fake.push({
      message: privateMessage(id, {
        caption: "This arrived broken",
        photo: [
          {
            file_id: "member-photo",
            file_unique_id: "member-photo-u",
            width: 1,
            height: 1,
            file_size: JPEG.length,
          },
        ],
      }),
    });
    const detail = await eventually(async () => {
      const found = await conversationOfTelegram(id);
      expect(found.messages).toHaveLength(1);
      return found;
    });
    const [message] = detail.messages;
    expect(message?.text).toBe("This arrived broken");
    expect(message?.imageUrl).toMatch(/^\/media\/support-images\/[0-9a-f-]{36}\/\d+-[0-9a-f]{16}\.jpg$/);
    const served = await app.request(message?.imageUrl ?? "");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(new Uint8Array(JPEG));

    fake.push({
      message: privateMessage(id, {
        video: { file_id: "v", file_unique_id: "v-u", width: 1, height: 1, duration: 1 },
      }),
    });
    await eventually(async () =>
      expect(textsTo(id)).toContain(serverText("en", "support.onlyTextAndPhotos")),
    );
    expect((await conversationOfTelegram(id)).messages).toHaveLength(1);
  });

  it("a staff reply in the app is queued for the member's chat, in their language", async () => {
    const member = await createMember(t);
    const chat = 7_300_000_003;
    await db()
      .update(users)
      .set({ telegramId: BigInt(chat) })
      .where(eq(users.id, member.userId));
    fake.push({ message: privateMessage(chat, { text: "Hello?" }) });
    const detail = await eventually(async () => conversationOfTelegram(chat));
    // Writing to the bot opened its chat: the bot may now write to the member.
    await eventually(async () => {
      const [profile] = await db().select().from(profiles).where(eq(profiles.id, member.userId));
      expect(profile?.botWritableAt).not.toBeNull();
    });
    const body = new FormData();
    body.append("text", "Hello! How can we help?");
    const res = await app.request(`/api/admin/conversations/${detail.conversation.id}/messages`, {
      method: "POST",
      headers: bearer(admin.token),
      body,
    });
    expect(res.status).toBe(201);
    expect(await queuedFor(db(), member.userId)).toEqual([
      expect.objectContaining({
        kind: "support_reply",
        channel: "telegram",
        chatId: BigInt(chat),
        state: "queued",
        payload: expect.objectContaining({
          text: serverText("en", "support.reply", { text: "Hello! How can we help?" }),
        }),
      }),
    ]);
    // The member's own app shows both.
    const mine = memberConversationSchema.parse(
      await (await app.request("/api/me/conversation", { headers: bearer(member.token) })).json(),
    );
    expect(mine.messages.map((m) => m.text)).toEqual(["Hello?", "Hello! How can we help?"]);

    // The sender delivers it to the chat (where the bot acknowledged "Hello?"), once, with the way back.
    await drainOutbox(t.services, fake);
    const replyText = serverText("en", "support.reply", { text: "Hello! How can we help?" });
    expect(textsTo(chat).filter((text) => text === replyText)).toHaveLength(1);
    expect(sendsTo(fake, chat).find((call) => call.payload.text === replyText)?.payload.reply_markup).toEqual(
      {
        inline_keyboard: [
          [{ text: "Open the conversation", web_app: { url: "https://shop.example.com/settings/help" } }],
        ],
      },
    );
    expect((await queuedFor(db(), member.userId)).map((row) => row.state)).toEqual(["sent"]);
  });

  it("a member who blocked the bot gets the reply in the app alone; the reply stands", async () => {
    const member = await createMember(t);
    const chat = 7_300_000_004;
    await db()
      .update(users)
      .set({ telegramId: BigInt(chat) })
      .where(eq(users.id, member.userId));
    const write = new FormData();
    write.append("text", "Question from the app");
    expect(
      (
        await app.request("/api/me/conversation/messages", {
          method: "POST",
          headers: bearer(member.token),
          body: write,
        })
      ).status,
    ).toBe(201);
    const detail = await conversationOfTelegram(chat);
    // Telegram answered 403 to an earlier message: the member is marked, and the outbox skips them.
    await db()
      .update(profiles)
      .set({ botWritableAt: new Date(), botBlockedAt: new Date() })
      .where(eq(profiles.id, member.userId));
    const body = new FormData();
    body.append("text", "Answer while blocked");
    const res = await app.request(`/api/admin/conversations/${detail.conversation.id}/messages`, {
      method: "POST",
      headers: bearer(admin.token),
      body,
    });
    expect(res.status).toBe(201);
    expect((await queuedFor(db(), member.userId)).map((row) => [row.kind, row.state])).toEqual([
      ["support_reply", "unreachable"],
    ]);
    expect(textsTo(chat)).toEqual([]);
    // The sender never attempts it: still nothing reaches the chat.
    await drainOutbox(t.services, fake);
    expect(sendsTo(fake, chat)).toEqual([]);
    expect(fake.calls.filter((c) => c.payload.chat_id === chat)).toEqual([]);
    expect((await queuedFor(db(), member.userId)).map((row) => row.state)).toEqual(["unreachable"]);
    const stored = await db()
      .select({ body: supportMessages.body })
      .from(supportMessages)
      .where(eq(supportMessages.conversationId, detail.conversation.id));
    expect(stored.map((row) => row.body)).toEqual(["Question from the app", "Answer while blocked"]);
  });
});

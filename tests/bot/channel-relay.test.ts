import { eq } from "drizzle-orm";
import type { Message, Update } from "grammy/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverText } from "#api/domain/i18n/translate";
import { postingReply } from "#bot/features/post-through-bot";
import { ALLOWED_UPDATES, startTelegram, type TelegramRuntime } from "#bot/runtime";
import { channelMessages, users } from "#db/schema/index";
import { bearer, createMember, TEST_BOT_TOKEN } from "../helpers/accounts";
import { CHANNEL_PHOTO, type FakeBotApi, startFakeBotApi } from "../helpers/fake-bot-api";
import { eventually, startTestApp, type TestApp } from "../helpers/test-app";

const CHANNEL = { id: -1001234567890, username: "shopchannel", title: "Shop Channel", memberCount: 26_234 };
const ADMIN_TG = 7001;
const MEMBER_TG = 7002;
// Enough of each format for its magic bytes to be recognised.
const JPEG = Uint8Array.from([
  0xff,
  0xd8,
  0xff,
  0xe0,
  0x00,
  0x10,
  0x4a,
  0x46,
  0x49,
  0x46,
  0x00,
  ...new Array(5000).fill(7),
]);
const MP4 = Uint8Array.from([
  0,
  0,
  0,
  0x18,
  0x66,
  0x74,
  0x79,
  0x70,
  0x6d,
  0x70,
  0x34,
  0x32,
  ...new Array(5000).fill(1),
]);
const HTML = new TextEncoder().encode(
  `<!doctype html><html><script>alert(1)</script>${" ".repeat(5000)}</html>`,
);

let fake: FakeBotApi;
let t: TestApp;
let runtime: TelegramRuntime | undefined;
let adminId: string;
let memberToken: string;
let nextMessageId = 100;

const now = () => Math.floor(Date.now() / 1000);
const channelChat = {
  id: CHANNEL.id,
  type: "channel" as const,
  title: CHANNEL.title,
  username: CHANNEL.username,
};
const channelPost = (fields: Partial<Message>, messageId = ++nextMessageId) =>
  ({ message_id: messageId, date: now(), chat: channelChat, ...fields }) as Message & Update.Channel;
const privateMessage = (from: number, fields: Partial<Message>) =>
  ({
    message_id: ++nextMessageId,
    date: now(),
    chat: { id: from, type: "private", first_name: "A" },
    from: { id: from, is_bot: false, first_name: "A" },
    ...fields,
  }) as Message & Update.NonChannel;

/** The admin taps an inline button (its callback data) under one of the bot's messages. */
const tapButton = (id: string, data: string) =>
  fake.push({
    callback_query: {
      id,
      from: { id: ADMIN_TG, is_bot: false, first_name: "A" },
      chat_instance: "c",
      data,
      message: privateMessage(ADMIN_TG, { text: "preview" }),
    },
  });
const rows = () => t.services.database.db.select().from(channelMessages);
const rowOf = async (messageId: number) =>
  (await rows()).find((row) => row.telegramMessageId === BigInt(messageId));
const feed = async () => {
  const res = await t.app.request("/api/messages", { headers: bearer(memberToken) });
  expect(res.status).toBe(200);
  return (await res.json()) as {
    messages: {
      id: string;
      content: string | null;
      hearts: number;
      flames: number;
      media: { kind: string; url: string | null }[];
      telegramUrl: string | null;
      entities: unknown;
      author: { kind: string; name: string | null };
    }[];
  };
};

beforeAll(async () => {
  fake = await startFakeBotApi(CHANNEL);
  t = await startTestApp({
    env: {
      BOT_TOKEN: TEST_BOT_TOKEN,
      BOT_MODE: "polling",
      BOT_API_ROOT: fake.apiRoot,
      TELEGRAM_CHANNEL_ID: String(CHANNEL.id),
      PUBLIC_URL: "https://shop.example.com",
    },
  });
  const admin = await createMember(t, { roles: ["admin"], fullName: "Ada Admin" });
  const member = await createMember(t, { fullName: "Mo Member" });
  adminId = admin.userId;
  memberToken = member.token;
  const db = t.services.database.db;
  await db
    .update(users)
    .set({ telegramId: BigInt(ADMIN_TG) })
    .where(eq(users.id, admin.userId));
  await db
    .update(users)
    .set({ telegramId: BigInt(MEMBER_TG) })
    .where(eq(users.id, member.userId));
  runtime = startTelegram(t.services);
  await eventually(async () => expect(fake.callsTo("getUpdates").length).toBeGreaterThan(0), 10_000);
});
afterAll(async () => {
  await runtime?.stop();
  await t.close();
  await fake.close();
});

describe("starting the bot", () => {
  it("asks for exactly the updates it handles, sets its commands and the Mini App menu button", () => {
    expect(fake.callsTo("getUpdates")[0]?.payload.allowed_updates).toEqual([...ALLOWED_UPDATES]);
    expect(fake.callsTo("setMyCommands")[0]?.payload.commands).toEqual([
      { command: "start", description: "Open the shop" },
      { command: "help", description: "What this bot does" },
    ]);
    expect(fake.callsTo("setChatMenuButton")[0]?.payload.menu_button).toEqual({
      type: "web_app",
      text: "Open shop",
      web_app: { url: "https://shop.example.com" },
    });
  });
});

describe("the relay", () => {
  it("turns a text post into a feed message with its formatting, shown as the channel's", async () => {
    const text = "Drop today: visit the shop";
    const post = channelPost({
      text,
      entities: [
        { type: "bold", offset: 0, length: 4 },
        { type: "text_link", offset: 22, length: 4, url: "https://shop.example.com" },
        { type: "text_link", offset: 12, length: 5, url: "javascript:alert(1)" },
        { type: "hashtag", offset: 5, length: 5 },
      ],
    });
    fake.push({ channel_post: post });
    const row = await eventually(async () => {
      const found = await rowOf(post.message_id);
      expect(found).toBeDefined();
      return found;
    });
    expect(row?.content).toBe(text);
    // Only what the feed renders, and no script link.
    expect(row?.entities).toEqual([
      { type: "bold", offset: 0, length: 4 },
      { type: "text_link", offset: 22, length: 4, url: "https://shop.example.com" },
    ]);
    expect(row?.createdBy).toBeNull();
    const shown = (await feed()).messages.find((m) => m.content === text);
    expect(shown?.author.kind).toBe("channel");
    expect(shown?.telegramUrl).toBe(`https://t.me/shopchannel/${post.message_id}`);
  });

  it("stores a redelivered post once, and ignores posts from any other chat", async () => {
    const post = channelPost({ text: "Only once" });
    fake.push({ channel_post: post });
    fake.push({ channel_post: post });
    fake.push({
      channel_post: channelPost(
        { text: "elsewhere", chat: { id: -100999, type: "channel", title: "Other" } },
        5,
      ),
    });
    fake.push({ channel_post: channelPost({ text: "after" }) });
    await eventually(async () => expect((await rows()).some((r) => r.content === "after")).toBe(true));
    expect((await rows()).filter((r) => r.content === "Only once")).toHaveLength(1);
    expect((await rows()).some((r) => r.telegramChatId === -100999n || r.content === "elsewhere")).toBe(
      false,
    );
  });

  it("does not fetch the file of a post the feed already holds (one the composer published)", async () => {
    fake.addFile("composer-photo", JPEG);
    const messageId = ++nextMessageId;
    await t.services.database.db.insert(channelMessages).values({
      content: "From the composer",
      telegramChatId: BigInt(CHANNEL.id),
      telegramMessageId: BigInt(messageId),
    });
    fake.push({
      channel_post: channelPost(
        {
          caption: "From the composer",
          photo: [{ file_id: "composer-photo", file_unique_id: "cp", width: 1, height: 1 }],
        },
        messageId,
      ),
    });
    const sentinel = channelPost({ text: "after the composer's post" });
    fake.push({ channel_post: sentinel });
    await eventually(async () => expect(await rowOf(sentinel.message_id)).toBeDefined());
    expect(fake.callsTo("getFile").some((c) => c.payload.file_id === "composer-photo")).toBe(false);
    expect((await rows()).filter((r) => r.content === "From the composer")).toHaveLength(1);
  });

  it("downloads a photo's largest size through getFile into storage", async () => {
    fake.addFile("photo-big", JPEG);
    const post = channelPost({
      caption: "A photo",
      photo: [
        { file_id: "photo-small", file_unique_id: "ps", width: 90, height: 90 },
        { file_id: "photo-big", file_unique_id: "pb", width: 1280, height: 1280, file_size: JPEG.length },
      ],
    });
    fake.push({ channel_post: post });
    const row = await eventually(async () => {
      const found = await rowOf(post.message_id);
      expect(found?.media).toHaveLength(1);
      return found;
    });
    const url = row?.imageUrl ?? "";
    expect(url).toMatch(/^\/media\/message-images\/telegram\/.+\.jpg$/);
    expect(fake.callsTo("getFile").map((c) => c.payload.file_id)).toContain("photo-big");
    const served = await t.app.request(url);
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(JPEG);
  });

  it("gathers an album's posts into one message, in order, however they arrive", async () => {
    fake.addFile("a1", JPEG);
    fake.addFile("a2", MP4);
    fake.addFile("a3", JPEG);
    const base = ++nextMessageId;
    nextMessageId += 3;
    const item = (offset: number, extra: Partial<Message>) =>
      channelPost({ media_group_id: "album-1", ...extra }, base + offset);
    fake.push({
      channel_post: item(2, { photo: [{ file_id: "a3", file_unique_id: "u3", width: 1, height: 1 }] }),
    });
    fake.push({
      channel_post: item(0, {
        caption: "Three at once",
        photo: [{ file_id: "a1", file_unique_id: "u1", width: 1, height: 1 }],
      }),
    });
    fake.push({
      channel_post: item(1, {
        video: {
          file_id: "a2",
          file_unique_id: "u2",
          width: 1,
          height: 1,
          duration: 3,
          mime_type: "video/mp4",
        },
      }),
    });
    const album = await eventually(async () => {
      const found = (await rows()).filter((r) => r.mediaGroupId === "album-1");
      expect(found).toHaveLength(1);
      expect(found[0]?.media).toHaveLength(3);
      return found[0];
    });
    expect(album?.content).toBe("Three at once");
    expect(album?.telegramMessageId).toBe(BigInt(base));
    expect(album?.media.map((m) => [m.kind, m.telegramMessageId])).toEqual([
      ["image", base],
      ["video", base + 1],
      ["image", base + 2],
    ]);
    expect(album?.media.every((m) => m.url?.startsWith("/media/message-images/"))).toBe(true);
  });

  it("keeps a link to the post for files too large for the Bot API or not playable", async () => {
    fake.addFile("huge", MP4, { tooBig: true });
    fake.addFile("page", HTML);
    const big = channelPost({
      caption: "Long video",
      video: {
        file_id: "huge",
        file_unique_id: "h",
        width: 1,
        height: 1,
        duration: 600,
        file_size: 80_000_000,
      },
    });
    const doc = channelPost({ document: { file_id: "page", file_unique_id: "pg", file_name: "menu.html" } });
    const sticker = channelPost({
      sticker: {
        file_id: "s",
        file_unique_id: "s",
        type: "regular",
        width: 1,
        height: 1,
        is_animated: false,
        is_video: false,
      },
    });
    fake.push({ channel_post: big });
    fake.push({ channel_post: doc });
    fake.push({ channel_post: sticker });
    await eventually(async () => {
      expect(await rowOf(sticker.message_id)).toBeDefined();
      expect((await rowOf(doc.message_id))?.media).toHaveLength(1);
      expect((await rowOf(big.message_id))?.media).toHaveLength(1);
    });
    // Telegram refuses getFile above 20 MB; a page is fetched but not stored.
    expect(fake.callsTo("getFile").some((c) => c.payload.file_id === "huge")).toBe(true);
    expect(fake.calls.some((c) => c.method === "getFile" && c.payload.file_id === "page")).toBe(true);
    expect((await rowOf(big.message_id))?.media).toEqual([
      { kind: "video", url: null, telegramMessageId: big.message_id, fileUniqueId: "h" },
    ]);
    expect((await rowOf(doc.message_id))?.media[0]).toMatchObject({
      kind: "document",
      url: null,
      name: "menu.html",
    });
    const shown = (await feed()).messages.find((m) => m.content === "Long video");
    expect(shown?.media).toEqual([{ kind: "video", url: null }]);
    expect(shown?.telegramUrl).toBe(`https://t.me/shopchannel/${big.message_id}`);
  });

  it("updates an edited post, pins a post pinned in the channel, and ignores other service messages", async () => {
    const post = channelPost({ text: "Frist draft" });
    fake.push({ channel_post: post });
    await eventually(async () => expect(await rowOf(post.message_id)).toBeDefined());
    fake.push({ edited_channel_post: { ...post, text: "First draft", edit_date: now() } });
    const pin = channelPost({ pinned_message: post } as Partial<Message>);
    const rename = channelPost({ new_chat_title: "Renamed" });
    fake.push({ channel_post: pin });
    fake.push({ channel_post: rename });
    await eventually(async () => {
      const row = await rowOf(post.message_id);
      expect(row?.content).toBe("First draft");
      expect(row?.isPinned).toBe(true);
    });
    const sentinel = channelPost({ text: "after the service messages" });
    fake.push({ channel_post: sentinel });
    await eventually(async () => expect(await rowOf(sentinel.message_id)).toBeDefined());
    expect(await rowOf(pin.message_id)).toBeUndefined();
    expect(await rowOf(rename.message_id)).toBeUndefined();
  });

  it("adds the channel's own ❤ and 🔥 counts to the app's", async () => {
    const post = channelPost({ text: "React to me" });
    fake.push({ channel_post: post });
    const row = await eventually(async () => {
      const found = await rowOf(post.message_id);
      expect(found).toBeDefined();
      return found;
    });
    const heart = await t.app.request(`/api/messages/${row?.id}/reactions/heart`, {
      method: "PUT",
      headers: bearer(memberToken),
    });
    expect(heart.status).toBe(200);
    fake.push({
      message_reaction_count: {
        chat: channelChat,
        message_id: post.message_id,
        date: now(),
        reactions: [
          { type: { type: "emoji", emoji: "❤" }, total_count: 12 },
          { type: { type: "emoji", emoji: "🔥" }, total_count: 4 },
          { type: { type: "emoji", emoji: "👍" }, total_count: 9 },
        ],
      },
    });
    await eventually(async () => {
      const shown = (await feed()).messages.find((m) => m.id === row?.id);
      expect([shown?.hearts, shown?.flames]).toEqual([13, 4]);
    });
    // Telegram sends totals: a later count replaces the earlier one.
    fake.push({
      message_reaction_count: { chat: channelChat, message_id: post.message_id, date: now(), reactions: [] },
    });
    await eventually(async () => {
      const shown = (await feed()).messages.find((m) => m.id === row?.id);
      expect([shown?.hearts, shown?.flames]).toEqual([1, 0]);
    });
  });
});

describe("posting through the bot", () => {
  it("shows an admin's post back with Post to channel / Cancel, posts it once, credited to the admin", async () => {
    const message = privateMessage(ADMIN_TG, { text: "From the bot" });
    fake.push({ message });
    const preview = await eventually(async () => {
      const call = fake.callsTo("copyMessage").find((c) => c.payload.message_id === message.message_id);
      expect(call).toBeDefined();
      return call;
    });
    expect(preview?.payload).toMatchObject({ chat_id: ADMIN_TG, from_chat_id: ADMIN_TG });
    const buttons = (
      preview?.payload.reply_markup as
        | { inline_keyboard: { text: string; callback_data: string }[][] }
        | undefined
    )?.inline_keyboard[0];
    expect(buttons?.map((b) => b.text)).toEqual(["Post to channel", "Cancel"]);
    const data = buttons?.[0]?.callback_data ?? "";
    const tap = (id: string) => tapButton(id, data);
    tap("q1");
    tap("q2");
    await eventually(async () => expect(fake.callsTo("answerCallbackQuery")).toHaveLength(2));
    const copies = fake.callsTo("copyMessage").filter((c) => c.payload.chat_id === String(CHANNEL.id));
    expect(copies).toHaveLength(1);
    expect(
      fake
        .callsTo("answerCallbackQuery")
        .map((c) => c.payload.text)
        .sort(),
    ).toEqual([postingReply("en", "bot.alreadyDone"), postingReply("en", "bot.posted")].sort());
    // The copy comes back as a channel post; the relay credits it to the admin.
    const copiedId = (copies[0]?.result as { message_id: number } | undefined)?.message_id ?? 0;
    fake.push({ channel_post: channelPost({ text: "From the bot" }, copiedId) });
    await eventually(async () => expect((await rowOf(copiedId))?.createdBy).toBe(adminId));
    const shown = (await feed()).messages.find((m) => m.content === "From the bot");
    expect(shown?.author).toMatchObject({ kind: "member", name: "Ada Admin" });
  });

  it("posts an album as one, and tells the admin when Telegram refuses (the draft stays)", async () => {
    const items = [0, 1].map(() =>
      privateMessage(ADMIN_TG, {
        media_group_id: "bot-album",
        photo: [{ file_id: "x", file_unique_id: "x", width: 1, height: 1 }],
      }),
    );
    for (const message of items) fake.push({ message });
    const question = await eventually(async () => {
      const call = fake
        .callsTo("sendMessage")
        .find((c) => c.payload.text === postingReply("en", "bot.albumPreview"));
      expect(call).toBeDefined();
      return call;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      fake.callsTo("sendMessage").filter((c) => c.payload.text === postingReply("en", "bot.albumPreview")),
    ).toHaveLength(1);
    const data = (
      question?.payload.reply_markup as { inline_keyboard: { callback_data: string }[][] } | undefined
    )?.inline_keyboard[0]?.[0]?.callback_data;
    fake.failNext("copyMessages", {
      error_code: 400,
      description: "Bad Request: need administrator rights in the channel chat",
    });
    const tap = (id: string) => tapButton(id, data ?? "");
    tap("album-1");
    await eventually(async () =>
      expect(fake.callsTo("answerCallbackQuery").at(-1)?.payload.text).toBe(
        postingReply("en", "bot.postFailed", {
          reason: "Bad Request: need administrator rights in the channel chat",
        }),
      ),
    );
    tap("album-2");
    await eventually(async () =>
      expect(fake.callsTo("answerCallbackQuery").at(-1)?.payload.text).toBe(postingReply("en", "bot.posted")),
    );
    const copied = fake.callsTo("copyMessages").at(-1)?.payload;
    expect(copied?.message_ids).toEqual(items.map((m) => m.message_id));
  });

  it("takes anyone who is not an admin to the support inbox, never to the channel", async () => {
    fake.push({ message: privateMessage(MEMBER_TG, { text: "Post this please" }) });
    // The support inbox takes it and says so (tests/bot/support-inbox.test.ts).
    await eventually(async () =>
      expect(
        fake
          .callsTo("sendMessage")
          .some(
            (c) => c.payload.chat_id === MEMBER_TG && c.payload.text === serverText("en", "support.received"),
          ),
      ).toBe(true),
    );
    expect(fake.callsTo("copyMessage").some((c) => c.payload.chat_id === MEMBER_TG)).toBe(false);
  });
});

describe("posting from the app", () => {
  it("publishes text with sendMessage and a stored photo or video with sendPhoto / sendVideo", async () => {
    const notifier = runtime?.notifier;
    expect(notifier?.channelConfigured).toBe(true);
    await t.services.storage.put("message-images", "composer/photo.jpg", JPEG, "image/jpeg");
    await t.services.storage.put("message-images", "composer/clip.mp4", MP4, "video/mp4");
    const text = await notifier?.publishPost({ text: "Hello channel" });
    const photo = await notifier?.publishPost({
      text: "With a photo",
      file: { kind: "image", bucket: "message-images", name: "composer/photo.jpg" },
    });
    const video = await notifier?.publishPost({
      text: "x".repeat(1500),
      file: { kind: "video", bucket: "message-images", name: "composer/clip.mp4" },
    });
    expect(text?.chatId).toBe(BigInt(CHANNEL.id));
    expect(fake.callsTo("sendMessage").at(-1)?.payload).toMatchObject({ chat_id: String(CHANNEL.id) });
    const sentPhoto = fake.callsTo("sendPhoto").at(-1);
    expect(sentPhoto?.payload).toMatchObject({ chat_id: CHANNEL.id, caption: "With a photo" });
    // grammY sends the file as a part of its own, named by photo: "attach://<part>".
    const part = (call: typeof sentPhoto, field: string) =>
      call?.files[String(call.payload[field]).replace("attach://", "")];
    expect(part(sentPhoto, "photo")).toBe(JPEG.length);
    expect(photo?.messageId).toBe(
      BigInt((sentPhoto?.result as { message_id: number } | undefined)?.message_id ?? 0),
    );
    // Past Telegram's 1024-character caption the caption is cut with an ellipsis: one channel post.
    const sentVideo = fake.callsTo("sendVideo").at(-1);
    expect(part(sentVideo, "video")).toBe(MP4.length);
    expect(sentVideo?.payload.caption).toBe(`${"x".repeat(1023)}…`);
    expect(fake.callsTo("sendMessage").at(-1)?.payload.text).toBe("Hello channel");
    expect(video?.chatId).toBe(BigInt(CHANNEL.id));
  });
});

describe("reading the channel for the landing page editor", () => {
  it("answers the member count and stores the channel's photo as logo-{timestamp}.ext", async () => {
    const notifier = runtime?.notifier;
    expect(await notifier?.readChannel("logo-1700000000000")).toEqual({
      memberCount: 26_234,
      logoUrl: undefined,
    });
    fake.addFile(CHANNEL_PHOTO, JPEG);
    const read = await notifier?.readChannel("logo-1700000000001");
    expect(read).toEqual({ memberCount: 26_234, logoUrl: "/media/channel-assets/logo-1700000000001.jpg" });
    expect(fake.callsTo("getChatMemberCount").at(-1)?.payload).toMatchObject({ chat_id: String(CHANNEL.id) });
    const served = await t.app.request("/media/channel-assets/logo-1700000000001.jpg");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(JPEG);
  });
});

describe("opening the app from the bot", () => {
  it("answers /start msg_<id> and product_<id> with a button to that screen, and /help", async () => {
    const id = "0b0f1c2a-1111-4222-8333-444455556666";
    const command = (text: string) =>
      fake.push({
        message: privateMessage(MEMBER_TG, {
          text,
          entities: [{ type: "bot_command", offset: 0, length: text.split(" ")[0]?.length ?? 0 }],
        }),
      });
    command(`/start msg_${id}`);
    command(`/start product_${id}`);
    command("/help");
    const buttonUrl = (label: string) =>
      fake
        .callsTo("sendMessage")
        .flatMap(
          (c) =>
            (
              c.payload.reply_markup as { inline_keyboard?: { text: string; web_app?: { url: string } }[][] }
            )?.inline_keyboard?.flat() ?? [],
        )
        .find((b) => b.text === label)?.web_app?.url;
    await eventually(async () => {
      expect(buttonUrl("Open the message")).toBe(`https://shop.example.com/?message=${id}`);
      expect(buttonUrl("Open the product")).toBe(`https://shop.example.com/product/${id}`);
      expect(
        fake.callsTo("sendMessage").some((c) => String(c.payload.text).includes("/start: open the shop")),
      ).toBe(true);
    });
  });
});

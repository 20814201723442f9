import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type ChannelPostContent,
  creditChannelPosts,
  linkChannelPost,
  type NewChannelPost,
  type PostAttachment,
  pinChannelPost,
  relayChannelEdit,
  relayChannelPost,
  setChannelReactions,
  storeComposedMessage,
} from "#api/domain/channel/channel-messages";
import type { Database } from "#db/client";
import { channelMessages, channelPostCredits, users } from "#db/schema/index";
import { freshDatabase } from "../helpers/test-db";

// The messages service called directly, as its two callers do (the bot's relay, the composer):
// the album and edit rules that used to live in the bot.
const CHAT = -1001234567890n;

let database: Database;
let cleanup: () => Promise<void>;
let ctx: { db: Database["db"] };
let authorId: string;
beforeAll(async () => {
  ({ database, cleanup } = await freshDatabase());
  ctx = { db: database.db };
  const [author] = await database.db.insert(users).values({}).returning({ id: users.id });
  if (!author) throw new Error("no user");
  authorId = author.id;
});
afterAll(() => cleanup());
beforeEach(async () => {
  await database.db.delete(channelMessages);
  await database.db.delete(channelPostCredits);
  fetches.length = 0;
});

/** The files fetched, by fileUniqueId: a rule that keeps a file must not fetch it. */
const fetches: string[] = [];
const attachment = (fileUniqueId: string, kind: PostAttachment["kind"] = "image"): PostAttachment => ({
  kind,
  fileUniqueId,
  fetch: async () => {
    fetches.push(fileUniqueId);
    return `/media/message-images/${fileUniqueId}.jpg`;
  },
});
const post = (messageId: number, fields: Partial<NewChannelPost> = {}): NewChannelPost => ({
  chatId: CHAT,
  messageId: BigInt(messageId),
  mediaGroupId: null,
  content: null,
  entities: null,
  attachment: undefined,
  telegramUrl: `https://t.me/shopchannel/${messageId}`,
  createdAt: new Date("2026-11-01T10:00:00Z"),
  ...fields,
});
const edit = (messageId: number, content: string | null, fileUniqueId?: string): ChannelPostContent => ({
  chatId: CHAT,
  messageId: BigInt(messageId),
  content,
  entities: null,
  attachment: fileUniqueId ? attachment(fileUniqueId) : undefined,
});
const rows = () => database.db.select().from(channelMessages);
const only = async () => {
  const all = await rows();
  expect(all).toHaveLength(1);
  const [row] = all;
  if (!row) throw new Error("no message");
  return row;
};

describe("a new channel post", () => {
  it("is stored once: a redelivery changes nothing and its file is not fetched again", async () => {
    const first = post(10, { content: "Fresh drop", attachment: attachment("a") });
    expect(await relayChannelPost(ctx, first)).toBe(true);
    expect(await relayChannelPost(ctx, first)).toBe(false);
    expect(fetches).toEqual(["a"]);
    const row = await only();
    expect(row).toMatchObject({
      content: "Fresh drop",
      telegramChatId: CHAT,
      telegramMessageId: 10n,
      telegramUrl: "https://t.me/shopchannel/10",
      imageUrl: "/media/message-images/a.jpg",
      createdBy: null,
    });
    expect(row.media).toEqual([
      { kind: "image", url: "/media/message-images/a.jpg", telegramMessageId: 10, fileUniqueId: "a" },
    ]);
  });

  it("keeps a file that cannot be fetched as a link to the post (url null)", async () => {
    const video: PostAttachment = {
      kind: "video",
      fileUniqueId: "v",
      name: "clip.mp4",
      fetch: async () => null,
    };
    await relayChannelPost(ctx, post(11, { attachment: video }));
    expect((await only()).media).toEqual([
      { kind: "video", url: null, telegramMessageId: 11, fileUniqueId: "v", name: "clip.mp4" },
    ]);
  });

  it("gathers an album's items into one message, in the album's order, however they arrive", async () => {
    const album = (messageId: number, content: string | null = null) =>
      post(messageId, { mediaGroupId: "album-1", content, attachment: attachment(`f${messageId}`) });
    // The middle item carries the caption; the last arrives first, then two at once.
    expect(await relayChannelPost(ctx, album(22))).toBe(true);
    await Promise.all([relayChannelPost(ctx, album(21, "Three photos")), relayChannelPost(ctx, album(20))]);
    expect(await relayChannelPost(ctx, album(21, "Three photos"))).toBe(false);
    const row = await only();
    expect(row.media.map((item) => item.telegramMessageId)).toEqual([20, 21, 22]);
    expect(row).toMatchObject({
      content: "Three photos",
      mediaGroupId: "album-1",
      // The album's first post is its link and its place in Telegram.
      telegramMessageId: 20n,
      telegramUrl: "https://t.me/shopchannel/20",
      imageUrl: "/media/message-images/f20.jpg",
    });
    expect(fetches.sort()).toEqual(["f20", "f21", "f22"]);
  });

  it("is not stored again when the composer's message is linked to it, nor its file fetched", async () => {
    const id = await storeComposedMessage(ctx, {
      content: "From the app",
      imageUrl: null,
      createdBy: authorId,
    });
    await linkChannelPost(ctx, id, { chatId: CHAT, messageId: 30n });
    expect(
      await relayChannelPost(ctx, post(30, { content: "From the app", attachment: attachment("c") })),
    ).toBe(false);
    expect(fetches).toEqual([]);
    expect(await only()).toMatchObject({
      id,
      createdBy: authorId,
      telegramMessageId: 30n,
      isPublished: true,
    });
  });

  it("relayed before the composer's link is one message after it, the composer's", async () => {
    await relayChannelPost(ctx, post(31, { content: "From the app" }));
    const id = await storeComposedMessage(ctx, {
      content: "From the app",
      imageUrl: null,
      createdBy: authorId,
    });
    await linkChannelPost(ctx, id, { chatId: CHAT, messageId: 31n });
    expect(await only()).toMatchObject({ id, createdBy: authorId, telegramMessageId: 31n });
  });
});

describe("an edited channel post", () => {
  it("changes nothing when the post was never relayed", async () => {
    expect(await relayChannelEdit(ctx, edit(40, "edited"))).toBe(false);
    expect(await rows()).toEqual([]);
  });

  it("takes the new text and keeps an unchanged file without fetching it", async () => {
    await relayChannelPost(ctx, post(41, { content: "Before", attachment: attachment("same") }));
    fetches.length = 0;
    const entities = [{ type: "bold", offset: 0, length: 5 }];
    expect(await relayChannelEdit(ctx, { ...edit(41, "After", "same"), entities })).toBe(true);
    expect(fetches).toEqual([]);
    const row = await only();
    expect(row).toMatchObject({ content: "After", entities, imageUrl: "/media/message-images/same.jpg" });
    expect(row.media.map((item) => item.fileUniqueId)).toEqual(["same"]);
  });

  it("fetches a replaced file, in its place in the album", async () => {
    for (const id of [50, 51, 52]) {
      await relayChannelPost(ctx, post(id, { mediaGroupId: "album-2", attachment: attachment(`old${id}`) }));
    }
    fetches.length = 0;
    await relayChannelEdit(ctx, edit(50, null, "new50"));
    expect(fetches).toEqual(["new50"]);
    const row = await only();
    expect(row.media.map((item) => [item.telegramMessageId, item.fileUniqueId])).toEqual([
      [50, "new50"],
      [51, "old51"],
      [52, "old52"],
    ]);
    expect(row.imageUrl).toBe("/media/message-images/new50.jpg");
  });

  it("in an album, only the item carrying the caption (or the first) speaks for the text", async () => {
    for (const [id, content] of [
      [60, null],
      [61, "Caption"],
      [62, null],
    ] as const) {
      await relayChannelPost(
        ctx,
        post(id, { mediaGroupId: "album-3", content, attachment: attachment(`p${id}`) }),
      );
    }
    // An edit of an item without a caption leaves the album's caption alone.
    await relayChannelEdit(ctx, edit(62, null, "p62"));
    expect((await only()).content).toBe("Caption");
    // The captioned item's edit changes it.
    await relayChannelEdit(ctx, edit(61, "New caption", "p61"));
    expect((await only()).content).toBe("New caption");
    // The first item is the album's post in Telegram: its edit speaks for the text, even without one.
    await relayChannelEdit(ctx, edit(60, null, "p60"));
    expect((await only()).content).toBeNull();
    expect(fetches).toEqual(["p60", "p61", "p62"]);
  });
});

describe("pins, the channel's reactions and credits", () => {
  it("pins the message holding a post, an album's item too; false for a post never relayed", async () => {
    await relayChannelPost(ctx, post(70, { mediaGroupId: "album-4", attachment: attachment("p70") }));
    await relayChannelPost(ctx, post(71, { mediaGroupId: "album-4", attachment: attachment("p71") }));
    expect(await pinChannelPost(ctx, CHAT, 99n)).toBe(false);
    expect((await only()).isPinned).toBe(false);
    expect(await pinChannelPost(ctx, CHAT, 71n)).toBe(true);
    expect((await only()).isPinned).toBe(true);
  });

  it("sets the channel's ❤ and 🔥 totals on the post's message, a redelivery alike", async () => {
    await relayChannelPost(ctx, post(80, { content: "Hi" }));
    const counts = { hearts: 3, flames: 2 };
    expect(await setChannelReactions(ctx, CHAT, 80n, counts)).toBe(true);
    expect(await setChannelReactions(ctx, CHAT, 80n, counts)).toBe(true);
    expect(await setChannelReactions(ctx, CHAT, 81n, counts)).toBe(false);
    expect(await only()).toMatchObject({ telegramHearts: 3, telegramFlames: 2 });
  });

  it("credits the admin a post made through the bot, relayed before or after", async () => {
    await relayChannelPost(ctx, post(90, { content: "quick webhook" }));
    await creditChannelPosts(ctx, CHAT, [90n, 91n], authorId);
    await relayChannelPost(ctx, post(91, { content: "slow webhook" }));
    const all = await rows();
    expect(all.map((row) => [row.telegramMessageId, row.createdBy]).sort()).toEqual([
      [90n, authorId],
      [91n, authorId],
    ]);
    await creditChannelPosts(ctx, CHAT, [], authorId);
    expect(
      await database.db.select().from(channelPostCredits).where(eq(channelPostCredits.userId, authorId)),
    ).toHaveLength(2);
  });
});

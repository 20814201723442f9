import type { Chat, Message } from "grammy/types";
import { describe, expect, it } from "vitest";
import { isFeedPost, mediaOf, postText, postUrl, reactionTotals } from "../../bot/channel-post-content";
import { channelTarget } from "../../bot/channel-target";

const chat = { id: -1001234567890, type: "channel", title: "Shop" } as Chat;
const message = (fields: Partial<Message>) => ({ message_id: 7, date: 0, chat, ...fields }) as Message;

describe("a channel post as the feed keeps it", () => {
  it("takes the caption's entities for a photo, and drops what the feed does not render", () => {
    const photo = message({
      caption: "New strain",
      caption_entities: [
        { type: "bold", offset: 0, length: 3 },
        { type: "mention", offset: 4, length: 6 },
        { type: "pre", offset: 4, length: 6, language: "ts" },
      ],
      photo: [
        { file_id: "s", file_unique_id: "s1", width: 90, height: 90, file_size: 10 },
        { file_id: "l", file_unique_id: "l1", width: 1280, height: 1280, file_size: 900 },
      ],
    });
    expect(postText(photo)).toEqual({
      content: "New strain",
      entities: [
        { type: "bold", offset: 0, length: 3 },
        { type: "pre", offset: 4, length: 6, language: "ts" },
      ],
    });
    expect(mediaOf(photo)).toEqual({ kind: "image", fileId: "l", fileUniqueId: "l1", size: 900 });
  });

  it("sees an animation as one, not as the document Telegram sends beside it", () => {
    const gif = message({
      animation: { file_id: "a", file_unique_id: "a1", width: 1, height: 1, duration: 2, file_name: "x.mp4" },
      document: { file_id: "a", file_unique_id: "a1", file_name: "x.mp4" },
    });
    expect(mediaOf(gif)?.kind).toBe("animation");
  });

  it("shows posts with text, media or content it links to, never service messages", () => {
    expect(isFeedPost(message({ text: "hi" }))).toBe(true);
    expect(isFeedPost(message({ poll: { id: "p" } as Message["poll"] }))).toBe(true);
    expect(isFeedPost(message({ new_chat_title: "Renamed" }))).toBe(false);
    expect(isFeedPost(message({ pinned_message: message({ text: "x" }) } as Partial<Message>))).toBe(false);
  });

  it("links to the post: t.me/<username>/<id>, or t.me/c/<id>/<id> for a private channel", () => {
    expect(postUrl({ ...chat, username: "shopchannel" } as Chat, 42)).toBe("https://t.me/shopchannel/42");
    expect(postUrl(chat, 42)).toBe("https://t.me/c/1234567890/42");
  });

  it("counts ❤ as hearts and 🔥 as flames; other reactions are not counted", () => {
    expect(
      reactionTotals([
        { type: { type: "emoji", emoji: "❤" }, total_count: 3 },
        { type: { type: "emoji", emoji: "🔥" }, total_count: 2 },
        { type: { type: "emoji", emoji: "👍" }, total_count: 9 },
        { type: { type: "custom_emoji", custom_emoji_id: "1" }, total_count: 5 },
      ]),
    ).toEqual({ hearts: 3, flames: 2 });
  });

  it("recognises the configured channel by id or by @username in any case", () => {
    expect(channelTarget("-1001234567890").matches(chat)).toBe(true);
    expect(channelTarget("-1009").matches(chat)).toBe(false);
    const named = channelTarget("@ShopChannel");
    expect(named.matches({ ...chat, username: "shopchannel" } as Chat)).toBe(true);
    expect(named.matches(chat)).toBe(false);
  });
});

import type { Chat, Message, MessageEntity, ReactionCount } from "grammy/types";
import type { TelegramEntity } from "#api/contracts/feed";

/** The formatting the feed renders; other entities (mentions, hashtags, custom emoji) stay plain text. */
const KEPT_ENTITIES = new Set([
  "bold",
  "italic",
  "underline",
  "strikethrough",
  "spoiler",
  "code",
  "pre",
  "url",
  "text_link",
  "blockquote",
  "expandable_blockquote",
]);
const SAFE_LINK = /^(https?:\/\/|tg:\/\/)/i;

/** A post's text or caption with the formatting the feed can show; links only to web or Telegram. */
export function postText(message: Message): { content: string | null; entities: TelegramEntity[] | null } {
  const content = message.text ?? message.caption ?? null;
  const all: MessageEntity[] = message.entities ?? message.caption_entities ?? [];
  const entities = all
    .filter((e) => KEPT_ENTITIES.has(e.type))
    .filter((e) => e.type !== "text_link" || SAFE_LINK.test(e.url))
    .map(
      (e): TelegramEntity => ({
        type: e.type,
        offset: e.offset,
        length: e.length,
        ...(e.type === "text_link" ? { url: e.url } : {}),
        ...(e.type === "pre" && e.language ? { language: e.language } : {}),
      }),
    );
  return { content, entities: content && entities.length > 0 ? entities : null };
}

/** A file of a post, before it is fetched. */
export interface MediaRef {
  kind: "image" | "video" | "animation" | "document";
  fileId: string;
  fileUniqueId: string;
  size: number | undefined;
  name?: string;
}

/** The post's attachment: the largest size of a photo; an animation before the document Telegram adds beside it. */
export function mediaOf(message: Message): MediaRef | undefined {
  const photo = message.photo?.at(-1);
  if (photo)
    return {
      kind: "image",
      fileId: photo.file_id,
      fileUniqueId: photo.file_unique_id,
      size: photo.file_size,
    };
  const file = message.video
    ? { kind: "video" as const, ...message.video }
    : message.animation
      ? { kind: "animation" as const, ...message.animation }
      : message.document
        ? { kind: "document" as const, ...message.document }
        : undefined;
  if (!file) return undefined;
  return {
    kind: file.kind,
    fileId: file.file_id,
    fileUniqueId: file.file_unique_id,
    size: file.file_size,
    ...(file.file_name ? { name: file.file_name } : {}),
  };
}

/** Content the feed cannot show itself (polls, stickers, voice...): kept as a link to the post. */
const LINK_ONLY: (keyof Message)[] = [
  "poll",
  "sticker",
  "audio",
  "voice",
  "video_note",
  "location",
  "venue",
  "contact",
  "dice",
  "story",
  "paid_media",
];

/** A post the feed shows; service messages (title changes, pins, photo changes) are not. */
export const isFeedPost = (message: Message) =>
  Boolean(message.text ?? message.caption) ||
  mediaOf(message) !== undefined ||
  LINK_ONLY.some((key) => message[key] !== undefined);

/** The post's address in Telegram: t.me/<username>/<id>, or t.me/c/<id>/<id> for a private channel. */
export function postUrl(chat: Chat, messageId: number): string {
  if ("username" in chat && chat.username) return `https://t.me/${chat.username}/${messageId}`;
  return `https://t.me/c/${String(chat.id).replace(/^-100/, "")}/${messageId}`;
}

/** Telegram's reaction totals as the feed counts them: ❤ as hearts, 🔥 as flames. */
export function reactionTotals(reactions: ReactionCount[]): { hearts: number; flames: number } {
  let hearts = 0;
  let flames = 0;
  for (const { type, total_count } of reactions) {
    if (type.type !== "emoji") continue;
    if (type.emoji === "❤") hearts += total_count;
    else if (type.emoji === "🔥") flames += total_count;
  }
  return { hearts, flames };
}

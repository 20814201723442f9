import { z } from "zod";
import { MAX_CHANGED_IDS } from "./events";
import { canonicalId } from "./ids";

/** Messages per feed page when the client does not say; at most FEED_PAGE_MAX. */
export const FEED_PAGE_SIZE = 20;
export const FEED_PAGE_MAX = 50;

export const telegramEntitySchema = z.object({
  type: z.string(),
  offset: z.number().int(),
  length: z.number().int(),
  url: z.string().optional(),
  language: z.string().optional(),
});
export type TelegramEntity = z.infer<typeof telegramEntitySchema>;

export const relayedMediaSchema = z.object({
  kind: z.enum(["image", "video", "animation", "document"]),
  url: z.string().nullable(),
  name: z.string().optional(),
});
export type RelayedMedia = z.infer<typeof relayedMediaSchema>;

/** One of the tiers a post is for (decision 118). */
export const postTierSchema = z.object({ id: z.string(), name: z.string() });
export type PostTier = z.infer<typeof postTierSchema>;

export const feedMessageSchema = z.object({
  id: z.uuid(),
  content: z.string().nullable(),
  link: z.string().nullable(),
  imageUrl: z.string().nullable(),
  isPinned: z.boolean(),
  createdAt: z.string(),
  hearts: z.number().int(),
  flames: z.number().int(),
  /** TRENDING_MIN_REACTIONS or more reactions in the app within the last TRENDING_WINDOW_HOURS. */
  trending: z.boolean(),
  /** Formatting of a relayed post's text: Telegram's entities (offsets in UTF-16 code units). */
  entities: z.array(telegramEntitySchema).nullable(),
  /** A relayed post's attachments; an album has several. A null url: too large, watch it in Telegram. */
  media: z.array(relayedMediaSchema),
  /** The post in the Telegram channel, when relayed from there. */
  telegramUrl: z.string().nullable(),
  /** The viewer's own reactions. */
  myReactions: z.array(z.enum(["heart", "flame"])),
  /** A member who posted (in the app, or through the bot), or the channel itself (posts relayed from Telegram). */
  author: z.object({
    kind: z.enum(["member", "channel"]),
    name: z.string().nullable(),
    avatarUrl: z.string().nullable(),
  }),
  /**
   * The tiers the post is for, the plan that opens it first (offered before retired, then the lowest
   * level); empty: it is for every member (decision 118).
   */
  tiers: z.array(postTierSchema),
  /**
   * The reader is not on one of its tiers: it comes without its text, link, picture, media and
   * Telegram link (and its translation, share card and files are refused: post_locked).
   */
  locked: z.boolean(),
});
export type FeedMessage = z.infer<typeof feedMessageSchema>;

export const feedPageSchema = z.object({
  messages: z.array(feedMessageSchema),
  /** Give it back as `cursor` for the next page; null when this was the last. */
  nextCursor: z.string().nullable(),
  /**
   * A message's link inside Telegram is this followed by its id (t.me/<bot>/<app>?startapp=msg_ with
   * TELEGRAM_APP_SHORT_NAME, else t.me/<bot>?startapp=msg_); null while the bot is off.
   */
  telegramLinkPrefix: z.string().nullable(),
  /**
   * A model is configured to translate posts: the Mini App then offers "Translate" on messages in
   * another language than the member's (POST /api/messages/:id/translation).
   */
  canTranslate: z.boolean(),
});
export type FeedPage = z.infer<typeof feedPageSchema>;

export const TRENDING_WINDOW_HOURS = 24;
export const TRENDING_MIN_REACTIONS = 5;

export const reactionSchema = z.enum(["heart", "flame"]);

export const reactionResultSchema = z.object({
  hearts: z.number().int(),
  flames: z.number().int(),
  myReactions: z.array(reactionSchema),
});

export const pinSchema = z.object({ isPinned: z.boolean() });

export const feedQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  /** Instead of a page: these messages as they are now (comma-separated ids a live change named). */
  ids: z
    .string()
    .max(MAX_CHANGED_IDS * 37)
    .transform((list) => list.split(",").filter(Boolean))
    .pipe(z.array(z.string()).max(MAX_CHANGED_IDS))
    // In their one form; what is no id names no message and is left out.
    .transform((ids) => ids.flatMap((id) => canonicalId(id) ?? []))
    .optional(),
  limit: z.coerce.number().int().min(1).max(FEED_PAGE_MAX).default(FEED_PAGE_SIZE),
});

export const feedMessages = {
  badCursor: "Invalid cursor",
  notFound: "Message not found",
  ageRequired: "You must be 21+ to join",
  locked: "This post is for members of another plan",
} as const;

/** Telegram's limit for a message's text; a channel post longer than that could not be published. */
export const MESSAGE_MAX_LENGTH = 4096;

export const postMessageMessages = {
  empty: "Message cannot be empty",
  tooLong: `Message must be at most ${MESSAGE_MAX_LENGTH} characters`,
  unknownTier: "A chosen tier does not exist",
} as const;

/** At most this many tiers a post is for. */
export const POST_TIERS_MAX = 50;

/**
 * POST /api/messages is multipart/form-data: the text fields `content` and `tierIds` FIRST, then,
 * optionally, one image or video in the field `file` (the upload pipeline reads fields only until
 * the file). Text or a file is needed: blank text with no file is "Message cannot be empty".
 * `tierIds`, comma-separated, makes the post for members of those tiers only (decision 118); empty
 * or absent, it is for every member.
 */
export const postMessageFieldsSchema = z.object({
  content: z.string().trim().max(MESSAGE_MAX_LENGTH, postMessageMessages.tooLong).default(""),
  tierIds: z
    .string()
    .max(POST_TIERS_MAX * 37, postMessageMessages.unknownTier)
    .regex(/^([0-9a-fA-F-]+(,[0-9a-fA-F-]+)*)?$/, postMessageMessages.unknownTier)
    .default(""),
});

/** What a bot may upload to Telegram (sendPhoto, sendVideo): larger files stay in the feed only. */
export const BOT_UPLOAD_BYTES = 50 * 1024 * 1024;

export const postMessageResultSchema = z.object({
  id: z.uuid(),
  /**
   * Where else it went: "published" to the Telegram channel; "failed" when Telegram refused it (the
   * message is in the feed only); "too_large" for a file over what bots may upload (BOT_UPLOAD_BYTES);
   * "for_tiers" for a post for some tiers, which stays in the feed (the channel is anyone's to read);
   * "none" without a bot and channel.
   */
  channel: z.enum(["published", "failed", "too_large", "for_tiers", "none"]),
});
export type PostMessageResult = z.infer<typeof postMessageResultSchema>;

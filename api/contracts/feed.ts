import { z } from "zod";

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
});
export type FeedMessage = z.infer<typeof feedMessageSchema>;

export const feedPageSchema = z.object({
  messages: z.array(feedMessageSchema),
  /** Give it back as `cursor` for the next page; null when this was the last. */
  nextCursor: z.string().nullable(),
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
  limit: z.coerce.number().int().min(1).max(FEED_PAGE_MAX).default(FEED_PAGE_SIZE),
});

export const feedMessages = {
  badCursor: "Invalid cursor",
  notFound: "Message not found",
  ageRequired: "You must be 21+ to join",
} as const;

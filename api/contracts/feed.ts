import { z } from "zod";

/** Messages per feed page when the client does not say; at most FEED_PAGE_MAX. */
export const FEED_PAGE_SIZE = 20;
export const FEED_PAGE_MAX = 50;

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
  /** The viewer's own reactions. */
  myReactions: z.array(z.enum(["heart", "flame"])),
  /** A member who posted in the app, or the channel itself (posts relayed from Telegram). */
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

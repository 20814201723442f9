import { z } from "zod";
import { botStateSchema } from "./bot-status";
import { idSchema } from "./ids";
import { pageFields, pageQuery } from "./paging";

/** Telegram's limit for one message's text (docs/decisions/108-broadcasts.md). */
export const BROADCAST_TEXT_MAX = 4096;
/** Telegram's limit for a photo's caption: the text of a broadcast with an image. */
export const BROADCAST_CAPTION_MAX = 1024;
/** "Members whose plan ended in the last N days": N from 1 to a year, 30 when not said. */
export const LAPSED_DAYS_MAX = 365;
export const LAPSED_DAYS_DEFAULT = 30;
/** A broadcast may be scheduled at most this many days after the server's clock (the domain's rule). */
export const BROADCAST_SCHEDULE_DAYS_MAX = 365;

export const broadcastMessages = {
  empty: "Write the message",
  tooLong: `Message must be at most ${BROADCAST_TEXT_MAX} characters`,
  captionTooLong: `With an image, the message must be at most ${BROADCAST_CAPTION_MAX} characters`,
  badSegment: "Choose who gets the message",
  tierRequired: "Choose a tier",
  badDays: `Days must be a whole number from 1 to ${LAPSED_DAYS_MAX}`,
  badSendAt: "The time to send must be a date and time",
  tooFarAhead: `A broadcast can be scheduled at most ${BROADCAST_SCHEDULE_DAYS_MAX} days ahead`,
  badImage: "Upload the image again",
  notFound: "Broadcast not found",
  finished: "This broadcast has finished and can no longer be cancelled",
} as const;

export const segmentKinds = ["all", "tier", "lapsed", "no_orders", "cart"] as const;
export type SegmentKind = (typeof segmentKinds)[number];

/**
 * Who gets a broadcast: all members, members on a tier (`tierId`), members whose plan ended in the
 * last `days` days, members who never ordered, members with items in their cart. Always only
 * members whose "News from the shop" switch is on.
 */
export const segmentSchema = z
  .object({
    kind: z.enum(segmentKinds, broadcastMessages.badSegment),
    tierId: idSchema(broadcastMessages.tierRequired).optional(),
    days: z
      .number(broadcastMessages.badDays)
      .int(broadcastMessages.badDays)
      .min(1, broadcastMessages.badDays)
      .max(LAPSED_DAYS_MAX, broadcastMessages.badDays)
      .optional(),
  })
  .superRefine((segment, ctx) => {
    if (segment.kind === "tier" && !segment.tierId) {
      ctx.addIssue({ code: "custom", path: ["tierId"], message: broadcastMessages.tierRequired });
    }
  })
  .transform((segment) => {
    if (segment.kind === "tier") return { kind: "tier" as const, tierId: segment.tierId as string };
    if (segment.kind === "lapsed")
      return { kind: "lapsed" as const, days: segment.days ?? LAPSED_DAYS_DEFAULT };
    return { kind: segment.kind };
  });
export type SegmentInput = z.input<typeof segmentSchema>;
export type Segment = z.output<typeof segmentSchema>;

/** A stored image's id, as POST /api/admin/broadcasts/images answers it. */
export const broadcastImageIdSchema = z
  .string(broadcastMessages.badImage)
  .regex(/^\d{1,15}-[0-9a-f]{16}\.(png|jpg|webp)$/, broadcastMessages.badImage);

/**
 * POST /api/admin/broadcasts: the text (plain, as the feed's composer writes it; at most 4096
 * characters, 1024 with an image), who gets it, the image uploaded before, when to send it (now when
 * not said or past; at most BROADCAST_SCHEDULE_DAYS_MAX days ahead, which the domain checks against
 * the server's clock, not here) and whether to send it as a paid broadcast.
 */
export const createBroadcastSchema = z
  .object({
    text: z
      .string(broadcastMessages.empty)
      .trim()
      .min(1, broadcastMessages.empty)
      .max(BROADCAST_TEXT_MAX, broadcastMessages.tooLong),
    segment: segmentSchema,
    imageId: broadcastImageIdSchema.optional(),
    sendAt: z.iso.datetime({ offset: true, message: broadcastMessages.badSendAt }).optional(),
    paid: z.boolean().default(false),
  })
  .superRefine((body, ctx) => {
    if (body.imageId && body.text.length > BROADCAST_CAPTION_MAX) {
      ctx.addIssue({ code: "custom", path: ["text"], message: broadcastMessages.captionTooLong });
    }
  });

/** POST /api/admin/broadcasts/audience: how many a segment reaches now, and how long it takes. */
export const audienceQuerySchema = z.object({
  segment: segmentSchema,
  paid: z.boolean().default(false),
});

export const audienceSchema = z.object({
  /** Members in the segment with news on: one outbox row each. */
  total: z.number().int(),
  /** Those the bot may write to. */
  reachable: z.number().int(),
  /** Those it may not (never started it, or blocked it): counted, never attempted. */
  unreachable: z.number().int(),
  /** Messages per second it is sent at: BROADCAST_RATE, or BROADCAST_PAID_RATE for a paid one. */
  rate: z.number().int(),
  /** reachable / rate, rounded up. */
  estimatedSeconds: z.number().int(),
});
export type Audience = z.infer<typeof audienceSchema>;

export const broadcastStatuses = ["scheduled", "sending", "done", "cancelled"] as const;

export const broadcastSchema = z.object({
  id: z.uuid(),
  text: z.string(),
  imageUrl: z.string().nullable(),
  segment: z.object({
    kind: z.enum(segmentKinds),
    tierId: z.string().optional(),
    /** The tier's name, while the tier exists. */
    tierName: z.string().nullable().optional(),
    days: z.number().int().optional(),
  }),
  status: z.enum(broadcastStatuses),
  paid: z.boolean(),
  sendAt: z.string(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** One outbox row per recipient from its start: unreachable ones included. */
  total: z.number().int(),
  /** Waiting or being sent. */
  queued: z.number().int(),
  sent: z.number().int(),
  unreachable: z.number().int(),
  blocked: z.number().int(),
  /** Failed, or uncertain (in flight when a process died). */
  failed: z.number().int(),
  cancelled: z.number().int(),
  /** Seconds left at its rate for the rows still queued. */
  estimatedSeconds: z.number().int(),
});
export type Broadcast = z.infer<typeof broadcastSchema>;

export const createdBroadcastSchema = z.object({ broadcast: broadcastSchema });
export type CreatedBroadcast = z.infer<typeof createdBroadcastSchema>;

export const broadcastsQuerySchema = z.object(pageQuery);

export const broadcastListSchema = z.object({
  broadcasts: z.array(broadcastSchema),
  /** The bot (decision 121): while broadcastsCanGo says no, the composer says why and sends nothing. */
  bot: botStateSchema,
  ...pageFields,
});
export type BroadcastList = z.infer<typeof broadcastListSchema>;

export const broadcastImageSchema = z.object({ imageId: broadcastImageIdSchema, url: z.string() });
export type BroadcastImage = z.infer<typeof broadcastImageSchema>;

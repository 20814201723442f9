import { z } from "zod";

export const changeTables = [
  "channel_messages",
  "products",
  "channel_settings",
  "orders",
  "support_conversations",
] as const;
export type ChangeTable = (typeof changeTables)[number];

/**
 * What the database triggers NOTIFY: one row changed, or (`sessions`, never sent to clients) a live
 * session ended.
 */
export const changeEventSchema = z.object({
  table: z.enum([...changeTables, "sessions"]),
  op: z.enum(["insert", "update", "delete"]),
  id: z.string(),
  /** An order's or a support conversation's owner: the member whose stream may hear of it. */
  owner: z.string().nullish(),
});
export type ChangeEvent = z.infer<typeof changeEventSchema>;

/** At most this many changed feed messages are named in one event; more, and the event names none. */
export const MAX_CHANGED_IDS = 50;

export const productChangeSchema = z.object({ id: z.string(), op: changeEventSchema.shape.op });
export type ProductChange = z.infer<typeof productChangeSchema>;

/**
 * What a Server-Sent `change` event carries: something in this table changed (changes are gathered
 * per table for a short tick). For the feed (channel_messages) it names the messages that changed,
 * when there were few, so a feed fetches only those; without ids the client refetches. A `resync`
 * event says changes may have been missed since the Last-Event-ID the client reconnected with:
 * refetch everything. An `orders` change reaches only the order's owner and staff; a
 * `support_conversations` change only the conversation's member and the staff who answer the inbox.
 */
export const streamChangeSchema = z.object({
  table: z.enum(changeTables),
  ids: z.array(z.string()).max(MAX_CHANGED_IDS).optional(),
  /**
   * Products only: which products changed and how (the database's operation: a soft delete is an
   * update), when there were few; without it the client only knows the catalogue changed.
   */
  changes: z.array(productChangeSchema).max(MAX_CHANGED_IDS).optional(),
});
export type StreamChange = z.infer<typeof streamChangeSchema>;

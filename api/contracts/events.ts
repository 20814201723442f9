import { z } from "zod";

export const changeTables = ["channel_messages", "products", "channel_settings"] as const;
export type ChangeTable = (typeof changeTables)[number];

/** What the database triggers NOTIFY: one row changed. */
export const changeEventSchema = z.object({
  table: z.enum(changeTables),
  op: z.enum(["insert", "update", "delete"]),
  id: z.string(),
});
export type ChangeEvent = z.infer<typeof changeEventSchema>;

/**
 * What a Server-Sent `change` event carries: something in this table changed (changes are gathered
 * per table for a short tick, so no row id). The client refetches. A `resync` event says changes may
 * have been missed since the Last-Event-ID the client reconnected with: refetch everything.
 */
export const streamChangeSchema = z.object({ table: z.enum(changeTables) });
export type StreamChange = z.infer<typeof streamChangeSchema>;

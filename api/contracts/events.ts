import { z } from "zod";

/** What a Server-Sent `change` event carries: the client refetches what changed. */
export const changeEventSchema = z.object({
  table: z.enum(["channel_messages", "products", "channel_settings"]),
  op: z.enum(["insert", "update", "delete"]),
  id: z.string(),
});
export type ChangeEvent = z.infer<typeof changeEventSchema>;

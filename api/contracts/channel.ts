import { z } from "zod";

export const channelInfoSchema = z.object({
  channelName: z.string(),
  channelUsername: z.string().nullable(),
  memberCount: z.string(),
  logoUrl: z.string().nullable(),
  heroVideoUrl: z.string().nullable(),
  featuredProductsCount: z.int(),
  featureBullets: z.array(z.object({ text: z.string(), emoji: z.string() })).length(3),
});
export type ChannelInfo = z.infer<typeof channelInfoSchema>;

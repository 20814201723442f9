import type { ChannelInfo } from "#api/contracts/channel";
import { getPublicChannelInfo } from "#db/queries/channel/channel";
import type { ServiceContext } from "../context";

/** The public channel settings (unset ones defaulted), as GET /api/channel and the app shell give them. */
export async function readChannelInfo({ db }: Pick<ServiceContext, "db">): Promise<ChannelInfo> {
  const row = await getPublicChannelInfo(db);
  return {
    channelName: row.channelName,
    channelUsername: row.channelUsername,
    memberCount: row.memberCount,
    logoUrl: row.logoUrl,
    heroVideoUrl: row.heroVideoUrl,
    featuredProductsCount: row.featuredProductsCount,
    featureBullets: [
      { text: row.featureBullet1, emoji: row.featureBullet1Emoji },
      { text: row.featureBullet2, emoji: row.featureBullet2Emoji },
      { text: row.featureBullet3, emoji: row.featureBullet3Emoji },
    ],
  };
}

/** The channel's name as members see it (the bot's greetings and /help). */
export async function readChannelName(ctx: Pick<ServiceContext, "db">): Promise<string> {
  return (await getPublicChannelInfo(ctx.db)).channelName;
}

import { Hono } from "hono";
import { getPublicChannelInfo } from "#db/queries/channel";
import type { ChannelInfo } from "../contracts/channel";
import { channelInfoSchema } from "../contracts/channel";
import type { AppDeps } from "../deps";
import type { RouteDoc } from "./route-doc";

export const channelRoutes = (deps: AppDeps) =>
  new Hono().get("/channel", async (c) => {
    const row = await getPublicChannelInfo(deps.database.db);
    c.header("Cache-Control", "no-cache");
    return c.json({
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
    } satisfies ChannelInfo);
  });

/** OpenAPI descriptions of these routes (api/openapi.ts assembles them). */
export const channelDocs: RouteDoc[] = [
  {
    method: "get",
    path: "/api/channel",
    summary: "Public channel info with the spec's defaults",
    access: "anyone",
    response: channelInfoSchema,
  },
];

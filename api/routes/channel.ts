import { Hono } from "hono";
import { channelInfoSchema } from "../contracts/channel";
import type { AppDeps } from "../deps";
import { readChannelInfo } from "../services/channel-info";
import type { RouteDoc } from "./route-doc";

export const channelRoutes = (deps: AppDeps) =>
  new Hono().get("/channel", async (c) => {
    c.header("Cache-Control", "no-cache");
    return c.json(await readChannelInfo(deps.database));
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

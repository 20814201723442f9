import { createRoute } from "@hono/zod-openapi";
import { channelInfoSchema } from "#api/contracts/channel";
import { readChannelInfo } from "#api/domain/channel";
import type { AppDeps } from "../deps";
import { access, answers, openApiRouter } from "./openapi-route";

const channelRoute = createRoute({
  method: "get",
  path: "/channel",
  summary: "Public channel info with the spec's defaults",
  description: access("anyone"),
  responses: { 200: answers(channelInfoSchema) },
});

export const channelRoutes = (deps: AppDeps) =>
  openApiRouter().openapi(channelRoute, async (c) => {
    c.header("Cache-Control", "no-cache");
    return c.json(await readChannelInfo(deps.database), 200);
  });

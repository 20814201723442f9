import { createRoute } from "@hono/zod-openapi";
import { feedMessages } from "#api/contracts/feed";
import { preparedShareSchema, shareMessages } from "#api/contracts/share";
import { preparePostShare, prepareProductShare } from "#api/domain/channel";
import type { AppDeps } from "../deps";
import { requireUser } from "../middleware/auth";
import { members } from "./feed";
import { answers, idParams, only, openApiRouter, refusals } from "./openapi-route";

const productShareRoute = createRoute({
  method: "post",
  path: "/share/products/{id}",
  summary:
    "The product's card (picture, title, price, short description, Open in shop) prepared with savePreparedInlineMessage for the member's Mini App to share (shareMessage); 409 without Telegram, 503 with the bot off",
  ...only("signed in", requireUser),
  request: { params: idParams(shareMessages.productNotFound) },
  responses: { 200: answers(preparedShareSchema), ...refusals(401, 404, 409, 429, 503) },
});

const postShareRoute = createRoute({
  method: "post",
  path: "/share/posts/{id}",
  summary:
    "A feed post's card (the channel's name and Open the post, none of the post's words) prepared for the member's Mini App to share; 409 without Telegram, 503 with the bot off",
  ...members,
  request: { params: idParams(feedMessages.notFound) },
  responses: { 200: answers(preparedShareSchema), ...refusals(401, 403, 404, 409, 429, 503) },
});

/** Share into any chat from the Mini App (decision 110). */
export const shareRoutes = (deps: AppDeps) =>
  openApiRouter()
    .openapi(productShareRoute, async (c) =>
      c.json(await prepareProductShare(deps, c.var.user.userId, c.req.valid("param").id), 200),
    )
    .openapi(postShareRoute, async (c) =>
      c.json(await preparePostShare(deps, c.var.user.userId, c.req.valid("param").id), 200),
    );

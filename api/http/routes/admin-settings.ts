import { createRoute } from "@hono/zod-openapi";
import {
  type SettingsResult,
  settingsResultSchema,
  type TelegramSync,
  telegramSyncSchema,
  type UploadedAsset,
  updateSettingsSchema,
  uploadedAssetSchema,
} from "#api/contracts/admin-settings";
import { loadSettings, readTelegramChannel, saveSettings, storeChannelAsset } from "#api/domain/settings";
import type { AppDeps } from "../deps";
import { requireRole } from "../middleware/auth";
import { multipartForm } from "../multipart";
import { access, answers, guardedRouter, jsonBody, refusals, uploadBody } from "./openapi-route";

const admin = access("admin");

const settingsRoute = createRoute({
  method: "get",
  path: "/",
  summary: "The channel settings (before the first save: the settings page's defaults, id null)",
  description: admin,
  responses: { 200: answers(settingsResultSchema), ...refusals(401, 403) },
});

const saveRoute = createRoute({
  method: "put",
  path: "/",
  summary: "Save every setting at once; the logo and hero video as uploaded here, or null",
  description: admin,
  request: { body: jsonBody(updateSettingsSchema) },
  responses: { 200: answers(settingsResultSchema), ...refusals(400, 401, 403) },
});

const logoRoute = createRoute({
  method: "post",
  path: "/logo",
  summary:
    "Upload a channel logo (multipart field `file`, an image by content, at most 10MB) as logo-{timestamp}.ext",
  description: admin,
  request: { body: uploadBody() },
  responses: { 200: answers(uploadedAssetSchema), ...refusals(400, 401, 403, 413, 415) },
});

const heroVideoRoute = createRoute({
  method: "post",
  path: "/hero-video",
  summary:
    "Upload a hero video (multipart field `file`, mp4, webm or quicktime by content, at most 50MB) as hero-video-{timestamp}.ext",
  description: admin,
  request: { body: uploadBody() },
  responses: { 200: answers(uploadedAssetSchema), ...refusals(400, 401, 403, 413, 415) },
});

const telegramSyncRoute = createRoute({
  method: "post",
  path: "/telegram-sync",
  summary: "Read the member count and photo of the bot's channel (getChatMemberCount, getChat) for the form",
  description: admin,
  responses: { 200: answers(telegramSyncSchema), ...refusals(401, 403, 503) },
});

/** Mounted at /admin/settings: the landing page editor's settings, for admins only, checked on the server. */
export const adminSettingsRoutes = (deps: AppDeps) => {
  const ctx = deps;
  return guardedRouter(requireRole("admin"))
    .openapi(settingsRoute, async (c) =>
      c.json({ settings: await loadSettings(ctx) } satisfies SettingsResult, 200),
    )
    .openapi(saveRoute, async (c) =>
      c.json(
        {
          settings: await saveSettings(ctx, c.req.valid("json"), c.var.user.userId),
        } satisfies SettingsResult,
        200,
      ),
    )
    .openapi(logoRoute, async (c) =>
      c.json(
        {
          url: await storeChannelAsset(ctx, "logo", multipartForm(c.req.raw, "logo"), c.var.user.userId),
        } satisfies UploadedAsset,
        200,
      ),
    )
    .openapi(heroVideoRoute, async (c) =>
      c.json(
        {
          url: await storeChannelAsset(
            ctx,
            "heroVideo",
            multipartForm(c.req.raw, "heroVideo"),
            c.var.user.userId,
          ),
        } satisfies UploadedAsset,
        200,
      ),
    )
    .openapi(telegramSyncRoute, async (c) =>
      c.json((await readTelegramChannel(ctx)) satisfies TelegramSync, 200),
    );
};

import { Hono } from "hono";
import { type AppEnv, requireRole } from "../auth/middleware";
import {
  type SettingsResult,
  settingsResultSchema,
  type TelegramSync,
  telegramSyncSchema,
  type UploadedAsset,
  updateSettingsSchema,
  uploadedAssetSchema,
} from "../contracts/admin-settings";
import { type AppDeps, serviceContext } from "../deps";
import {
  loadSettings,
  readTelegramChannel,
  saveSettings,
  storeChannelAsset,
} from "../services/admin-settings";
import type { RouteDoc } from "./route-doc";
import { valid } from "./validator";

/** Mounted at /admin/settings: the landing page editor's settings, for admins only, checked on the server. */
export const adminSettingsRoutes = (deps: AppDeps) => {
  const ctx = serviceContext(deps);
  return new Hono<AppEnv>()
    .use("*", requireRole("admin"))
    .get("/", async (c) => c.json({ settings: await loadSettings(ctx) } satisfies SettingsResult, 200))
    .put("/", valid("json", updateSettingsSchema), async (c) =>
      c.json(
        {
          settings: await saveSettings(ctx, c.req.valid("json"), c.var.user.userId),
        } satisfies SettingsResult,
        200,
      ),
    )
    .post("/logo", async (c) =>
      c.json(
        { url: await storeChannelAsset(ctx, "logo", c.req.raw, c.var.user.userId) } satisfies UploadedAsset,
        200,
      ),
    )
    .post("/hero-video", async (c) =>
      c.json(
        {
          url: await storeChannelAsset(ctx, "heroVideo", c.req.raw, c.var.user.userId),
        } satisfies UploadedAsset,
        200,
      ),
    )
    .post("/telegram-sync", async (c) =>
      c.json((await readTelegramChannel(ctx)) satisfies TelegramSync, 200),
    );
};

/** OpenAPI descriptions of these routes (api/openapi.ts assembles them). */
export const adminSettingsDocs: RouteDoc[] = [
  {
    method: "get",
    path: "/api/admin/settings",
    summary: "The channel settings (before the first save: the settings page's defaults, id null)",
    access: "admin",
    response: settingsResultSchema,
    errors: [401, 403],
  },
  {
    method: "put",
    path: "/api/admin/settings",
    summary: "Save every setting at once; the logo and hero video as uploaded here, or null",
    access: "admin",
    body: updateSettingsSchema,
    response: settingsResultSchema,
    errors: [400, 401, 403],
  },
  {
    method: "post",
    path: "/api/admin/settings/logo",
    summary:
      "Upload a channel logo (multipart field `file`, an image by content, at most 10MB) as logo-{timestamp}.ext",
    access: "admin",
    bodyType: "multipart/form-data",
    response: uploadedAssetSchema,
    errors: [400, 401, 403, 413, 415],
  },
  {
    method: "post",
    path: "/api/admin/settings/hero-video",
    summary:
      "Upload a hero video (multipart field `file`, mp4, webm or quicktime by content, at most 50MB) as hero-video-{timestamp}.ext",
    access: "admin",
    bodyType: "multipart/form-data",
    response: uploadedAssetSchema,
    errors: [400, 401, 403, 413, 415],
  },
  {
    method: "post",
    path: "/api/admin/settings/telegram-sync",
    summary:
      "Read the member count and photo of the bot's channel (getChatMemberCount, getChat) for the form",
    access: "admin",
    response: telegramSyncSchema,
    errors: [401, 403, 503],
  },
];

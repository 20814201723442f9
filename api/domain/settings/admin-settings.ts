import {
  type ChannelSettings,
  settingsDefaults,
  type TelegramSync,
  type UpdateSettings,
} from "#api/contracts/admin-settings";
import { type IncomingForm, storeUpload } from "#api/domain/uploads";
import {
  type ChannelSettingsRow,
  findChannelSettings,
  knowsTimeZone,
  upsertChannelSettings,
} from "#db/queries/channel/channel";
import { requireBot } from "../bot-needed";
import type { ServiceContext } from "../context";
import { Refusal } from "../refusal";

const settingsOf = (row: ChannelSettingsRow): ChannelSettings => ({
  id: row.id,
  channelName: row.channelName,
  channelUsername: row.channelUsername,
  memberCount: row.memberCount,
  logoUrl: row.logoUrl,
  heroVideoUrl: row.heroVideoUrl,
  welcomeMessage: row.welcomeMessage,
  storeDescription: row.storeDescription,
  ageVerificationEnabled: row.ageVerificationEnabled,
  emailNotifications: row.emailNotifications,
  lowStockAlerts: row.lowStockAlerts,
  timeZone: row.timeZone,
});

/** The one settings row; before the first save, the settings page's defaults. */
export async function loadSettings({ db }: Pick<ServiceContext, "db">): Promise<ChannelSettings> {
  const row = await findChannelSettings(db);
  if (row) return settingsOf(row);
  return {
    id: null,
    logoUrl: null,
    heroVideoUrl: null,
    welcomeMessage: null,
    storeDescription: null,
    ...settingsDefaults,
  };
}

/**
 * Saves every field at once. The logo and the hero video must be what they were, none, or a file
 * in channel-assets (what the uploads and the Telegram sync answer): no outside address. The time
 * zone must be one the database knows too.
 */
export async function saveSettings(
  ctx: ServiceContext,
  values: UpdateSettings,
  adminId: string,
): Promise<ChannelSettings> {
  const current = await findChannelSettings(ctx.db);
  const uploaded = `${ctx.storage.urlBase}/channel-assets/`;
  const allowed = (url: string | null, was: string | null | undefined) =>
    url === null || url === was || (url.startsWith(uploaded) && !url.slice(uploaded.length).includes(".."));
  if (!allowed(values.logoUrl, current?.logoUrl) || !allowed(values.heroVideoUrl, current?.heroVideoUrl)) {
    throw new Refusal("logo_not_uploaded");
  }
  // The dashboard counts days in it with the database's AT TIME ZONE.
  if (values.timeZone !== undefined && !(await knowsTimeZone(ctx.db, values.timeZone))) {
    throw new Refusal("time_zone_invalid");
  }
  return settingsOf(await upsertChannelSettings(ctx.db, { ...values, updatedBy: adminId }));
}

/**
 * Streams the form's file through the upload pipeline into channel-assets as
 * logo-{timestamp}.ext or hero-video-{timestamp}.ext; Save then points the settings at it.
 */
export async function storeChannelAsset(
  ctx: ServiceContext,
  kind: "logo" | "heroVideo",
  form: IncomingForm,
  adminId: string,
): Promise<string> {
  const { url } = await storeUpload(form, ctx, kind, {
    owner: adminId,
    at: ctx.now().getTime(),
  });
  return url;
}

/** Telegram's count as the header shows it: 26234 -> "26.2K". */
export const compactCount = (count: number) =>
  new Intl.NumberFormat("en", { notation: "compact", maximumFractionDigits: 1 }).format(count);

/** The member count and the logo (stored as logo-{timestamp}.ext) from the Telegram channel, for the form. */
export async function readTelegramChannel(ctx: ServiceContext): Promise<TelegramSync> {
  requireBot(ctx);
  if (!ctx.telegram.channelConfigured) throw new Refusal("channel_not_configured");
  const snapshot = await ctx.telegram.readChannel(`logo-${ctx.now().getTime()}`).catch((error: unknown) => {
    ctx.log.warn("could not read the Telegram channel", { error: String(error) });
    throw new Refusal("channel_sync_failed");
  });
  return { memberCount: compactCount(snapshot.memberCount), logoUrl: snapshot.logoUrl ?? null };
}

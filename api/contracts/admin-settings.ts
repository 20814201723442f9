import { z } from "zod";

/** The landing page editor's texts, in the original product's wording (apart from those marked "ours"). */
export const adminSettingsMessages = {
  loadFailed: "Failed to load settings",
  saveFailed: "Failed to save settings",
  saved: "Settings saved successfully!",
  logoFailed: "Failed to upload logo",
  logoUploaded: "Logo uploaded successfully!",
  videoUploaded: "Video uploaded successfully!",
  // Ours: the original product says nothing of a failed video upload, of a name left blank, or of Telegram.
  videoFailed: "Failed to upload video",
  channelNameRequired: "Channel name is required",
  usernameInvalid: "Username may hold only letters, digits and underscores (at most 32)",
  memberCountTooLong: "Member count must be at most 20 characters",
  welcomeTooLong: "Welcome message must be at most 1000 characters",
  descriptionTooLong: "Store description must be at most 2000 characters",
  timeZoneInvalid: "Time zone must be a name such as Europe/Berlin or UTC",
  notUploaded: "The logo and the hero video must be files uploaded here",
  channelNotConfigured: "No channel is configured: set TELEGRAM_CHANNEL_ID to sync from Telegram",
  syncFailed: "Telegram did not answer: the channel could not be read",
  synced: "Synced from Telegram",
} as const;

/** The settings page's starting values while nobody has saved any. */
export const settingsDefaults = {
  channelName: "Exclusive Drops",
  channelUsername: "shop",
  memberCount: "26.2K",
  ageVerificationEnabled: true,
  emailNotifications: true,
  lowStockAlerts: true,
  timeZone: "UTC",
} as const;

/** Blank optional text is stored as nothing. */
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .transform((text) => text || null)
    .nullable()
    .default(null);

/** A URL an upload answered (the server checks it is one), or null for none. */
const assetUrl = z.string().max(2048).nullable();

/**
 * An IANA time zone name as Intl knows it, in its canonical spelling ("europe/berlin" ->
 * "Europe/Berlin"). Only names: an offset such as "+02:00" reads the other way round in Postgres.
 */
export const timeZoneSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z][\w+/-]*$/, adminSettingsMessages.timeZoneInvalid)
  .transform((name, ctx) => {
    try {
      return new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
    } catch {
      ctx.addIssue({ code: "custom", message: adminSettingsMessages.timeZoneInvalid });
      return z.NEVER;
    }
  });

/** Everything Save sends: the text, the switches, and the logo and hero video as uploaded. */
export const updateSettingsSchema = z.object({
  channelName: z
    .string({ error: adminSettingsMessages.channelNameRequired })
    .trim()
    .min(1, adminSettingsMessages.channelNameRequired)
    .max(100, "Channel name must be at most 100 characters"),
  // Telegram's usernames: 5 to 32 of a-z, 0-9 and _; the @ is optional here and not stored.
  channelUsername: z
    .string()
    .trim()
    .transform((name) => name.replace(/^@/, ""))
    .pipe(z.string().regex(/^\w{0,32}$/, adminSettingsMessages.usernameInvalid))
    .transform((name) => name || null)
    .nullable()
    .default(null),
  memberCount: optionalText(20, adminSettingsMessages.memberCountTooLong),
  logoUrl: assetUrl,
  heroVideoUrl: assetUrl,
  welcomeMessage: optionalText(1000, adminSettingsMessages.welcomeTooLong),
  storeDescription: optionalText(2000, adminSettingsMessages.descriptionTooLong),
  ageVerificationEnabled: z.boolean(),
  emailNotifications: z.boolean(),
  lowStockAlerts: z.boolean(),
  // Left out (a client from before it existed), the time zone stays as it is.
  timeZone: timeZoneSchema.optional(),
});
export type UpdateSettings = z.infer<typeof updateSettingsSchema>;

/** The channel's settings (id null until the first save). */
export const channelSettingsSchema = z.object({
  id: z.string().nullable(),
  channelName: z.string().nullable(),
  channelUsername: z.string().nullable(),
  memberCount: z.string().nullable(),
  logoUrl: z.string().nullable(),
  heroVideoUrl: z.string().nullable(),
  welcomeMessage: z.string().nullable(),
  storeDescription: z.string().nullable(),
  ageVerificationEnabled: z.boolean(),
  emailNotifications: z.boolean(),
  lowStockAlerts: z.boolean(),
  /** The IANA time zone the owner's dashboard counts days in. */
  timeZone: z.string(),
});
export type ChannelSettings = z.infer<typeof channelSettingsSchema>;

/** A stored upload, for the form to show and Save to keep. */
export const uploadedAssetSchema = z.object({ url: z.string() });
export type UploadedAsset = z.infer<typeof uploadedAssetSchema>;

/** What the Telegram channel says: the member count as shown ("26.2K") and its photo, when it has one. */
export const telegramSyncSchema = z.object({ memberCount: z.string(), logoUrl: z.string().nullable() });
export type TelegramSync = z.infer<typeof telegramSyncSchema>;

export const settingsResultSchema = z.object({ settings: channelSettingsSchema });
export type SettingsResult = z.infer<typeof settingsResultSchema>;

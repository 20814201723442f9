/**
 * The Appearance setting: Light, Dark or System. On the web the default is Dark; inside Telegram
 * the default is System, which there means Telegram's own theme (decision 092).
 */
export type AppearancePreference = "light" | "dark" | "system";

export const APPEARANCE_STORAGE_KEY = "theme";
export const DEFAULT_APPEARANCE: AppearancePreference = "dark";

export const defaultPreference = (insideTelegram: boolean): AppearancePreference =>
  insideTelegram ? "system" : DEFAULT_APPEARANCE;

/** What localStorage held, made safe: nothing or anything unknown is the default. */
export function parsePreference(
  stored: string | null | undefined,
  fallback: AppearancePreference = DEFAULT_APPEARANCE,
): AppearancePreference {
  return stored === "light" || stored === "dark" || stored === "system" ? stored : fallback;
}

export interface AppearanceInputs {
  preference: AppearancePreference;
  /** Telegram's theme inside Telegram (null outside it, or when Telegram has not said). */
  telegramDark: boolean | null;
  /** The device's prefers-color-scheme. */
  systemDark: boolean;
}

export interface Appearance {
  dark: boolean;
  /**
   * Use Telegram's own colours (--tg-theme-*). Only when they fit: inside Telegram and with the
   * scheme Telegram itself shows. Dark chosen in a light Telegram gets the app's dark palette.
   */
  telegramPalette: boolean;
}

/** System follows Telegram's theme inside Telegram and the device's outside it. */
export function resolveAppearance({ preference, telegramDark, systemDark }: AppearanceInputs): Appearance {
  const dark = preference === "system" ? (telegramDark ?? systemDark) : preference === "dark";
  return { dark, telegramPalette: telegramDark !== null && telegramDark === dark };
}

/** The component kit's look: Apple's on iOS and macOS Telegram, the base (Android-like) one elsewhere. */
export type KitPlatform = "ios" | "base";

export function kitPlatform(telegramPlatform: string | null | undefined): KitPlatform {
  return telegramPlatform === "ios" || telegramPlatform === "macos" ? "ios" : "base";
}

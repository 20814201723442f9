import {
  defaultLanguage,
  type Language,
  languageFromAcceptLanguage,
  shippedLanguage,
} from "#api/contracts/languages";
import { activateLanguage, currentLanguage, startInLanguage } from "../i18n/i18n";
import { bootLanguage } from "../lib/boot-data";

// The language last shown on this device (the member's choice, or their account's): the next start
// shows it at once rather than another one until the account has loaded.
const STORAGE_KEY = "language";

function storedLanguage(): Language | null {
  try {
    return shippedLanguage(localStorage.getItem(STORAGE_KEY));
  } catch {
    return null;
  }
}

function remember(language: Language): void {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private browsing without storage: the account still holds the choice.
  }
}

/**
 * The first screen's language: the one last shown on this device; else inside Telegram the launch's
 * `language_code`; else the page's (the server read Accept-Language), else the browser's; English
 * for any language we do not ship.
 */
export function startLanguage(telegramLanguage: string | null): Promise<void> {
  const language =
    storedLanguage() ??
    (telegramLanguage !== null ? (shippedLanguage(telegramLanguage) ?? defaultLanguage) : null) ??
    bootLanguage() ??
    languageFromAcceptLanguage(navigator.languages.join(","));
  return startInLanguage(language);
}

/** The signed-in account's language (its choice, or what its sign-in noted): the app follows it. */
export function followAccountLanguage(language: Language): void {
  remember(language);
  if (language !== currentLanguage()) void activateLanguage(language);
}

/** Settings › Appearance: shows the app in `language` at once, and remembers it on this device. */
export async function showLanguage(language: Language): Promise<void> {
  remember(language);
  await activateLanguage(language);
}

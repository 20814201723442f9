import { useSyncExternalStore } from "react";
import {
  APPEARANCE_STORAGE_KEY,
  type Appearance,
  type AppearancePreference,
  defaultPreference,
  parsePreference,
  resolveAppearance,
} from "../lib/appearance";
import { telegram } from "../telegram/controls";

/**
 * The appearance setting, applied to <html>: the `dark` class picks the palette and `tg-palette`
 * lets Telegram's colours through. A small store outside React so it applies before the first render.
 */
let preference: AppearancePreference = readPreference();
let current: Appearance = { dark: true, telegramPalette: false };
const listeners = new Set<() => void>();

function readPreference(): AppearancePreference {
  const fallback = defaultPreference(telegram() !== null);
  try {
    return parsePreference(localStorage.getItem(APPEARANCE_STORAGE_KEY), fallback);
  } catch {
    return fallback;
  }
}

const systemQuery = () =>
  typeof window.matchMedia === "function" ? window.matchMedia("(prefers-color-scheme: dark)") : null;

function apply(): void {
  current = resolveAppearance({
    preference,
    telegramDark: telegram()?.isDark() ?? null,
    systemDark: systemQuery()?.matches ?? true,
  });
  const root = document.documentElement;
  root.classList.toggle("dark", current.dark);
  root.classList.toggle("tg-palette", current.telegramPalette);
  // The browser's bars, and Telegram's header, background and bottom bar, take the page's colour.
  const own = current.dark ? "#0f1115" : "#ffffff";
  document.querySelector('meta[name="theme-color"]')?.setAttribute("content", own);
  telegram()?.setChromeColor(current.telegramPalette ? null : own);
  for (const listener of listeners) listener();
}

let started = false;

/** Applies the setting and follows Telegram's theme and the device's scheme from now on. */
export function startAppearance(): void {
  // Telegram is known by now (main.ts starts it first), and with it the default.
  preference = readPreference();
  apply();
  if (started) return;
  started = true;
  systemQuery()?.addEventListener("change", apply);
  telegram()?.onThemeChange(apply);
  // Another tab changed the setting.
  window.addEventListener("storage", (event) => {
    if (event.key !== APPEARANCE_STORAGE_KEY) return;
    preference = parsePreference(event.newValue, defaultPreference(telegram() !== null));
    apply();
  });
}

export function setAppearancePreference(value: AppearancePreference): void {
  preference = value;
  try {
    localStorage.setItem(APPEARANCE_STORAGE_KEY, value);
  } catch {
    // Not remembered, but applied for this visit.
  }
  apply();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAppearancePreference(): AppearancePreference {
  return useSyncExternalStore(subscribe, () => preference);
}

export function useAppearance(): Appearance {
  return useSyncExternalStore(subscribe, () => current);
}

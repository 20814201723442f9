import { catalogs } from "virtual:catalogs";
import { setupI18n } from "@lingui/core";
import { defaultLanguage, type Language, textDirection } from "#api/contracts/languages";
import type enAdmin from "#locales/en/admin.json";
import type enApp from "#locales/en/app.json";

/**
 * The Mini App's words in the member's language (docs/decisions/102). Texts are named keys of
 * locales/en/app.json (member screens) and admin.json (Administration, loaded with its screens);
 * the contracts' words (validation, refusals) are keyed by their English wording (messages.json).
 */
export type AppTextKey = keyof typeof enApp;
export type AdminTextKey = keyof typeof enAdmin;
export type TextKey = AppTextKey | AdminTextKey;
export type TextValues = Record<string, string | number | Date>;

export const i18n = setupI18n();

type Surface = "app" | "admin";
const surfacesInUse = new Set<Surface>(["app"]);
const loaded = new Set<string>();

async function loadSurface(language: Language, surface: Surface): Promise<void> {
  const key = `${language}/${surface}`;
  if (loaded.has(key)) return;
  const loader = catalogs[language]?.[surface];
  if (!loader) throw new Error(`no ${surface} catalog for ${language}`);
  i18n.load(language, (await loader()).default);
  loaded.add(key);
}

/**
 * Shows the app in `language`: its catalogs first (one request per surface in use), then every
 * mounted text re-renders at once, and the page's `lang` and `dir` follow.
 */
export async function activateLanguage(language: Language): Promise<void> {
  await Promise.all([...surfacesInUse].map((surface) => loadSurface(language, surface)));
  i18n.activate(language);
  document.documentElement.lang = language;
  document.documentElement.dir = textDirection(language);
}

/** Administration's words, before its first screen renders (its routes await this). */
export async function loadAdminTexts(): Promise<void> {
  surfacesInUse.add("admin");
  await loadSurface(currentLanguage(), "admin");
}

export const currentLanguage = (): Language => (i18n.locale as Language) || defaultLanguage;

/** A named text in the app's language, outside React (toasts, titles); components use useT(). */
export const t = (key: TextKey, values?: TextValues): string => i18n._(key, values);

/**
 * A contract's message (a field's or a refusal's words, written in English in api/contracts) in
 * the app's language; the English itself when no catalog holds it (a storefront's own words).
 */
export const translateMessage = (english: string): string => i18n._(english);

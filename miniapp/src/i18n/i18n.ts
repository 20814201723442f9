import { catalogs } from "virtual:catalogs";
import { setupI18n } from "@lingui/core";
import { defaultLanguage, type Language, textDirection } from "#api/contracts/languages";
import type enAdmin from "#locales/en/admin.json";
import type enApp from "#locales/en/app.json";
import { messageId } from "./message-id";

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

type Surface = "start" | "feed" | "app" | "admin";
const loads = new Map<string, Promise<void>>();
let adminInUse = false;

function loadSurface(language: Language, surface: Surface): Promise<void> {
  const key = `${language}/${surface}`;
  // The app chunk holds the start and feed chunks' words: once it is asked for, they are not.
  const whole = surface === "start" || surface === "feed" ? loads.get(`${language}/app`) : undefined;
  if (whole) return whole;
  let load = loads.get(key);
  if (!load) {
    const loader = catalogs[language]?.[surface];
    if (!loader) return Promise.reject(new Error(`no ${surface} catalog for ${language}`));
    load = loader().then((chunk) => i18n.load(language, chunk.default));
    // A failed request (offline) is asked again next time rather than remembered.
    load.catch(() => loads.delete(key));
    loads.set(key, load);
  }
  return load;
}

let shown: () => void = () => {};
/** Settles once a language is shown: text composed before then (a sign-in's error) waits for it. */
export const firstLanguageShown = new Promise<void>((resolve) => {
  shown = resolve;
});

function show(language: Language): void {
  i18n.activate(language);
  shown();
  document.documentElement.lang = language;
  document.documentElement.dir = textDirection(language);
}

/**
 * The first screen in `language`: only its own words load (the `start` chunk); the rest of the
 * language comes with the first later screen (lazyWithTexts), beside that screen's code.
 */
export async function startInLanguage(language: Language): Promise<void> {
  await loadSurface(language, "start");
  show(language);
}

/**
 * Shows the app in `language` (a change in Settings, or the account's language): its catalogs
 * first, one request (two in Administration), then every mounted text re-renders at once, and the
 * page's `lang` and `dir` follow.
 */
export async function activateLanguage(language: Language): Promise<void> {
  await Promise.all([loadSurface(language, "app"), adminInUse && loadSurface(language, "admin")]);
  show(language);
}

/** The active language's member words: every screen after the first waits for them. */
export const appTexts = (): Promise<void> => loadSurface(currentLanguage(), "app");

/** The feed's words, which come with its code (a returning member's first screen). */
export const feedTexts = (): Promise<void> => loadSurface(currentLanguage(), "feed");

/** Administration's words, before its first screen renders (its routes await this). */
export async function loadAdminTexts(): Promise<void> {
  adminInUse = true;
  await Promise.all([appTexts(), loadSurface(currentLanguage(), "admin")]);
}

export const currentLanguage = (): Language => (i18n.locale as Language) || defaultLanguage;

/** A named text in the app's language, outside React (toasts, titles); components use useT(). */
export const t = (key: TextKey, values?: TextValues): string => i18n._(key, values);

/**
 * A contract's message (a field's or a refusal's words, written in English in api/contracts) in
 * the app's language; the English itself when no catalog holds it (a storefront's own words).
 */
export function translateMessage(english: string): string {
  const id = messageId(english);
  return id in i18n.messages ? i18n._(id) : english;
}

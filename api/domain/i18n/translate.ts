import { type I18n, type Messages, setupI18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import type { Language } from "#api/contracts/languages";
import { serverCatalogs } from "./catalogs";

/**
 * The server's words in a member's language: the bot's messages, mail, page titles and link
 * previews (locales/<language>/server.json, keyed by name), and the contracts' words that reach a
 * person (refusals, validation; locales/<language>/messages.json, keyed by their English wording).
 * Messages are ICU (plurals, numbers, select), formatted with Intl in that language
 * (docs/decisions/102).
 */
export type ServerTextKey = keyof (typeof serverCatalogs)["en"]["server"];
export type TextValues = Record<string, string | number | Date>;

function compiled(messages: Record<string, string>): Messages {
  return Object.fromEntries(Object.entries(messages).map(([id, text]) => [id, compileMessage(text)]));
}

const instances = new Map<Language, I18n>();

function instance(language: Language): I18n {
  let i18n = instances.get(language);
  if (!i18n) {
    const catalog = serverCatalogs[language];
    i18n = setupI18n({
      locale: language,
      messages: { [language]: compiled({ ...catalog.messages, ...catalog.server }) },
    });
    instances.set(language, i18n);
  }
  return i18n;
}

/** A named server text in `language`. */
export const serverText = (language: Language, key: ServerTextKey, values?: TextValues): string =>
  instance(language)._(key, values);

/**
 * A contract's message (a refusal's or a field's words, in English as the contract writes it) in
 * `language`; the English wording itself when the catalogs do not hold it (a storefront's own words).
 */
export const translateMessage = (language: Language, english: string): string =>
  language === "en" || !Object.hasOwn(serverCatalogs[language].messages, english)
    ? english
    : instance(language)._(english);

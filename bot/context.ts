import type { Context } from "grammy";
import type { Language } from "#api/contracts/languages";
import type { ServerTextKey, TextValues } from "#api/domain/i18n/translate";

/** What the language middleware (features/member-language.ts) gives every update's handlers. */
export interface LanguageFlavor {
  /**
   * The language of the person the update comes from (their account's, else their app's tag, else
   * English), looked up once per update. A handler that changes whose account this is (linking
   * one) sets it anew.
   */
  language: Language;
  /** A server text in `language`. */
  t(key: ServerTextKey, values?: TextValues): string;
}

export type BotContext = Context & LanguageFlavor;

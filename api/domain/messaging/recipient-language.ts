import { defaultLanguage, type Language, shippedLanguage } from "#api/contracts/languages";
import type { Db } from "#db/client";
import { storedLanguageByTelegramId } from "#db/queries/accounts/accounts";

/**
 * The language a person hears from the shop in (the bot, mail, notices): the one stored on their
 * account (chosen, or noted at sign-in), else the tag their app sent (Telegram's `language_code`),
 * else English.
 */
export const recipientLanguage = (stored: string | null | undefined, tag?: string | null): Language =>
  shippedLanguage(stored) ?? shippedLanguage(tag) ?? defaultLanguage;

/** A Telegram user's language: their account's when the bot knows them, else their app's tag. */
export async function telegramUserLanguage(
  db: Db,
  from: { id: number; language_code?: string | undefined } | undefined,
): Promise<Language> {
  if (!from) return defaultLanguage;
  return recipientLanguage(await storedLanguageByTelegramId(db, BigInt(from.id)), from.language_code);
}

import type { Language } from "#api/contracts/languages";
import { telegramIdsWithRoles } from "#db/queries/accounts";
import type { ServiceContext } from "../context";
import { recipientLanguage } from "./recipient-language";

/** A Telegram account to tell, with its stored language tag. */
export interface Recipient {
  telegramId: bigint;
  language: string | null;
}

/**
 * Sends each recipient the message in their language, logging (not throwing) what Telegram refuses:
 * what the message tells of stands either way.
 */
export async function sendAll(ctx: ServiceContext, to: Recipient[], text: (language: Language) => string) {
  if (!ctx.telegram.enabled) return;
  await Promise.all(
    to.map(({ telegramId, language }) =>
      ctx.telegram.sendMessage(telegramId, text(recipientLanguage(language))).catch((error: unknown) => {
        ctx.log.warn("notice not sent", { error: String(error) });
      }),
    ),
  );
}

/**
 * The shop's admins with a Telegram account hear each text, in turn, each in their own language:
 * the staff notices of low stock and of a payment not applied (decision 116).
 */
export async function tellAdmins(ctx: ServiceContext, texts: ((language: Language) => string)[]) {
  if (!ctx.telegram.enabled || texts.length === 0) return;
  const admins = await telegramIdsWithRoles(ctx.db, ["admin"]);
  for (const text of texts) await sendAll(ctx, admins, text);
}

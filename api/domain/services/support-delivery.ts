import { findAccountById } from "#db/queries/accounts";
import type { ServiceContext } from "../context";
import { serverText } from "../i18n/translate";
import { recipientLanguage } from "./recipient-language";

/** Telegram's limit for one message's text. */
const TELEGRAM_TEXT_LIMIT = 4096;
/** How Telegram words a chat that has blocked the bot or never started it (403 Forbidden). */
const UNREACHABLE = /\b403\b|Forbidden/i;

/** What a staff reply says, for the notice through the bot. */
export interface SupportReply {
  text: string;
  hasImage: boolean;
}

/** The notice in the member's language: the reply itself, and a word about its image. */
export function supportReplyNotice(language: Parameters<typeof serverText>[0], reply: SupportReply): string {
  const notice = !reply.text
    ? serverText(language, "support.replyImageOnly")
    : serverText(language, reply.hasImage ? "support.replyWithImage" : "support.reply", { text: reply.text });
  return notice.length <= TELEGRAM_TEXT_LIMIT ? notice : `${notice.slice(0, TELEGRAM_TEXT_LIMIT - 1)}…`;
}

/**
 * The one place a staff reply leaves for the member's Telegram chat (docs/decisions/105): a direct
 * send through the Telegram notifier, in the background, for now; the durable outbox takes this
 * over by replacing this function's body. The reply is already in the app (live), so a member the
 * bot cannot reach (no Telegram account, the bot off, the bot blocked) simply reads it there:
 * nothing is retried and nothing fails the reply.
 */
export function deliverSupportReply(ctx: ServiceContext, memberId: string, reply: SupportReply): void {
  if (!ctx.telegram.enabled) return;
  ctx.background.run("support reply", async () => {
    const account = await findAccountById(ctx.db, memberId);
    if (!account?.telegramId) return;
    const text = supportReplyNotice(recipientLanguage(account.language), reply);
    await ctx.telegram.sendMessage(account.telegramId, text).catch((error: unknown) => {
      if (UNREACHABLE.test(String(error))) ctx.log.info("support reply not sent: the member blocked the bot");
      else ctx.log.warn("support reply not sent through the bot", { error: String(error) });
    });
  });
}

import { Composer, InlineKeyboard } from "grammy";
import type { ServiceContext } from "#api/services/context";
import { LINK_PREFIX, type LinkOutcome, redeemTelegramLink } from "#api/services/telegram-link";
import { getPublicChannelInfo } from "#db/queries/channel";
import type { BotContext } from "../context";

export const linkReplies: Record<LinkOutcome["result"], string> = {
  linked:
    "Done! Your Telegram account is now linked. You can sign in with Telegram or with your email and password.",
  "already-linked": "This Telegram account is already linked to that account. Nothing to do.",
  invalid:
    "This link is invalid or has expired. Create a new one in Settings → Password and Security and open it within 15 minutes.",
  "telegram-taken":
    "This Telegram account already belongs to another account, so it can't be linked. Sign in with Telegram to use that account, or delete it first and try again.",
  "account-taken": "That account is already linked to a different Telegram account.",
};

/** /start: a greeting with the Mini App button, or `/start link_<code>` from a web account's deep link. */
export function startFeature(services: ServiceContext) {
  const composer = new Composer<BotContext>();
  composer.chatType("private").command("start", async (ctx) => {
    const payload = ctx.match.trim();
    if (payload.startsWith(LINK_PREFIX)) {
      const outcome = await redeemTelegramLink(services, {
        code: payload.slice(LINK_PREFIX.length),
        telegramId: BigInt(ctx.from.id),
        username: ctx.from.username,
      });
      if (outcome.result === "linked") services.log.info("telegram linked", { userId: outcome.userId });
      await ctx.reply(linkReplies[outcome.result]);
      return;
    }
    const channel = await getPublicChannelInfo(services.db);
    const publicUrl = services.config.PUBLIC_URL;
    if (publicUrl) {
      await ctx.reply(`Welcome to ${channel.channelName}! Tap the button below to open the shop.`, {
        reply_markup: new InlineKeyboard().webApp("Open the shop", publicUrl),
      });
    } else {
      await ctx.reply(`Welcome to ${channel.channelName}! Members only, 21+.`);
    }
  });
  return composer;
}

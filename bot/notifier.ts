import type { Bot } from "grammy";
import type { TelegramNotifier } from "#api/services/telegram-notifier";
import type { BotContext } from "./context";

/** The running bot as the services see it. Enabled once getMe has answered. */
export function botNotifier(bot: Bot<BotContext>): TelegramNotifier {
  return {
    get enabled() {
      return bot.isInited();
    },
    get botUsername() {
      return bot.isInited() ? bot.botInfo.username : undefined;
    },
    async sendMessage(telegramId, text) {
      // Telegram user ids have at most 52 significant bits, so a Number holds them exactly.
      await bot.api.sendMessage(Number(telegramId), text, { link_preview_options: { is_disabled: true } });
    },
  };
}

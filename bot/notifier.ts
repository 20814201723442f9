import { type Bot, InputFile } from "grammy";
import type { Message } from "grammy/types";
import type { ChannelPost, PublishedPost, TelegramNotifier } from "#api/services/telegram-notifier";
import type { MediaStorage } from "#api/storage/media-storage";
import type { ChannelTarget } from "./channel-target";
import type { BotContext } from "./context";

/** A caption's limit in Telegram; a longer text goes as a message of its own after the file. */
const CAPTION_LIMIT = 1024;

/** The running bot as the services see it. Enabled once getMe has answered. */
export function botNotifier(
  bot: Bot<BotContext>,
  channel?: ChannelTarget,
  storage?: MediaStorage,
): TelegramNotifier {
  return {
    get enabled() {
      return bot.isInited();
    },
    get botUsername() {
      return bot.isInited() ? bot.botInfo.username : undefined;
    },
    get channelConfigured() {
      return bot.isInited() && channel !== undefined && storage !== undefined;
    },
    async sendMessage(telegramId, text) {
      // Telegram user ids have at most 52 significant bits, so a Number holds them exactly.
      await bot.api.sendMessage(Number(telegramId), text, { link_preview_options: { is_disabled: true } });
    },
    async publishPost(post: ChannelPost): Promise<PublishedPost> {
      if (!channel || !storage) throw new Error("No channel is configured (TELEGRAM_CHANNEL_ID)");
      const sent = await send(bot, channel.id, storage, post);
      return { chatId: BigInt(sent.chat.id), messageId: BigInt(sent.message_id) };
    },
  };
}

async function send(
  bot: Bot<BotContext>,
  chatId: string,
  storage: MediaStorage,
  post: ChannelPost,
): Promise<Message> {
  const { file, text } = post;
  if (!file) return bot.api.sendMessage(chatId, text);
  const upload = new InputFile(await storage.read(file.bucket, file.name), file.name.split("/").at(-1));
  const caption = text.length <= CAPTION_LIMIT && text ? { caption: text } : {};
  const sent =
    file.kind === "image"
      ? await bot.api.sendPhoto(chatId, upload, caption)
      : await bot.api.sendVideo(chatId, upload, { ...caption, supports_streaming: true });
  if (text.length > CAPTION_LIMIT) await bot.api.sendMessage(chatId, text);
  return sent;
}

import { type Bot, InputFile } from "grammy";
import type { Message } from "grammy/types";
import { STARS_CURRENCY, SUBSCRIPTION_PERIOD_SECONDS } from "#api/contracts/plan-payments";
import type { MediaStorage } from "#api/domain/ports/media-storage";
import type {
  ChannelPost,
  ChannelSnapshot,
  PlanInvoice,
  PublishedPost,
  ShareCard,
  TelegramNotifier,
} from "#api/domain/ports/telegram-notifier";
import type { ChannelTarget } from "./channel-target";
import type { BotContext } from "./context";
import type { FileFetcher } from "./relay-files";
import { inlineResult } from "./share-card";

/** A caption's limit in Telegram for bots. */
const CAPTION_LIMIT = 1024;

/**
 * A file's caption: the text, cut at the limit with an ellipsis. One post in the channel is one
 * message in the feed (which keeps the whole text); a second message for the rest would be relayed
 * as a second feed item.
 */
export const captionOf = (text: string) =>
  text.length <= CAPTION_LIMIT ? text : `${text.slice(0, CAPTION_LIMIT - 1).trimEnd()}…`;

/** The running bot as the services see it. Enabled once getMe has answered. */
export function botNotifier(
  bot: Bot<BotContext>,
  channel?: ChannelTarget,
  storage?: MediaStorage,
  fetchFile?: FileFetcher,
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
    async publishPost(post: ChannelPost): Promise<PublishedPost> {
      if (!channel || !storage) throw new Error("No channel is configured (TELEGRAM_CHANNEL_ID)");
      const sent = await send(bot, channel.id, storage, post);
      return { chatId: BigInt(sent.chat.id), messageId: BigInt(sent.message_id) };
    },
    async readChannel(logoStem: string): Promise<ChannelSnapshot> {
      if (!channel || !fetchFile) throw new Error("No channel is configured (TELEGRAM_CHANNEL_ID)");
      const [memberCount, chat] = await Promise.all([
        bot.api.getChatMemberCount(channel.id),
        bot.api.getChat(channel.id),
      ]);
      const photo = chat.photo;
      const logoUrl = photo
        ? await fetchFile(
            {
              kind: "image",
              fileId: photo.big_file_id,
              fileUniqueId: photo.big_file_unique_id,
              size: undefined,
            },
            logoStem,
            "channel-assets",
          )
        : undefined;
      return { memberCount, logoUrl };
    },
    async createPlanInvoice(invoice: PlanInvoice): Promise<string> {
      const { currency, amount } = invoice.price;
      const prices = [{ label: invoice.title, amount }];
      // Stars: currency XTR, no provider token, exactly one price, a 30-day subscription.
      if (currency === STARS_CURRENCY) {
        return bot.api.createInvoiceLink(
          invoice.title,
          invoice.description,
          invoice.payload,
          "",
          currency,
          prices,
          {
            subscription_period: SUBSCRIPTION_PERIOD_SECONDS,
          },
        );
      }
      // A payment provider: its token and currency, the amount in the currency's smallest unit, one period.
      return bot.api.createInvoiceLink(
        invoice.title,
        invoice.description,
        invoice.payload,
        invoice.providerToken ?? "",
        currency,
        prices,
      );
    },
    async refundStarPayment(telegramId, chargeId) {
      await bot.api.refundStarPayment(Number(telegramId), chargeId);
    },
    async editStarSubscription(telegramId, chargeId, canceled) {
      await bot.api.editUserStarSubscription(Number(telegramId), chargeId, canceled);
    },
    async prepareShare(telegramId: bigint, card: ShareCard) {
      const prepared = await bot.api.savePreparedInlineMessage(Number(telegramId), inlineResult(card), {
        allow_user_chats: true,
        allow_bot_chats: false,
        allow_group_chats: true,
        allow_channel_chats: true,
      });
      return prepared.id;
    },
    async createJoinLink(chatId: bigint, name: string) {
      const link = await bot.api.createChatInviteLink(Number(chatId), { name, creates_join_request: true });
      return link.invite_link;
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
  const caption = text ? { caption: captionOf(text) } : {};
  return file.kind === "image"
    ? bot.api.sendPhoto(chatId, upload, caption)
    : bot.api.sendVideo(chatId, upload, { ...caption, supports_streaming: true });
}

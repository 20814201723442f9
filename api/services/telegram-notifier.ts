/** A feed message published to the Telegram channel from the app's composer. */
export interface ChannelPost {
  text: string;
  /** The attachment as stored (bucket and object name), sent as a photo or a video. */
  file?: { kind: "image" | "video"; bucket: string; name: string };
}

/** Where a published post landed in Telegram. */
export interface PublishedPost {
  chatId: bigint;
  messageId: bigint;
}

/** The bot as the services see it: a way to message a Telegram user, and its name for deep links. */
export interface TelegramNotifier {
  /** False while the bot is off (no BOT_TOKEN): nothing is sent and no deep link can work. */
  readonly enabled: boolean;
  /** The bot's @username without the @, for https://t.me/<username>?start=... links. */
  readonly botUsername: string | undefined;
  /** True when the bot runs and TELEGRAM_CHANNEL_ID names the channel it relays and posts to. */
  readonly channelConfigured: boolean;
  sendMessage(telegramId: bigint, text: string): Promise<void>;
  /** Posts to the channel (sendMessage, sendPhoto or sendVideo); throws when Telegram refuses. */
  publishPost(post: ChannelPost): Promise<PublishedPost>;
}

export const telegramOff: TelegramNotifier = {
  enabled: false,
  botUsername: undefined,
  channelConfigured: false,
  async sendMessage() {},
  async publishPost() {
    throw new Error("The bot is off: nothing can be posted to the channel");
  },
};

/** The bot as the services see it: a way to message a Telegram user, and its name for deep links. */
export interface TelegramNotifier {
  /** False while the bot is off (no BOT_TOKEN): nothing is sent and no deep link can work. */
  readonly enabled: boolean;
  /** The bot's @username without the @, for https://t.me/<username>?start=... links. */
  readonly botUsername: string | undefined;
  sendMessage(telegramId: bigint, text: string): Promise<void>;
}

export const telegramOff: TelegramNotifier = {
  enabled: false,
  botUsername: undefined,
  async sendMessage() {},
};

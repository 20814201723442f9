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

/**
 * A plan's invoice: a Telegram Stars subscription (currency XTR, renewed every 30 days by Telegram),
 * or one 30-day period paid through a payment provider (its token, another currency; decision 109).
 */
export interface PlanInvoice {
  title: string;
  description: string;
  /** Names the member, the tier and a nonce; at most 128 bytes. */
  payload: string;
  /** One price item: XTR in Stars, or the provider's currency in its smallest unit (cents). */
  price: { currency: string; amount: number };
  /** The payment provider's token; absent for Stars. */
  providerToken?: string;
}

/** What the channel says of itself: its member count, and its photo once stored (undefined: it has none). */
export interface ChannelSnapshot {
  memberCount: number;
  logoUrl: string | undefined;
}

/**
 * A product or a post as a card shared into any chat (decision 110): what inline mode answers and
 * what savePreparedInlineMessage stores, built once (api/domain/channel/share.ts); the bot writes
 * it as Telegram's InlineQueryResultArticle.
 */
export interface ShareCard {
  /** The product's or post's id: unique among one answer's results. */
  id: string;
  /** The result's title and line in the inline list. */
  title: string;
  description: string;
  /** The picture in the inline list: an absolute https URL, or absent. */
  thumbnailUrl?: string;
  /** The message the chat receives, in Telegram's HTML. */
  html: string;
  /** Shown above the text as a large preview: the product's picture (absolute https), or absent. */
  pictureUrl?: string;
  /** The one button under the message: opens the Mini App at the product or post. */
  button: { text: string; url: string };
}

/** The bot as the services see it: its name for deep links, the channel it posts to, invoices and share cards (members are messaged only through the outbox). */
export interface TelegramNotifier {
  /** False while the bot is off (no BOT_TOKEN): nothing is sent and no deep link can work. */
  readonly enabled: boolean;
  /** The bot's @username without the @, for https://t.me/<username>?start=... links. */
  readonly botUsername: string | undefined;
  /** True when the bot runs and TELEGRAM_CHANNEL_ID names the channel it relays and posts to. */
  readonly channelConfigured: boolean;
  /** Posts to the channel (sendMessage, sendPhoto or sendVideo); throws when Telegram refuses. */
  publishPost(post: ChannelPost): Promise<PublishedPost>;
  /**
   * getChatMemberCount and getChat of the channel; its photo is stored in channel-assets as
   * `${logoStem}.<ext>`. Throws when Telegram refuses.
   */
  readChannel(logoStem: string): Promise<ChannelSnapshot>;
  /** createInvoiceLink for a plan (a Stars subscription or a provider invoice); throws when Telegram refuses. */
  createPlanInvoice(invoice: PlanInvoice): Promise<string>;
  /** refundStarPayment; throws with Telegram's description when it refuses. */
  refundStarPayment(telegramId: bigint, chargeId: string): Promise<void>;
  /**
   * editUserStarSubscription: `canceled` true stops the subscription's renewal (it runs to the end of
   * its period), false starts it again. Throws with Telegram's description when it refuses.
   */
  editStarSubscription(telegramId: bigint, chargeId: string, canceled: boolean): Promise<void>;
  /**
   * savePreparedInlineMessage: the card, ready for this Telegram user's Mini App to share into any
   * private chat, group or channel (shareMessage); resolves with its id. Throws when Telegram refuses.
   */
  prepareShare(telegramId: bigint, card: ShareCard): Promise<string>;
  /**
   * createChatInviteLink with creates_join_request, named `name` (at most 32 characters): a member's
   * personal link to a gated chat (decision 120). Resolves with the link; throws when Telegram refuses.
   */
  createJoinLink(chatId: bigint, name: string): Promise<string>;
}

export const telegramOff: TelegramNotifier = {
  enabled: false,
  botUsername: undefined,
  channelConfigured: false,
  async publishPost() {
    throw new Error("The bot is off: nothing can be posted to the channel");
  },
  async readChannel() {
    throw new Error("The bot is off: the channel cannot be read");
  },
  async createPlanInvoice() {
    throw new Error("The bot is off: no invoice can be made");
  },
  async refundStarPayment() {
    throw new Error("The bot is off: nothing can be refunded");
  },
  async editStarSubscription() {
    throw new Error("The bot is off: no subscription can be changed");
  },
  async prepareShare() {
    throw new Error("The bot is off: nothing can be prepared to share");
  },
  async createJoinLink() {
    throw new Error("The bot is off: no invite link can be made");
  },
};

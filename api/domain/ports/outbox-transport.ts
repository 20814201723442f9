/** A button under a message the outbox sends: one that opens the Mini App, or one the bot answers. */
export type TransportButton = { text: string; webAppUrl: string } | { text: string; callbackData: string };

/** One message to one chat, rendered: text (a photo's caption when `image` is set) and buttons. */
export interface TransportMessage {
  chatId: bigint;
  text: string;
  /** A stored image ("bucket/name"), sent as a photo. */
  image?: string;
  buttons: TransportButton[];
  /** Sent with allow_paid_broadcast (Telegram charges Stars beyond the free rate). */
  paid: boolean;
}

/**
 * One Bot API call the gate makes through the outbox (decision 120), at the lane's pace, once: ids as
 * decimal strings (they are stored in the row's payload). `remove` bans then unbans (only_if_banned),
 * so the person may come back; an empty `tag` clears it; `announce` posts to the chat with a URL button.
 */
export type TransportAction =
  | { action: "approve"; chatId: string; userId: string }
  | { action: "decline"; chatId: string; userId: string }
  | { action: "answer"; queryId: string; result: "approve" | "decline" }
  /**
   * `tried`: a call of this removal started before (a lease that ended mid-call, a 429 between the ban
   * and the unban), so the ban may have landed: Telegram is asked first (decision 120).
   */
  | { action: "remove"; chatId: string; userId: string; tried?: boolean }
  | { action: "revoke"; chatId: string; link: string }
  | { action: "tag"; chatId: string; userId: string; tag: string }
  | { action: "announce"; chatId: string; text: string; button: { text: string; url: string } };

/** What Telegram made of a call, in the terms the outbox's rules use (decision 104). */
export type SendOutcome =
  | { outcome: "sent" }
  /**
   * 429: every process waits `retryAfterSeconds`. Nothing was sent, unless `landed`: an action of two
   * calls whose first landed (a removal's ban), so its retry counts as one.
   */
  | { outcome: "rate_limited"; retryAfterSeconds: number; landed?: boolean }
  /** 403: the member blocked the bot (or cannot be written to). */
  | { outcome: "blocked"; reason: string }
  /** Any other 4xx: this message will never go; the reason is kept. */
  | { outcome: "rejected"; reason: string }
  /** 5xx, or the network before the request went out: not sent; try again later. */
  | { outcome: "transient"; reason: string }
  /** A timeout or a connection lost after the request went out: it may have landed. */
  | { outcome: "unknown"; reason: string };

/** The bot's side of the outbox (bot/outbox-transport.ts): one call per row, never retried inside. */
export interface OutboxTransport {
  send(message: TransportMessage): Promise<SendOutcome>;
  /** A chat_action row's Bot API call(s), with the same outcomes as a message. */
  act(action: TransportAction): Promise<SendOutcome>;
}

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

/** What Telegram made of a call, in the terms the outbox's rules use (decision 104). */
export type SendOutcome =
  | { outcome: "sent" }
  /** 429: nothing was sent; every process waits `retryAfterSeconds`. */
  | { outcome: "rate_limited"; retryAfterSeconds: number }
  /** 403: the member blocked the bot (or cannot be written to). */
  | { outcome: "blocked"; reason: string }
  /** Any other 4xx: this message will never go; the reason is kept. */
  | { outcome: "rejected"; reason: string }
  /** 5xx, or the network before the request went out: not sent; try again later. */
  | { outcome: "transient"; reason: string }
  /** A timeout or a connection lost after the request went out: it may have landed. */
  | { outcome: "unknown"; reason: string };

/** The bot's side of the outbox (bot/outbox-transport.ts): one call per message, never retried inside. */
export interface OutboxTransport {
  send(message: TransportMessage): Promise<SendOutcome>;
}

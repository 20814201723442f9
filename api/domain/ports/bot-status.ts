import type { BotState } from "#api/contracts/bot-status";
import type { Config } from "#api/process/config";

/** What getWebhookInfo says: where Telegram sends the bot's updates, and its last failure there. */
export interface WebhookFacts {
  /** The webhook URL Telegram holds; empty while the bot polls (or nobody set one). */
  url: string;
  /** Updates Telegram holds for the bot, not yet delivered. */
  pendingUpdates: number;
  /** Telegram's last failure to deliver to the webhook, if it remembers one. */
  lastError?: { message: string; at: Date };
}

/** The bot's own standing in a chat (getChat, and getChatMember of the bot there). */
export interface ChatStanding {
  chatId: bigint;
  kind: "channel" | "group" | "supergroup" | "private";
  title: string;
  username: string | null;
  /** creator, administrator, member, left, kicked… */
  botStatus: string;
  /** The rights posting and the gate need; false unless the bot is an administrator holding them. */
  rights: { postMessages: boolean; inviteUsers: boolean; banUsers: boolean; manageTags: boolean };
}

/**
 * The bot's runtime as the domain sees it (decision 121): its state, and two questions to Telegram
 * the setup report asks. bot/runtime.ts puts its own in the context when it starts the bot; until
 * then (and in a process that runs none) it is `botNotStarted`.
 */
export interface BotStatus {
  state(): BotState;
  /** getWebhookInfo; throws when Telegram refuses or does not answer. */
  webhookInfo(): Promise<WebhookFacts>;
  /** getChat and getChatMember of the bot; throws with Telegram's words (chat not found, …). */
  chatStanding(chatId: string): Promise<ChatStanding>;
}

/**
 * The state before a runtime says otherwise: off (no BOT_TOKEN, or BOT_MODE=off), else starting
 * (main.ts starts the bot right after the services; the command line never does).
 */
export function botNotStarted(config: Pick<Config, "BOT_TOKEN" | "BOT_MODE">): BotStatus {
  const state: BotState = !config.BOT_TOKEN
    ? { state: "off", reason: "no_token" }
    : config.BOT_MODE === "off"
      ? { state: "off", reason: "mode_off" }
      : { state: "starting", mode: config.BOT_MODE === "polling" ? "polling" : "webhook" };
  const none = async (): Promise<never> => {
    throw new Error("The bot does not run in this process");
  };
  return { state: () => state, webhookInfo: none, chatStanding: none };
}

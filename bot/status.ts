import { type Bot, GrammyError, HttpError } from "grammy";
import type { ChatMember } from "grammy/types";
import type { BotMode, BotProblem, BotState } from "#api/contracts/bot-status";
import type { BotStatus, ChatStanding } from "#api/domain/ports/bot-status";
import type { BotContext } from "./context";

/** What kind of failure Telegram's (or the network's) answer was (decision 121). */
function problemOf(error: unknown): BotProblem {
  if (error instanceof HttpError) return "telegram_unreachable";
  if (!(error instanceof GrammyError)) return "telegram_error";
  // 401 for a token Telegram does not know, 404 to getMe for one it cannot even read as a token.
  if (error.error_code === 401 || (error.method === "getMe" && error.error_code === 404))
    return "token_refused";
  if (error.error_code === 409) return "conflict";
  if (error.method === "setWebhook") return "webhook_refused";
  return "telegram_error";
}

/** The rights posting and the gate need, as Telegram reports the bot's membership. */
function rightsOf(member: ChatMember): ChatStanding["rights"] {
  if (member.status === "creator")
    return { postMessages: true, inviteUsers: true, banUsers: true, manageTags: true };
  if (member.status !== "administrator")
    return { postMessages: false, inviteUsers: false, banUsers: false, manageTags: false };
  return {
    postMessages: member.can_post_messages === true,
    inviteUsers: member.can_invite_users,
    banUsers: member.can_restrict_members,
    manageTags: member.can_manage_tags === true,
  };
}

/**
 * The failure as the report shows it: Telegram's own words with the method and code ("setWebhook:
 * 400 Bad Request: bad webhook: …"), or grammY's for the network, which name the method and never
 * the token (the cause's would: its URL holds it).
 */
function errorWords(error: unknown): string {
  if (error instanceof GrammyError) return `${error.method}: ${error.error_code} ${error.description}`;
  return error instanceof Error ? error.message : String(error);
}

export type RuntimeStatus = BotStatus & {
  /** The start went through: getMe, the commands, the webhook or polling. */
  running(username: string): void;
  /** The start (or polling) failed; the runtime tries again. */
  failed(error: unknown): void;
};

/** The runtime's state as the domain reads it, and its two questions to Telegram. */
export function runtimeStatus(bot: Bot<BotContext>, mode: BotMode, now: () => Date): RuntimeStatus {
  let state: BotState = { state: "starting", mode };
  return {
    state: () => state,
    running(username) {
      state = { state: "running", mode, username };
    },
    failed(error) {
      state = {
        state: "not_running",
        mode,
        problem: problemOf(error),
        error: errorWords(error),
        since: now().toISOString(),
      };
    },
    async webhookInfo() {
      const info = await bot.api.getWebhookInfo();
      return {
        url: info.url ?? "",
        pendingUpdates: info.pending_update_count,
        ...(info.last_error_message
          ? {
              lastError: {
                message: info.last_error_message,
                at: new Date((info.last_error_date ?? 0) * 1000),
              },
            }
          : {}),
      };
    },
    async chatStanding(chatId) {
      const botId = bot.isInited() ? bot.botInfo.id : (await bot.api.getMe()).id;
      const [chat, member] = await Promise.all([
        bot.api.getChat(chatId),
        bot.api.getChatMember(chatId, botId),
      ]);
      return {
        chatId: BigInt(chat.id),
        kind: chat.type,
        title: chat.title ?? "",
        username: chat.username ?? null,
        botStatus: member.status,
        rights: rightsOf(member),
      };
    },
  };
}

import type { Api } from "grammy";
import type { Chat } from "grammy/types";

/** The channel of TELEGRAM_CHANNEL_ID: what to send to, how to recognise its chat, and its numeric id. */
export interface ChannelTarget {
  /** As configured: a numeric id or an @username; the Bot API takes either as chat_id. */
  readonly id: string;
  matches(chat: Chat): boolean;
  /** The numeric chat id (asked of Telegram once for an @username). */
  chatId(api: Api): Promise<bigint>;
}

export function channelTarget(channelId: string): ChannelTarget {
  if (!channelId.startsWith("@")) {
    return {
      id: channelId,
      matches: (chat) => String(chat.id) === channelId,
      chatId: async () => BigInt(channelId),
    };
  }
  const name = channelId.slice(1).toLowerCase();
  let resolved: bigint | undefined;
  return {
    id: channelId,
    matches: (chat) => "username" in chat && chat.username?.toLowerCase() === name,
    async chatId(api) {
      resolved ??= BigInt((await api.getChat(channelId)).id);
      return resolved;
    },
  };
}

import { type Api, Composer } from "grammy";
import type { Chat, ChatMember } from "grammy/types";
import type { ServiceContext } from "#api/domain/context";
import { type GateChat, receiveJoinRequest, recordBotStatus, recordChatMember } from "#api/domain/gate";
import type { BotContext } from "../context";

type GroupChat = Chat.ChannelChat | Chat.GroupChat | Chat.SupergroupChat;

const isGroupChat = (chat: Chat): chat is GroupChat => chat.type !== "private";

const gateChat = (chat: GroupChat): GateChat => ({
  chatId: BigInt(chat.id),
  kind: chat.type,
  title: chat.title,
  username: "username" in chat ? (chat.username ?? null) : null,
});

/** Someone's status as the gate keeps it: a "restricted" person who is not a member has left. */
const statusOf = (member: ChatMember) =>
  member.status === "restricted" && !member.is_member ? "left" : member.status;

/** The rights the gate needs of the bot in a chat, as Telegram reports them. */
function rightsOf(member: ChatMember) {
  if (member.status === "creator") return { canInviteUsers: true, canBanUsers: true, canManageTags: true };
  if (member.status !== "administrator")
    return { canInviteUsers: false, canBanUsers: false, canManageTags: false };
  return {
    canInviteUsers: member.can_invite_users,
    canBanUsers: member.can_restrict_members,
    canManageTags: member.can_manage_tags === true,
  };
}

/**
 * The channel of TELEGRAM_CHANNEL_ID as the gate knows it (decision 120): a bot made its administrator
 * before the gate existed gets no my_chat_member, so at start it asks (getChat, getChatMember).
 */
export async function learnChannel(
  api: Api,
  services: Pick<ServiceContext, "db">,
  channelId: string,
  botId: number,
): Promise<void> {
  const [chat, bot] = await Promise.all([api.getChat(channelId), api.getChatMember(channelId, botId)]);
  if (chat.type === "private") return;
  await recordBotStatus(services, {
    chatId: BigInt(chat.id),
    kind: chat.type,
    title: chat.title ?? "",
    username: chat.username ?? null,
    botStatus: bot.status,
    ...rightsOf(bot),
  });
}

/**
 * The gate (decision 120): my_chat_member teaches it the chats the bot is in and its rights there;
 * chat_member who is in each chat and since when; chat_join_request is decided by the domain, and
 * when the bot is the chat's guard bot and the person must pick a plan first, the Mini App opens for
 * them at once (sendChatJoinRequestWebApp, Telegram's 10 seconds: an answer to the update, not an
 * outbox row). Every other call (approve, decline, remove, revoke, tag) goes through the outbox.
 */
export function gateFeature(services: ServiceContext) {
  const composer = new Composer<BotContext>();
  composer.on("my_chat_member", async (ctx, next) => {
    const { chat, new_chat_member: member } = ctx.myChatMember;
    // A private chat's my_chat_member is a person blocking or starting the bot: not the gate's.
    if (!isGroupChat(chat)) return next();
    await recordBotStatus(services, { ...gateChat(chat), botStatus: member.status, ...rightsOf(member) });
  });
  composer.on("chat_member", async (ctx) => {
    const { chat, new_chat_member: member, date } = ctx.chatMember;
    if (!isGroupChat(chat) || member.user.is_bot) return;
    await recordChatMember(services, {
      chat: gateChat(chat),
      telegramId: BigInt(member.user.id),
      status: statusOf(member),
      at: new Date(date * 1000),
    });
  });
  composer.on("chat_join_request", async (ctx) => {
    const request = ctx.chatJoinRequest;
    if (!isGroupChat(request.chat)) return;
    const queryId = request.query_id ?? null;
    const answer = await receiveJoinRequest(services, {
      chat: gateChat(request.chat),
      telegramId: BigInt(request.from.id),
      userChatId: BigInt(request.user_chat_id),
      queryId,
      inviteLink: request.invite_link?.invite_link ?? null,
      at: new Date(request.date * 1000),
      language: ctx.language,
    });
    if (answer && queryId) await ctx.api.sendChatJoinRequestWebApp(queryId, answer.webAppUrl);
  });
  return composer;
}

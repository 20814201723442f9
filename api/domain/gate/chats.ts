import { startParams } from "#api/contracts/app-links";
import type { AdminChat, AdminChats, BotRightName, ChatAccess, ChatKind } from "#api/contracts/gate";
import type { Language } from "#api/contracts/languages";
import { enqueueActions, telegramStartAppLink } from "#api/domain/messaging";
import {
  allChats,
  type ChatFacts,
  type ChatRow,
  chatCounts,
  chatTierIds,
  existingTierCount,
  findChat,
  saveChat,
  setChatAccess as saveChatAccess,
} from "#db/queries/gate/chats";
import { requireBot } from "../bot-needed";
import type { ServiceContext } from "../context";
import { serverText } from "../i18n/translate";
import { Refusal } from "../refusal";

/** What the bot learned of its own standing in a chat (my_chat_member). */
export const recordBotStatus = (ctx: Pick<ServiceContext, "db">, facts: ChatFacts) => saveChat(ctx.db, facts);

/** TELEGRAM_CHANNEL_ID names this chat (by id, or by @username). */
function isMainChannel(ctx: Pick<ServiceContext, "config">, chat: ChatRow): boolean {
  const configured = ctx.config.TELEGRAM_CHANNEL_ID;
  if (!configured) return false;
  if (configured.startsWith("@")) return chat.username?.toLowerCase() === configured.slice(1).toLowerCase();
  return configured === chat.chatId.toString();
}

/** The bot is an administrator of the chat (as Telegram last reported its status there). */
export const botIsAdministrator = (botStatus: string) =>
  botStatus === "administrator" || botStatus === "creator";

/**
 * The rights the gate needs of the bot in a chat that it lacks: inviting (personal links, join
 * requests) and banning (removals) everywhere, tags in groups only (a channel has none).
 */
export function missingRights(kind: ChatKind, rights: Record<BotRightName, boolean>): BotRightName[] {
  const needed: BotRightName[] =
    kind === "channel" ? ["inviteUsers", "banUsers"] : ["inviteUsers", "banUsers", "manageTags"];
  return needed.filter((right) => !rights[right]);
}

function adminChatOf(
  ctx: Pick<ServiceContext, "config">,
  chat: ChatRow,
  tierIds: string[],
  counts: { known: number; withAccess: number; pendingRequests: number } | undefined,
): AdminChat {
  const rights = {
    inviteUsers: chat.canInviteUsers,
    banUsers: chat.canBanUsers,
    // Tags exist in groups only: a channel lacks nothing there.
    manageTags: chat.kind !== "channel" && chat.canManageTags,
  };
  const known = counts?.known ?? 0;
  const withAccess = counts?.withAccess ?? 0;
  return {
    chatId: chat.chatId.toString(),
    kind: chat.kind as AdminChat["kind"],
    title: chat.title,
    username: chat.username,
    isMainChannel: isMainChannel(ctx, chat),
    botIsAdmin: botIsAdministrator(chat.botStatus),
    rights,
    missing: missingRights(chat.kind as ChatKind, rights),
    access: chat.access === "tiers" ? { kind: "tiers", tierIds } : { kind: "open" },
    counts: {
      known,
      withAccess,
      toRemove: known - withAccess,
      pendingRequests: counts?.pendingRequests ?? 0,
    },
  };
}

/** Administration › Chats: every chat the bot knows, its rights and access, and who is in it. */
export async function listChatsForAdmin(ctx: ServiceContext): Promise<AdminChats> {
  const chats = await allChats(ctx.db);
  const [tiers, counts] = await Promise.all([
    chatTierIds(
      ctx.db,
      chats.map((chat) => chat.chatId),
    ),
    chatCounts(ctx.db),
  ]);
  return {
    chats: chats.map((chat) =>
      adminChatOf(ctx, chat, tiers.get(chat.chatId.toString()) ?? [], counts.get(chat.chatId.toString())),
    ),
    botRunning: ctx.telegram.enabled,
    bot: ctx.bot.state(),
  };
}

async function adminChatById(ctx: ServiceContext, chatId: bigint): Promise<AdminChat> {
  const chat = await findChat(ctx.db, chatId);
  if (!chat) throw new Refusal("chat_not_found");
  const [tiers, counts] = await Promise.all([chatTierIds(ctx.db, [chatId]), chatCounts(ctx.db)]);
  return adminChatOf(ctx, chat, tiers.get(chatId.toString()) ?? [], counts.get(chatId.toString()));
}

/**
 * Opens a chat to everyone or gates it to tiers (admins only). The reconcile acts on it from its
 * next run: people with an account and no access are removed, people seen without an account get
 * JOIN_REQUEST_WAIT_HOURS from now to link one (decision 120).
 */
export async function setChatAccess(
  ctx: ServiceContext,
  chatId: string,
  access: ChatAccess,
): Promise<AdminChat> {
  const id = BigInt(chatId);
  if (access.kind === "tiers" && (await existingTierCount(ctx.db, access.tierIds)) !== access.tierIds.length)
    throw new Refusal("unknown_tier");
  const found = await ctx.db.transaction((tx) => saveChatAccess(tx, id, access, ctx.now()));
  if (!found) throw new Refusal("chat_not_found");
  return adminChatById(ctx, id);
}

/**
 * A message to the chat, through the outbox, with a button opening the Mini App, where a Telegram
 * signs in and so links itself to an account: for the people who joined before the gate (decision
 * 120). In `language` (the admin's).
 */
export async function announceToChat(ctx: ServiceContext, chatId: string, language: Language): Promise<void> {
  const chat = await findChat(ctx.db, BigInt(chatId));
  if (!chat) throw new Refusal("chat_not_found");
  requireBot(ctx);
  const url = telegramStartAppLink(ctx, startParams.chats);
  if (!url) throw new Error("a running bot has a username for its links");
  await enqueueActions(ctx.db, [
    {
      action: {
        action: "announce",
        chatId,
        text: serverText(language, "gate.announcement"),
        button: { text: serverText(language, "gate.announcementButton"), url },
      },
    },
  ]);
}

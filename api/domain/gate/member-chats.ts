import type { ChatInvite, MemberChats } from "#api/contracts/gate";
import { enqueueActions } from "#api/domain/messaging";
import { findAccountById } from "#db/queries/accounts/accounts";
import { chatTierIds, findChat, memberChats } from "#db/queries/gate/chats";
import { liveLink, saveLink } from "#db/queries/gate/invite-links";
import { requireBot } from "../bot-needed";
import type { ServiceContext } from "../context";
import { Refusal } from "../refusal";

/** Telegram's limit on an invite link's name. */
const LINK_NAME_LENGTH = 32;

/** The chats a member's plan (or role) opens, and those they asked to join (decision 120). */
export async function memberChatsOf(ctx: ServiceContext, userId: string): Promise<MemberChats> {
  const account = await findAccountById(ctx.db, userId);
  const rows = await memberChats(ctx.db, userId, account?.telegramId ?? null);
  const tiers = await chatTierIds(
    ctx.db,
    rows.map((row) => BigInt(row.chatId)),
  );
  return { chats: rows.map((row) => ({ ...row, tierIds: tiers.get(row.chatId) ?? [] })) };
}

/** A link's name: who it is for (Telegram shows it to the chat's admins), at most 32 characters. */
function linkName(account: { id: string; fullName: string | null; telegramUsername: string | null }) {
  const tail = ` ${account.id.slice(0, 8)}`;
  const who = (account.fullName?.trim() || account.telegramUsername || "member").slice(
    0,
    LINK_NAME_LENGTH - tail.length,
  );
  return `${who}${tail}`;
}

/**
 * The member's personal link to a chat their plan opens (createChatInviteLink with
 * creates_join_request): one live link per member and chat, reused; a request through it from
 * anyone else is declined, and it is revoked when their access ends. Two asks at once keep one link:
 * the other is revoked through the outbox.
 */
export async function inviteLink(ctx: ServiceContext, userId: string, chatId: string): Promise<ChatInvite> {
  const id = BigInt(chatId);
  const [chat, account] = await Promise.all([findChat(ctx.db, id), findAccountById(ctx.db, userId)]);
  if (!chat) throw new Refusal("chat_not_found");
  const granted = (await memberChats(ctx.db, userId, account?.telegramId ?? null)).some(
    (row) => row.chatId === chatId && row.granted,
  );
  // A link is for one Telegram: without one, nothing could tell its owner's request from a leak.
  if (!account?.telegramId || (chat.access === "tiers" && !granted)) throw new Refusal("chat_not_granted");
  const kept = await liveLink(ctx.db, id, userId);
  if (kept) return { link: kept };
  requireBot(ctx);
  if (!chat.canInviteUsers) throw new Refusal("bot_cannot_invite");
  const link = await ctx.telegram.createJoinLink(id, linkName(account));
  if (await saveLink(ctx.db, { chatId: id, userId, telegramId: account.telegramId, link })) return { link };
  await enqueueActions(ctx.db, [{ action: { action: "revoke", chatId, link }, userId }]);
  const winner = await liveLink(ctx.db, id, userId);
  if (!winner) throw new Error("no live invite link after a conflict");
  return { link: winner };
}

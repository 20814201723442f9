import { findAccountByTelegramId, rolesOf } from "#db/queries/accounts/accounts";
import * as drafts from "#db/queries/channel/bot-drafts";
import type { ServiceContext } from "../context";

/*
 * Posting to the channel through the bot (bot/features/post-through-bot.ts): who may, and the drafts
 * waiting for the admin's "Post to channel" or "Cancel". The bot copies the post to the channel, the
 * relay brings it back as a feed message, and the messages service credits it (creditChannelPosts).
 */

/** The account of this Telegram user when it is an admin (by the app's roles); undefined otherwise. */
export async function channelAdminByTelegramId(ctx: Pick<ServiceContext, "db">, telegramId: bigint) {
  const account = await findAccountByTelegramId(ctx.db, telegramId);
  if (!account) return undefined;
  return (await rolesOf(ctx.db, account.id)).includes("admin") ? account : undefined;
}

/**
 * An admin's message to the bot joins a draft: its own, or its album's (an album's items arrive one
 * by one). `created` for the draft's first item, the one the bot answers with the buttons.
 */
export async function addToDraft(
  ctx: Pick<ServiceContext, "db">,
  draft: { userId: string; chatId: bigint; messageId: bigint; mediaGroupId: string | null },
): Promise<{ id: string; created: boolean }> {
  return drafts.addToDraft(ctx.db, draft);
}

/**
 * The admin's tap: a pending draft of theirs becomes posted or cancelled, once (the second of two
 * taps gets undefined). Its chat and messages, to copy to the channel.
 */
export async function settleDraft(
  ctx: Pick<ServiceContext, "db">,
  id: string,
  userId: string,
  status: "posted" | "cancelled",
): Promise<{ chatId: bigint; messageIds: bigint[] } | undefined> {
  return drafts.settleDraft(ctx.db, id, userId, status);
}

/** A draft Telegram refused to post goes back to pending, so the admin can tap again. */
export async function reopenDraft(ctx: Pick<ServiceContext, "db">, id: string): Promise<void> {
  await drafts.reopenDraft(ctx.db, id);
}

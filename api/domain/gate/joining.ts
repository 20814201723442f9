import { joinChatPath } from "#api/contracts/app-links";
import type { Language } from "#api/contracts/languages";
import { enqueue, enqueueActions, publicPageLink } from "#api/domain/messaging";
import { findAccountByTelegramId } from "#db/queries/accounts/accounts";
import { type ChatFacts, noteChat } from "#db/queries/gate/chats";
import { linkOwner } from "#db/queries/gate/invite-links";
import { decideRequests, recordJoinRequest } from "#db/queries/gate/join-requests";
import { recordMember } from "#db/queries/gate/members";
import type { ServiceContext } from "../context";
import { serverText } from "../i18n/translate";
import { decisionAction, reconcileIn } from "./reconcile";

export type GateChat = Pick<ChatFacts, "chatId" | "kind" | "title" | "username">;

/** A chat_join_request as the bot read it. */
export interface JoinRequestUpdate {
  chat: GateChat;
  telegramId: bigint;
  /** The private chat the bot may write to for 5 minutes. */
  userChatId: bigint | null;
  /** Set when the bot is the chat's guard bot: it must answer within 10 seconds. */
  queryId: string | null;
  inviteLink: string | null;
  at: Date;
  /** The requester's language (their account's, else their app's). */
  language: Language;
}

/** What the bot does at once: open the Mini App at `url` for the guard bot's query, or nothing. */
export type JoinAnswer = { webAppUrl: string } | undefined;

/**
 * A join request to a chat (decision 120). Through someone else's personal link (a leaked one):
 * declined. From a person who may be in the chat (an open chat, their plan or role): approved. Anyone
 * else waits, pending: the guard bot opens the Mini App at the join path (the answer returned, for
 * the bot to call at once), otherwise a message through user_chat_id leads to the plan picker; the
 * request is approved once their plan opens the chat, declined after JOIN_REQUEST_WAIT_HOURS.
 */
export async function receiveJoinRequest(
  ctx: ServiceContext,
  request: JoinRequestUpdate,
): Promise<JoinAnswer> {
  await noteChat(ctx.db, request.chat);
  const chatId = request.chat.chatId;
  return ctx.db.transaction(async (tx) => {
    const id = await recordJoinRequest(tx, { ...request, chatId });
    const owner = request.inviteLink ? await linkOwner(tx, request.inviteLink) : undefined;
    if (owner && owner.telegramId !== request.telegramId) {
      const declined = await decideRequests(tx, "declined", { ids: [id] });
      await enqueueActions(
        tx,
        declined.map((decided) => decisionAction(decided, false)),
      );
      return undefined;
    }
    const run = await reconcileIn(ctx, tx, request.telegramId);
    if (run.approved > 0) return undefined;
    const path = joinChatPath(chatId.toString());
    if (request.queryId) {
      const url = publicPageLink(ctx, path);
      return url ? { webAppUrl: url } : undefined;
    }
    if (request.userChatId === null) return undefined;
    const account = await findAccountByTelegramId(tx, request.telegramId);
    await enqueue(tx, [
      {
        kind: "join_request",
        userId: account?.id ?? null,
        // Telegram lets the bot write there for 5 minutes, whether or not they started it.
        reach: { telegramId: request.userChatId, botWritable: true, verifiedEmail: null },
        payload: {
          text: serverText(request.language, "gate.joinNeedsPlan", { chat: request.chat.title }),
          buttons: [{ text: serverText(request.language, "plan.chooseButton"), open: path }],
        },
        dedupeKey: `join_request:${id}:${request.at.getTime()}`,
      },
    ]);
    return undefined;
  });
}

/**
 * Someone's status in a chat changed (chat_member): recorded, then that person's part of the
 * reconcile runs at once (a member who may not stay is removed, a tag is set).
 */
export async function recordChatMember(
  ctx: ServiceContext,
  member: { chat: GateChat; telegramId: bigint; status: string; at: Date },
): Promise<void> {
  await noteChat(ctx.db, member.chat);
  await recordMember(ctx.db, { chatId: member.chat.chatId, ...member });
  await ctx.db.transaction((tx) => reconcileIn(ctx, tx, member.telegramId));
}

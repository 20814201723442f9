import { screenPaths } from "#api/contracts/app-links";
import {
  enqueue,
  enqueueActions,
  type OutboxAction,
  type OutboxMessage,
  recipientLanguage,
} from "#api/domain/messaging";
import type { Db } from "#db/client";
import { tierNames } from "#db/queries/gate/chats";
import { revokeEndedLinks } from "#db/queries/gate/invite-links";
import { type DecidedRequest, decideRequests } from "#db/queries/gate/join-requests";
import { type ClaimedRemoval, claimRemovals, claimTagChanges } from "#db/queries/gate/reconcile";
import { recipientsOf } from "#db/queries/messaging/recipients";
import type { ServiceContext } from "../context";
import { serverText } from "../i18n/translate";
import { tierTag } from "./tags";

const HOUR_MS = 3_600_000;

/** What one reconcile did, by kind. */
export interface GateRun {
  approved: number;
  declined: number;
  removed: number;
  revoked: number;
  tagged: number;
}

/** A decided request's Bot API call: the guard bot's answer to its query, else approve or decline. */
export const decisionAction = (request: DecidedRequest, approve: boolean): OutboxAction => ({
  action: request.queryId
    ? { action: "answer", queryId: request.queryId, result: approve ? "approve" : "decline" }
    : {
        action: approve ? "approve" : "decline",
        chatId: request.chatId,
        userId: request.telegramId,
      },
});

/** The notice to a member removed from a chat, in their language, with a button back to the plans. */
async function removalNotices(tx: Db, removals: ClaimedRemoval[]): Promise<OutboxMessage[]> {
  const recipients = await recipientsOf(
    tx,
    removals.flatMap((removal) => (removal.userId ? [removal.userId] : [])),
  );
  return removals.flatMap((removal): OutboxMessage[] => {
    const recipient = removal.userId ? recipients.get(removal.userId) : undefined;
    if (!recipient) return [];
    const language = recipientLanguage(recipient.language);
    return [
      {
        kind: "chat_removed",
        userId: recipient.userId,
        reach: {
          telegramId: recipient.telegramId,
          botWritable: recipient.botWritable,
          verifiedEmail: recipient.verifiedEmail,
        },
        payload: {
          text: serverText(language, "gate.removedNotice", { chat: removal.chatTitle }),
          buttons: [{ text: serverText(language, "plan.chooseButton"), open: screenPaths.memberships }],
        },
        dedupeKey: `chat_removed:${removal.chatId}:${removal.telegramId}:${removal.episode}`,
      },
    ];
  });
}

/**
 * The gate's reconcile (decision 120), inside `tx`: pending requests whose person may now join are
 * approved; those that waited JOIN_REQUEST_WAIT_HOURS are declined; people in a gated chat who may
 * not stay are removed (and told why), their links revoked; tier tags follow the members' tiers.
 * Everything it decides is claimed in the same statements that record it, so two processes running
 * it at once decide each thing once; each Bot API call goes through the outbox, at Telegram's pace,
 * and a removal is checked again just before its call. With `telegramId`, only that person's (a plan
 * change, a join, a deleted account: `noWait`, no time to link an account); expired requests are
 * declined by the full run only.
 */
export async function reconcileIn(
  ctx: Pick<ServiceContext, "config" | "now">,
  tx: Db,
  telegramId?: bigint,
  options: { noWait?: boolean } = {},
): Promise<GateRun> {
  const waitedSince = new Date(ctx.now().getTime() - ctx.config.JOIN_REQUEST_WAIT_HOURS * HOUR_MS);
  const approved = await decideRequests(tx, "approved", { qualified: true, telegramId });
  const declined =
    telegramId === undefined ? await decideRequests(tx, "declined", { expiredBefore: waitedSince }) : [];
  const removals = await claimRemovals(tx, {
    waitedSince: options.noWait ? new Date(ctx.now().getTime() + HOUR_MS) : waitedSince,
    telegramId,
  });
  const links = await revokeEndedLinks(tx, telegramId);
  const tags = await claimTagChanges(
    tx,
    (await tierNames(tx)).map((tier) => ({ tierId: tier.tierId, tag: tierTag(tier.name) })),
    telegramId,
  );
  await enqueueActions(tx, [
    ...approved.map((request) => decisionAction(request, true)),
    ...declined.map((request) => decisionAction(request, false)),
    ...removals.map(
      (removal): OutboxAction => ({
        action: { action: "remove", chatId: removal.chatId, userId: removal.telegramId },
        userId: removal.userId,
        dedupeKey: `gate_remove:${removal.chatId}:${removal.telegramId}:${removal.episode}`,
      }),
    ),
    ...links.map(
      (link): OutboxAction => ({
        action: { action: "revoke", chatId: link.chatId, link: link.link },
        userId: link.userId,
      }),
    ),
    ...tags.map(
      (tag): OutboxAction => ({
        action: { action: "tag", chatId: tag.chatId, userId: tag.telegramId, tag: tag.tag },
        replacesQueued: true,
      }),
    ),
  ]);
  await enqueue(tx, await removalNotices(tx, removals));
  return {
    approved: approved.length,
    declined: declined.length,
    removed: removals.length,
    revoked: links.length,
    tagged: tags.length,
  };
}

/** The gate-reconcile job (api/jobs.ts): everyone, in one transaction. */
export const reconcileGate = (ctx: ServiceContext): Promise<GateRun> =>
  ctx.db.transaction((tx) => reconcileIn(ctx, tx));

import { type ClaimedRow, claimOutboxRows, type OutboxLane } from "#db/queries/messaging/outbox-claim";
import type { ServiceContext } from "../../context";
import { outboxKinds } from "./kinds";
import { payloadOf } from "./render";

export type { ClaimedRow, OutboxLane };

/** Why a claimed row is not sent after all: its final state and reason. */
export interface Skip {
  state: "cancelled" | "blocked" | "failed";
  reason: string;
}

/**
 * The send-time checks: a gate removal whose person may stay after all → cancelled (decision 120);
 * the broadcast was cancelled or the member turned the kind's switch off →
 * cancelled; the member blocked the bot → blocked; mail to a member with no verified address (and
 * none given in the payload) → failed. Undefined: send it.
 */
export function skipOf(row: ClaimedRow): Skip | undefined {
  if (row.broadcastCancelled) return { state: "cancelled", reason: "broadcast cancelled" };
  // A gate action names its chat in its payload; a removal of someone with access again never goes.
  if (row.kind === "chat_action")
    return row.keepsAccess ? { state: "cancelled", reason: "access again" } : undefined;
  const which = outboxKinds[row.kind].switch;
  if (which && !row[which]) return { state: "cancelled", reason: "switched off" };
  if (row.channel === "telegram") {
    if (row.botBlocked) return { state: "blocked", reason: "bot blocked" };
    if (row.chatId === null) return { state: "failed", reason: "no chat" };
  } else if (!row.verifiedEmail && !payloadOf(row).to) return { state: "failed", reason: "no address" };
  return undefined;
}

/** Claims due rows of a lane under a lease (FOR UPDATE SKIP LOCKED: each row to one process). */
export const claim = (ctx: Pick<ServiceContext, "db">, lane: OutboxLane, limit: number, leaseMs: number) =>
  claimOutboxRows(ctx.db, lane, limit, leaseMs);

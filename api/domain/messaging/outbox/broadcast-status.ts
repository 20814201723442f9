import type { Db } from "#db/client";
import { finishDrainedBroadcasts } from "#db/queries/messaging/outbox-outcomes";

/**
 * The one rule that a broadcast is done: still "sending" and none of its rows queued or in flight; it
 * becomes "done" with finished_at. Those of `broadcastIds`, or every broadcast still "sending". The
 * sender calls it after each batch and each lease recovery, the expansion once its rows are queued
 * (none reachable: done at once), a cancel to learn that every row went already. Returns the ids
 * that finished now.
 */
export function finishBroadcasts(db: Db, broadcastIds?: readonly string[]): Promise<string[]> {
  return finishDrainedBroadcasts(db, broadcastIds);
}

import type { Db } from "#db/client";
import { finishDrainedBroadcasts } from "#db/queries/outbox-outcomes";

/**
 * A broadcast whose rows are all done (none queued or in flight) becomes "done" with finished_at:
 * those of `broadcastIds`, or every broadcast still "sending". The sender calls it after each batch
 * and each lease recovery; a broadcast none of whose members can be reached finishes when its
 * enqueuer calls it. Returns the ids that finished now.
 */
export function finishBroadcasts(db: Db, broadcastIds?: readonly string[]): Promise<string[]> {
  return finishDrainedBroadcasts(db, broadcastIds);
}

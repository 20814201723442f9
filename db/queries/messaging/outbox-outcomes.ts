import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../client";
import { executeRows } from "../../rows";
import { type OutboxKind, type OutboxState, outbox } from "../../schema";

const inFlight = (ids: readonly string[]) => and(inArray(outbox.id, [...ids]), eq(outbox.state, "sending"));

/** Marks rows just before their calls: a lease that ends with this set means a call may have landed. */
export async function markCallsStarted(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(outbox)
    .set({ callStartedAt: sql`now()`, tries: sql`${outbox.tries} + 1` })
    .where(inFlight(ids));
}

/** Rows Telegram (or the mail relay) accepted. */
export async function recordSent(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(outbox)
    .set({ state: "sent", doneAt: sql`now()`, leaseUntil: null, lastError: null })
    .where(inFlight(ids));
}

/** Rows that end without being known sent: blocked, failed, cancelled, uncertain (the reason in last_error). */
export async function recordFinal(
  db: Db,
  ids: readonly string[],
  state: Extract<OutboxState, "blocked" | "failed" | "cancelled" | "uncertain">,
  lastError: string | null,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(outbox)
    .set({ state, doneAt: sql`now()`, leaseUntil: null, lastError })
    .where(inFlight(ids));
}

/**
 * Rows back to the queue, due in `delayMs`: a retry after a 5xx (the try counted), or a row not sent
 * after all (`untried`: its try given back: claimed and released, or refused with a 429).
 */
export async function requeueRows(
  db: Db,
  ids: readonly string[],
  options: { delayMs: number; lastError?: string | null; untried?: boolean },
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(outbox)
    .set({
      state: "queued",
      nextAttemptAt: sql`now() + ${options.delayMs} * interval '1 millisecond'`,
      leaseUntil: null,
      callStartedAt: null,
      ...(options.lastError !== undefined ? { lastError: options.lastError } : {}),
      ...(options.untried ? { tries: sql`greatest(${outbox.tries} - 1, 0)` } : {}),
    })
    .where(inFlight(ids));
}

/** Claimed rows whose slots are later than the claim's lease allowed for. */
export async function extendLease(db: Db, ids: readonly string[], leaseMs: number): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(outbox)
    .set({ leaseUntil: sql`now() + ${leaseMs} * interval '1 millisecond'` })
    .where(inFlight(ids));
}

/**
 * Rows whose lease ended (their process died or stalled): not called yet → queued again; called →
 * queued again for `resendKinds` (until `maxTries`, then failed), "uncertain" for the others.
 * Returns the broadcasts they belong to.
 */
export async function recoverExpiredLeases(
  db: Db,
  resendKinds: readonly OutboxKind[],
  maxTries: number,
): Promise<{ requeued: number; uncertain: number; broadcastIds: string[] }> {
  const resend = sql`(${sql.join(
    resendKinds.map((kind) => sql`${kind}`),
    sql`, `,
  )})`;
  const rows = await executeRows<{ state: string; broadcast_id: string | null }>(
    db,
    sql`
      update outbox set
        state = case
          when call_started_at is null then 'queued'
          when kind in ${resend} and tries < ${maxTries} then 'queued'
          when kind in ${resend} then 'failed'
          else 'uncertain' end,
        done_at = case
          when call_started_at is null or (kind in ${resend} and tries < ${maxTries}) then null
          else now() end,
        last_error = case when call_started_at is null then last_error
          else 'the lease ended during the call' end,
        call_started_at = case when call_started_at is null or (kind in ${resend} and tries < ${maxTries})
          then null else call_started_at end,
        lease_until = null
      where state = 'sending' and lease_until < now()
      returning state, broadcast_id`,
  );
  return {
    requeued: rows.filter((row) => row.state === "queued").length,
    uncertain: rows.filter((row) => row.state === "uncertain").length,
    broadcastIds: [...new Set(rows.flatMap((row) => (row.broadcast_id ? [row.broadcast_id] : [])))],
  };
}

/**
 * Broadcasts still "sending" with no row queued or in flight become "done" (finished_at now); all of
 * them, or those of `broadcastIds`. Returns the ids that finished.
 */
export async function finishDrainedBroadcasts(db: Db, broadcastIds?: readonly string[]): Promise<string[]> {
  if (broadcastIds?.length === 0) return [];
  const only = broadcastIds
    ? sql`and b.id in (${sql.join(
        broadcastIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  const rows = await executeRows<{ id: string }>(
    db,
    sql`
      update broadcasts b set status = 'done', finished_at = now()
      where b.status = 'sending' ${only}
        and not exists (select 1 from outbox o where o.broadcast_id = b.id and o.state in ('queued', 'sending'))
      returning b.id`,
  );
  return rows.map((row) => row.id);
}

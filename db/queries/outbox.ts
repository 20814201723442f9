import { inArray, sql } from "drizzle-orm";
import type { Db } from "../client";
import { broadcasts, type OutboxKind, type OutboxState, outbox } from "../schema/index";

export interface OutboxRowInput {
  kind: OutboxKind;
  userId: string;
  channel: "telegram" | "mail";
  chatId: bigint | null;
  payload: unknown;
  broadcastId?: string | null;
  dedupeKey?: string | null;
  /** "queued" to send; "unreachable" to count a recipient the bot may not write to, never attempted. */
  state?: Extract<OutboxState, "queued" | "unreachable">;
  nextAttemptAt?: Date;
}

/** Inserts the rows; a row whose dedupe key exists is skipped. Returns how many were inserted. */
export async function insertOutboxRows(db: Db, rows: OutboxRowInput[]): Promise<number> {
  if (rows.length === 0) return 0;
  // A paid broadcast's rows go at the paid pace (decision 104).
  const broadcastIds = [...new Set(rows.flatMap((row) => (row.broadcastId ? [row.broadcastId] : [])))];
  const paid = new Set(
    broadcastIds.length === 0
      ? []
      : (
          await db
            .select({ id: broadcasts.id, paid: broadcasts.paid })
            .from(broadcasts)
            .where(inArray(broadcasts.id, broadcastIds))
        ).flatMap((row) => (row.paid ? [row.id] : [])),
  );
  let count = 0;
  // Postgres takes at most 65,535 parameters a statement: a broadcast's audience goes in chunks.
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    count += await insertChunk(db, rows.slice(start, start + INSERT_CHUNK), paid);
  }
  return count;
}

/** Rows per INSERT: 11 parameters each. */
const INSERT_CHUNK = 2000;

async function insertChunk(db: Db, rows: OutboxRowInput[], paid: ReadonlySet<string>): Promise<number> {
  const inserted = await db
    .insert(outbox)
    .values(
      rows.map((row) => ({
        kind: row.kind,
        userId: row.userId,
        channel: row.channel,
        chatId: row.chatId,
        payload: row.payload,
        broadcastId: row.broadcastId ?? null,
        paid: row.broadcastId ? paid.has(row.broadcastId) : false,
        dedupeKey: row.dedupeKey ?? null,
        state: row.state ?? "queued",
        doneAt: row.state === "unreachable" ? sql`now()` : null,
        nextAttemptAt: row.nextAttemptAt ?? sql`now()`,
      })),
    )
    .onConflictDoNothing({ target: outbox.dedupeKey })
    .returning({ id: outbox.id });
  return inserted.length;
}

import { sql } from "drizzle-orm";
import type { Db } from "../client";
import { type OutboxKind, type OutboxState, outbox } from "../schema/index";

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

import { eq, sql } from "drizzle-orm";
import type { Db } from "../../client";
import { rateLimits } from "../../schema";

export interface CountedHit {
  key: string;
  hits: number;
  resetsAt: Date;
}

// Several keys are locked by one statement; every statement here takes them in key order (keys are
// hex digests, so the collation cannot reorder them), and two statements never wait on each other
// in a circle.

/**
 * Counts one hit on each key in a single upsert and returns the new counts: a key whose window
 * has ended starts again at 1 with a new window of its own length.
 */
export async function countHits(
  db: Db,
  entries: { key: string; windowMs: number }[],
  now: Date,
): Promise<CountedHit[]> {
  const sorted = [...entries].sort((a, b) => (a.key < b.key ? -1 : 1));
  const ended = sql`${rateLimits.resetsAt} <= ${now.toISOString()}::timestamptz`;
  return db
    .insert(rateLimits)
    .values(sorted.map((e) => ({ key: e.key, hits: 1, resetsAt: new Date(now.getTime() + e.windowMs) })))
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${ended} then 1 else ${rateLimits.hits} + 1 end`,
        resetsAt: sql`case when ${ended} then excluded.resets_at else ${rateLimits.resetsAt} end`,
      },
    })
    .returning({ key: rateLimits.key, hits: rateLimits.hits, resetsAt: rateLimits.resetsAt });
}

const inKeyOrder = (keys: string[]) =>
  sql`select key from rate_limits where key in (${sql.join(
    keys.map((key) => sql`${key}`),
    sql`, `,
  )}) order by key for update`;

/** Takes back one hit on each key: an attempt that was refused or never ran. */
export async function uncountHits(db: Db, keys: string[]): Promise<void> {
  await db.execute(
    sql`update rate_limits set hits = greatest(hits - 1, 0) where key in (${inKeyOrder(keys)})`,
  );
}

export async function clearHits(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Drops counters whose window has ended (they count nothing); rows in use right now are skipped. */
export async function deleteEndedWindows(db: Db, now: Date): Promise<void> {
  await db.execute(
    sql`delete from rate_limits where key in (select key from rate_limits where resets_at <= ${now.toISOString()}::timestamptz order by key for update skip locked)`,
  );
}

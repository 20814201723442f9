import { and, asc, count, desc, eq, inArray, lte, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../client";
import { broadcasts, membershipTiers, outbox, profiles, users } from "../../schema";
import { botWritableSql } from "./recipients";

/** Who a broadcast goes to, as stored in broadcasts.segment (api/contracts/broadcasts.ts checks it). */
export type SegmentRow =
  | { kind: "all" | "no_orders" | "cart" }
  | { kind: "tier"; tierId: string }
  | { kind: "lapsed"; days: number };

/** The history reasons that mean "the plan ended" (api/contracts/plan-payments.ts names them). */
export interface SegmentRules {
  endedReasons: readonly string[];
}

/**
 * The members a segment holds at `at`, as a condition over users joined to profiles. Only members
 * whose "News from the shop" switch is on are ever in one.
 *
 * - lapsed: their latest plan change is a plan ending (expired, unpaid, refunded) in the last `days`
 *   days, and they have no running subscription (a member who subscribed again is not lapsed).
 * - no_orders: no order ever, cancelled ones included (they tried).
 * - cart: at least one item in their server cart.
 */
export function segmentMembers(segment: SegmentRow, at: Date, rules: SegmentRules): SQL {
  const atSql = sql`${at.toISOString()}::timestamptz`;
  const news = eq(profiles.newsMessages, true);
  switch (segment.kind) {
    case "all":
      return news;
    case "tier":
      return and(news, eq(profiles.membershipTierId, segment.tierId)) as SQL;
    case "no_orders":
      return sql`${news} and not exists (select 1 from orders o where o.user_id = ${users.id})`;
    case "cart":
      return sql`${news} and exists (select 1 from cart_items ci where ci.user_id = ${users.id})`;
    case "lapsed": {
      const reasons = sql.join(
        rules.endedReasons.map((reason) => sql`${reason}`),
        sql`, `,
      );
      return sql`${news}
        and exists (
          select 1 from membership_history h
          where h.user_id = ${users.id}
            and h.reason in (${reasons})
            and h.created_at > ${atSql} - make_interval(days => ${segment.days}::int)
            and h.created_at <= ${atSql}
            and not exists (
              select 1 from membership_history later
              where later.user_id = h.user_id and later.created_at > h.created_at
            )
        )
        and not exists (select 1 from plan_subscriptions s where s.user_id = ${users.id})`;
    }
  }
}

/** How many members a segment holds now, and how many of them the bot may write to. */
export async function countAudience(
  db: Db,
  segment: SegmentRow,
  at: Date,
  rules: SegmentRules,
): Promise<{ total: number; reachable: number }> {
  const [row] = await db
    .select({
      total: count(),
      reachable: sql<number>`count(*) filter (where ${botWritableSql})`.mapWith(Number),
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(segmentMembers(segment, at, rules));
  return { total: row?.total ?? 0, reachable: row?.reachable ?? 0 };
}

export type BroadcastRow = typeof broadcasts.$inferSelect & { tierName: string | null };

const broadcastColumns = {
  id: broadcasts.id,
  text: broadcasts.text,
  image: broadcasts.image,
  segment: broadcasts.segment,
  status: broadcasts.status,
  sendAt: broadcasts.sendAt,
  paid: broadcasts.paid,
  createdBy: broadcasts.createdBy,
  total: broadcasts.total,
  createdAt: broadcasts.createdAt,
  startedAt: broadcasts.startedAt,
  finishedAt: broadcasts.finishedAt,
  tierName: membershipTiers.displayName,
};

const tierOfSegment = sql`${membershipTiers.id}::text = ${broadcasts.segment}->>'tierId'`;

export async function insertBroadcast(db: Db, values: typeof broadcasts.$inferInsert): Promise<string> {
  const [row] = await db.insert(broadcasts).values(values).returning({ id: broadcasts.id });
  if (!row) throw new Error("broadcast not stored");
  return row.id;
}

export async function findBroadcast(db: Db, id: string): Promise<BroadcastRow | undefined> {
  const [row] = await db
    .select(broadcastColumns)
    .from(broadcasts)
    .leftJoin(membershipTiers, tierOfSegment)
    .where(eq(broadcasts.id, id));
  return row;
}

/** Broadcasts newest first, a page at a time, and how many there are. */
export async function listBroadcasts(
  db: Db,
  page: { offset: number; limit: number },
): Promise<{ rows: BroadcastRow[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db
      .select(broadcastColumns)
      .from(broadcasts)
      .leftJoin(membershipTiers, tierOfSegment)
      .orderBy(desc(broadcasts.createdAt), desc(broadcasts.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ total: count() }).from(broadcasts),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** Each broadcast's outbox rows counted by state. */
export async function rowCountsOf(db: Db, ids: string[]): Promise<Map<string, Record<string, number>>> {
  const counts = new Map<string, Record<string, number>>();
  if (ids.length === 0) return counts;
  const rows = await db
    .select({ broadcastId: outbox.broadcastId, state: outbox.state, n: count() })
    .from(outbox)
    .where(inArray(outbox.broadcastId, ids))
    .groupBy(outbox.broadcastId, outbox.state);
  for (const row of rows) {
    if (!row.broadcastId) continue;
    const byState = counts.get(row.broadcastId) ?? {};
    byState[row.state] = row.n;
    counts.set(row.broadcastId, byState);
  }
  return counts;
}

/**
 * Claims one scheduled broadcast due at `at` (the oldest due first) for this process: its row is
 * locked (others skip it) and set to sending in the caller's transaction, so two processes never
 * start one twice. Undefined when none is due.
 */
export async function claimDueBroadcast(tx: Db, at: Date): Promise<BroadcastRow | undefined> {
  const [due] = await tx
    .select({ id: broadcasts.id })
    .from(broadcasts)
    .where(and(eq(broadcasts.status, "scheduled"), lte(broadcasts.sendAt, at)))
    .orderBy(asc(broadcasts.sendAt))
    .limit(1)
    .for("update", { skipLocked: true });
  if (!due) return undefined;
  return claimBroadcast(tx, due.id, at);
}

/** Sets a scheduled broadcast sending; undefined when it is not scheduled (started, cancelled). */
export async function claimBroadcast(tx: Db, id: string, at: Date): Promise<BroadcastRow | undefined> {
  const [claimed] = await tx
    .update(broadcasts)
    .set({ status: "sending", startedAt: at })
    .where(and(eq(broadcasts.id, id), eq(broadcasts.status, "scheduled")))
    .returning({ id: broadcasts.id });
  if (!claimed) return undefined;
  return findBroadcast(tx, id);
}

/** The audience a started broadcast has: its total. */
export async function recordStart(tx: Db, id: string, total: number): Promise<void> {
  await tx.update(broadcasts).set({ total }).where(eq(broadcasts.id, id));
}

/** The broadcast's row locked for a change (a cancel), as it is now. */
export async function lockBroadcast(tx: Db, id: string): Promise<{ status: string } | undefined> {
  const [row] = await tx
    .select({ status: broadcasts.status })
    .from(broadcasts)
    .where(eq(broadcasts.id, id))
    .for("update");
  return row;
}

/**
 * Cancels the broadcast: its queued rows are cancelled (rows a sender has claimed finish as they
 * go) and it is marked cancelled. Run with its row locked (lockBroadcast).
 */
export async function cancelRows(tx: Db, id: string, at: Date): Promise<number> {
  const cancelled = await tx
    .update(outbox)
    .set({ state: "cancelled", doneAt: at })
    .where(and(eq(outbox.broadcastId, id), eq(outbox.state, "queued")))
    .returning({ id: outbox.id });
  await tx.update(broadcasts).set({ status: "cancelled", finishedAt: at }).where(eq(broadcasts.id, id));
  return cancelled.length;
}

/** Whether a tier exists (active or not: members may still be on a retired one). */
export async function tierExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: membershipTiers.id })
    .from(membershipTiers)
    .where(eq(membershipTiers.id, id));
  return row !== undefined;
}

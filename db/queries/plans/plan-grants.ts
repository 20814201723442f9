import { and, asc, eq, gt, inArray, lte, or } from "drizzle-orm";
import type { Db } from "../../client";
import {
  type GrantKind,
  membershipHistory,
  membershipTiers,
  planGrants,
  profiles,
  users,
} from "../../schema";
import { changeTier } from "./plans";

export type GrantRow = typeof planGrants.$inferSelect;

export const findGrant = async (db: Db, userId: string): Promise<GrantRow | undefined> =>
  (await db.select().from(planGrants).where(eq(planGrants.userId, userId)))[0];

/**
 * The member's plan and running grant, both rows locked for the caller's transaction (the profile
 * first, as changeTier does, so grants and plan changes queue); undefined without a profile.
 */
export async function lockPlanAndGrant(
  tx: Db,
  userId: string,
): Promise<{ tierId: string | null; running: GrantRow | undefined } | undefined> {
  const [profile] = await tx
    .select({ tierId: profiles.membershipTierId })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .for("update");
  if (!profile) return undefined;
  const [running] = await tx.select().from(planGrants).where(eq(planGrants.userId, userId)).for("update");
  return { tierId: profile.tierId, running };
}

/** The levels of the tiers named (those that still exist). */
export async function tierLevels(db: Db, tierIds: (string | null)[]): Promise<number[]> {
  const ids = tierIds.filter((id) => id !== null);
  if (ids.length === 0) return [];
  const rows = await db
    .select({ level: membershipTiers.tierLevel })
    .from(membershipTiers)
    .where(inArray(membershipTiers.id, ids));
  return rows.map(({ level }) => level);
}

export async function extendGrant(tx: Db, userId: string, endsAt: Date): Promise<GrantRow> {
  const [grant] = await tx
    .update(planGrants)
    .set({ endsAt })
    .where(eq(planGrants.userId, userId))
    .returning();
  return grant as GrantRow;
}

/** The member's grant, written whole (one per member: a running one is replaced). */
export async function saveGrant(tx: Db, values: typeof planGrants.$inferInsert): Promise<GrantRow> {
  const [grant] = await tx
    .insert(planGrants)
    .values(values)
    .onConflictDoUpdate({ target: planGrants.userId, set: { ...values } })
    .returning();
  return grant as GrantRow;
}

/**
 * Ends every grant whose days are over at `at` (one member's, when given): a member still on the
 * granted tier goes back to the plan held before it if that tier is still offered, else to no plan,
 * with `reason` in the history. Rows another process is ending are skipped; an ended grant's row is
 * gone, so a second sweep finds nothing. Returns how many ended.
 */
export async function endDueGrants(db: Db, at: Date, reason: string, userId?: string): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(planGrants)
      .where(and(lte(planGrants.endsAt, at), userId ? eq(planGrants.userId, userId) : undefined))
      .for("update", { skipLocked: true });
    for (const grant of due) {
      await tx.delete(planGrants).where(eq(planGrants.userId, grant.userId));
      const [profile] = await tx
        .select({ tierId: profiles.membershipTierId })
        .from(profiles)
        .where(eq(profiles.id, grant.userId))
        .for("update");
      if (!profile || profile.tierId !== grant.tierId) continue;
      const back = grant.previousTierId
        ? await changeTier(tx, grant.userId, grant.previousTierId, at, { reason, keepGrant: true })
        : undefined;
      if (back || !profile.tierId) continue;
      await tx
        .update(profiles)
        .set({ membershipTierId: null, membershipStartedAt: at })
        .where(eq(profiles.id, grant.userId));
      await tx.insert(membershipHistory).values({
        userId: grant.userId,
        oldTierId: profile.tierId,
        newTierId: null,
        reason,
        createdAt: at,
      });
    }
    return due.length;
  });
}

/** A grant ending in (at, until], for its reminder. */
export interface EndingGrant {
  userId: string;
  telegramId: bigint | null;
  kind: GrantKind;
  tierId: string | null;
  tierName: string;
  endsAt: Date;
}

export const grantsEndingBetween = (db: Db, at: Date, until: Date): Promise<EndingGrant[]> =>
  db
    .select({
      userId: planGrants.userId,
      telegramId: users.telegramId,
      kind: planGrants.kind,
      tierId: planGrants.tierId,
      tierName: planGrants.tierName,
      endsAt: planGrants.endsAt,
    })
    .from(planGrants)
    .innerJoin(users, eq(users.id, planGrants.userId))
    .where(and(gt(planGrants.endsAt, at), lte(planGrants.endsAt, until)))
    .orderBy(asc(planGrants.endsAt));

/** Whether the member ever held the tier: now, or in the history of plan changes. */
export async function everHeld(db: Db, userId: string, tierId: string): Promise<boolean> {
  const [now] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.id, userId), eq(profiles.membershipTierId, tierId)));
  if (now) return true;
  const [before] = await db
    .select({ id: membershipHistory.id })
    .from(membershipHistory)
    .where(
      and(
        eq(membershipHistory.userId, userId),
        or(eq(membershipHistory.oldTierId, tierId), eq(membershipHistory.newTierId, tierId)),
      ),
    )
    .limit(1);
  return before !== undefined;
}

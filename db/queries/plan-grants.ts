import { and, asc, eq, gt, inArray, lte, or } from "drizzle-orm";
import type { Db } from "../client";
import {
  type GrantKind,
  membershipHistory,
  membershipTiers,
  planGrants,
  profiles,
  users,
} from "../schema/index";
import { changeTier, type TierRow } from "./plans";

export type GrantRow = typeof planGrants.$inferSelect;

const DAY_MS = 86_400_000;

export const findGrant = async (db: Db, userId: string): Promise<GrantRow | undefined> =>
  (await db.select().from(planGrants).where(eq(planGrants.userId, userId)))[0];

/** Why free days were refused: the member's plan already includes the tier (or a higher one). */
export type GrantRefusal = "not_higher";

/**
 * Gives the member `days` free days on `tier`, inside the caller's transaction (so a promo code's
 * count, a trial's claim or a referral's reward is written with it or not at all). Free days on the
 * tier a running grant is for add to its end; a higher tier than the member's plan (the plan before
 * any running grant) starts now and replaces a running grant of a lower tier. Anything else is
 * refused: the member's plan already includes it. The history's reason says where the days came from.
 */
export async function grantDays(
  tx: Db,
  {
    userId,
    tier,
    days,
    kind,
    at,
    reason,
  }: { userId: string; tier: TierRow; days: number; kind: GrantKind; at: Date; reason: string },
): Promise<{ grant: GrantRow } | { refused: GrantRefusal }> {
  // The profile row is locked first, as changeTier does, so grants and plan changes queue.
  const [profile] = await tx
    .select({ tierId: profiles.membershipTierId })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .for("update");
  if (!profile) return { refused: "not_higher" };
  const [running] = await tx.select().from(planGrants).where(eq(planGrants.userId, userId)).for("update");
  if (running && running.tierId === tier.id && profile.tierId === tier.id) {
    const from = Math.max(running.endsAt.getTime(), at.getTime());
    const [grant] = await tx
      .update(planGrants)
      .set({ endsAt: new Date(from + days * DAY_MS) })
      .where(eq(planGrants.userId, userId))
      .returning();
    return { grant: grant as GrantRow };
  }
  // The plan the member holds without free days: the one before a running grant, else the current one.
  const heldId = running ? running.previousTierId : profile.tierId;
  const levels = await tx
    .select({ level: membershipTiers.tierLevel })
    .from(membershipTiers)
    .where(
      inArray(
        membershipTiers.id,
        [heldId, profile.tierId].filter((id) => id !== null),
      ),
    );
  if (levels.some(({ level }) => level >= tier.tierLevel)) return { refused: "not_higher" };
  await changeTier(tx, userId, tier.id, at, { reason, anyState: true, keepGrant: true });
  const values = {
    userId,
    tierId: tier.id,
    tierName: tier.displayName,
    kind,
    endsAt: new Date(at.getTime() + days * DAY_MS),
    previousTierId: heldId,
    createdAt: at,
  };
  const [grant] = await tx
    .insert(planGrants)
    .values(values)
    .onConflictDoUpdate({ target: planGrants.userId, set: { ...values } })
    .returning();
  return { grant: grant as GrantRow };
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

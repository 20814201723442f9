import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../client";
import { membershipHistory, membershipTiers, planGrants, profiles } from "../../schema";

export type TierRow = typeof membershipTiers.$inferSelect;

/** Active tiers, lowest level first. */
export const listActiveTiers = (db: Db): Promise<TierRow[]> =>
  db
    .select()
    .from(membershipTiers)
    .where(eq(membershipTiers.isActive, true))
    .orderBy(asc(membershipTiers.tierLevel));

/** An active tier by id. */
export const findActiveTier = async (db: Db, id: string): Promise<TierRow | undefined> =>
  (
    await db
      .select()
      .from(membershipTiers)
      .where(and(eq(membershipTiers.id, id), eq(membershipTiers.isActive, true)))
  )[0];

/** The member's tier (null with none) and since when. */
export async function planOf(
  db: Db,
  userId: string,
): Promise<{ tier: TierRow | null; startedAt: Date | null }> {
  const [row] = await db
    .select({ tier: membershipTiers, startedAt: profiles.membershipStartedAt })
    .from(profiles)
    .leftJoin(membershipTiers, eq(membershipTiers.id, profiles.membershipTierId))
    .where(eq(profiles.id, userId));
  return { tier: row?.tier ?? null, startedAt: row?.startedAt ?? null };
}

/**
 * Runs the monthly rollover up to the month of `at` and returns the rollover in force. It runs once
 * per month however many requests race: the function locks the member's rollover row, and a second
 * caller finds the month already calculated.
 */
async function rollover(db: Db, userId: string, at: Date): Promise<string> {
  const [row] = await db
    .select({
      rollover: sql<string>`process_monthly_rollover(${profiles.id}, ${at.toISOString()}::timestamptz)::text`,
    })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row?.rollover ?? "0.00";
}

/**
 * Moves the member to a tier, in one transaction: earlier months' rollover is settled first (at the
 * price they had), then the profile's tier and start time change, and a history row with the reason
 * is written when there was a previous tier. Undefined when the tier is not there, or not active
 * unless `anyState` (a paid subscription is granted even if the tier was switched off meanwhile).
 * The member's free days (a plan grant) end with it, unless `keepGrant` (the grant's own changes).
 */
export async function changeTier(
  db: Db,
  userId: string,
  tierId: string,
  at: Date,
  {
    reason = "User updated tier",
    anyState = false,
    keepGrant = false,
  }: { reason?: string; anyState?: boolean; keepGrant?: boolean } = {},
): Promise<{ previous: TierRow | null; tier: TierRow } | undefined> {
  return db.transaction(async (tx) => {
    const [tier] = await tx
      .select()
      .from(membershipTiers)
      .where(and(eq(membershipTiers.id, tierId), anyState ? undefined : eq(membershipTiers.isActive, true)));
    if (!tier) return undefined;
    await rollover(tx, userId, at);
    // The profile row is locked, so two changes at once write their history one after the other.
    const [profile] = await tx
      .select({ tierId: profiles.membershipTierId })
      .from(profiles)
      .where(eq(profiles.id, userId))
      .for("update");
    const previousId = profile?.tierId ?? null;
    // A plan chosen, paid for or set by an admin ends the member's free days (plan-grants.ts).
    if (!keepGrant) await tx.delete(planGrants).where(eq(planGrants.userId, userId));
    const [previous] = previousId
      ? await tx.select().from(membershipTiers).where(eq(membershipTiers.id, previousId))
      : [];
    if (previousId === tier.id) return { previous: previous ?? null, tier };
    await tx
      .update(profiles)
      .set({ membershipTierId: tier.id, membershipStartedAt: at })
      .where(eq(profiles.id, userId));
    if (previousId) {
      await tx
        .insert(membershipHistory)
        .values({ userId, oldTierId: previousId, newTierId: tier.id, reason, createdAt: at });
    }
    return { previous: previous ?? null, tier };
  });
}

/** This month's figures for the member (credits: added this month), the rollover brought up to date first. Amounts as exact text. */
export async function budgetFigures(
  db: Db,
  userId: string,
  at: Date,
): Promise<{ monthly: string; rollover: string; credits: string; spent: string }> {
  return db.transaction(async (tx) => {
    const carried = await rollover(tx, userId, at);
    const [row] = await tx
      .select({
        monthly: sql<string>`coalesce(${membershipTiers.priceMonthly}, 0)::numeric(12, 2)::text`,
        credits: sql<string>`get_period_credits(${profiles.id}, ${at.toISOString()}::timestamptz)::numeric(12, 2)::text`,
        spent: sql<string>`get_current_period_spending(${profiles.id}, ${at.toISOString()}::timestamptz)::numeric(12, 2)::text`,
      })
      .from(profiles)
      .leftJoin(membershipTiers, eq(membershipTiers.id, profiles.membershipTierId))
      .where(eq(profiles.id, userId));
    return {
      monthly: row?.monthly ?? "0.00",
      rollover: carried,
      credits: row?.credits ?? "0.00",
      spent: row?.spent ?? "0.00",
    };
  });
}

import { asc, count, eq, sql } from "drizzle-orm";
import type { Db } from "../../client";
import { membershipTiers, profiles } from "../../schema";

const tierWithMembers = {
  tier: membershipTiers,
  // Qualified by hand: inside the subquery drizzle's bare "id" would be the profile's.
  members: sql<number>`(select count(*)::int from ${profiles} where ${profiles}.membership_tier_id = ${membershipTiers}.id)`,
};

/** Every tier, inactive too, lowest level first, with how many members are on each. */
export const listAllTiers = (db: Db) =>
  db.select(tierWithMembers).from(membershipTiers).orderBy(asc(membershipTiers.tierLevel));

/** The id of the tier with this slug, if any. */
export const tierIdByName = async (db: Db, name: string): Promise<string | undefined> =>
  (await db.select({ id: membershipTiers.id }).from(membershipTiers).where(eq(membershipTiers.name, name)))[0]
    ?.id;

export const findTierWithMembers = async (db: Db, id: string) =>
  (await db.select(tierWithMembers).from(membershipTiers).where(eq(membershipTiers.id, id)))[0];

/**
 * A new tier one level above the highest (1 when none), the level computed inside the INSERT. Two
 * admins creating at once may compute the same level; the unique index refuses the second, which
 * the caller retries.
 */
export async function insertTierAtNextLevel(
  db: Db,
  tier: {
    name: string;
    displayName: string;
    priceMonthly: string;
    description: string | null;
    features: string[];
    isActive: boolean;
    priceStars: number | null;
    trialDays: number | null;
  },
): Promise<string> {
  const [row] = await db
    .insert(membershipTiers)
    .values({
      ...tier,
      tierLevel: sql`(select coalesce(max(${membershipTiers.tierLevel}), 0) + 1 from ${membershipTiers})`,
    })
    .returning({ id: membershipTiers.id });
  if (!row) throw new Error("tier insert returned nothing");
  return row.id;
}

export async function updateTier(
  db: Db,
  id: string,
  change: {
    name: string;
    displayName: string;
    priceMonthly: string;
    priceStars: number | null;
    trialDays: number | null;
    isActive: boolean;
  },
): Promise<boolean> {
  const rows = await db
    .update(membershipTiers)
    .set(change)
    .where(eq(membershipTiers.id, id))
    .returning({ id: membershipTiers.id });
  return rows.length > 0;
}

/**
 * Deletes a tier nobody is on, in one statement: "deleted", "missing", or "in_use". (A member moving
 * onto it at that moment makes the profiles' foreign key, ON DELETE RESTRICT, refuse the delete:
 * the caller counts that as in use too.)
 */
export async function deleteUnusedTier(db: Db, id: string): Promise<"deleted" | "missing" | "in_use"> {
  const deleted = await db
    .delete(membershipTiers)
    .where(
      sql`${membershipTiers.id} = ${id} and not exists (select 1 from ${profiles} where ${profiles.membershipTierId} = ${id})`,
    )
    .returning({ id: membershipTiers.id });
  if (deleted.length > 0) return "deleted";
  const [exists] = await db
    .select({ id: membershipTiers.id })
    .from(membershipTiers)
    .where(eq(membershipTiers.id, id));
  return exists ? "in_use" : "missing";
}

export async function membersOnTier(db: Db, id: string): Promise<number> {
  const [on] = await db.select({ members: count() }).from(profiles).where(eq(profiles.membershipTierId, id));
  return Number(on?.members ?? 0);
}

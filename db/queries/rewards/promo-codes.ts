import { and, count, desc, eq, inArray, max, sql } from "drizzle-orm";
import type { Db } from "../../client";
import { membershipTiers, promoCodes, promoPersonUses, promoRedemptions } from "../../schema";

export type PromoCodeRow = typeof promoCodes.$inferSelect;
type NewPromoCode = typeof promoCodes.$inferInsert;

/** A code with its tier's name and what it brought: members, their orders and credits spent since. */
export interface PromoCodeWithStats {
  code: PromoCodeRow;
  tierName: string | null;
  members: number;
  orders: number;
  creditsSpent: string;
}

// Each member's first redemption of the code: orders and spending from then on count as brought.
const firstRedemptions = sql`(
  select ${promoRedemptions.userId} as user_id, min(${promoRedemptions.redeemedAt}) as since
  from ${promoRedemptions}
  where ${promoRedemptions.promoCodeId} = ${promoCodes.id} and ${promoRedemptions.userId} is not null
  group by ${promoRedemptions.userId}
)`;

const withStats = {
  code: promoCodes,
  tierName: membershipTiers.displayName,
  members: sql<number>`(select count(*) from ${firstRedemptions} f)::int`,
  orders: sql<number>`(
    select count(*) from orders o join ${firstRedemptions} f on f.user_id = o.user_id
    where o.created_at >= f.since and o.status <> 'cancelled'
  )::int`,
  creditsSpent: sql<string>`(
    select coalesce(sum(s.amount), 0) from user_spending s join ${firstRedemptions} f on f.user_id = s.user_id
    where s.created_at >= f.since
  )::numeric(12, 2)::text`,
};

/** Every code, newest first, with what each brought. */
export const listPromoCodes = (db: Db): Promise<PromoCodeWithStats[]> =>
  db
    .select(withStats)
    .from(promoCodes)
    .leftJoin(membershipTiers, eq(membershipTiers.id, promoCodes.tierId))
    .orderBy(desc(promoCodes.createdAt), desc(promoCodes.id));

export const findPromoCode = async (db: Db, id: string): Promise<PromoCodeWithStats | undefined> =>
  (
    await db
      .select(withStats)
      .from(promoCodes)
      .leftJoin(membershipTiers, eq(membershipTiers.id, promoCodes.tierId))
      .where(eq(promoCodes.id, id))
  )[0];

/** Inserts a code; a code equal in any letter case fails the unique index (the caller answers 409). */
export const insertPromoCode = async (db: Db, values: NewPromoCode): Promise<PromoCodeRow> =>
  (await db.insert(promoCodes).values(values).returning())[0] as PromoCodeRow;

/**
 * Changes a code; total uses never below the uses so far (checked in the statement, so a redemption
 * racing the change cannot slip past it). Undefined when no row matched: not there, or below uses.
 */
export async function updatePromoCode(
  db: Db,
  id: string,
  patch: Partial<Pick<NewPromoCode, "isActive" | "startsAt" | "endsAt" | "maxUses" | "usesPerMember">>,
): Promise<PromoCodeRow | undefined> {
  const [row] = await db
    .update(promoCodes)
    .set(patch)
    .where(
      and(
        eq(promoCodes.id, id),
        patch.maxUses === undefined ? undefined : sql`${promoCodes.uses} <= ${patch.maxUses}`,
      ),
    )
    .returning();
  return row;
}

/** The code named in any letter case, its row locked until the transaction ends: redemptions queue. */
export const lockPromoCode = async (tx: Db, code: string): Promise<PromoCodeRow | undefined> =>
  (
    await tx.select().from(promoCodes).where(sql`lower(${promoCodes.code}) = lower(${code})`).for("update")
  )[0];

export const redemptionsBy = async (tx: Db, promoCodeId: string, userId: string): Promise<number> =>
  (
    await tx
      .select({ n: count() })
      .from(promoRedemptions)
      .where(and(eq(promoRedemptions.promoCodeId, promoCodeId), eq(promoRedemptions.userId, userId)))
  )[0]?.n ?? 0;

/** The most uses of the code by any of these person keys (0 for none): the person's uses (decision 115). */
export async function personUses(tx: Db, promoCodeId: string, personKeys: string[]): Promise<number> {
  if (!personKeys.length) return 0;
  const [row] = await tx
    .select({ most: max(promoPersonUses.uses) })
    .from(promoPersonUses)
    .where(and(eq(promoPersonUses.promoCodeId, promoCodeId), inArray(promoPersonUses.personKey, personKeys)));
  return row?.most ?? 0;
}

/**
 * Writes one use: the redemption, one more use for each of the member's person keys, and the code's
 * count one higher (its check keeps it ≤ max uses).
 */
export async function recordRedemption(
  tx: Db,
  values: {
    promoCodeId: string;
    userId: string;
    personKeys: string[];
    days: number | null;
    credits: string | null;
    at: Date;
  },
): Promise<void> {
  await tx.insert(promoRedemptions).values({
    promoCodeId: values.promoCodeId,
    userId: values.userId,
    days: values.days,
    credits: values.credits,
    redeemedAt: values.at,
  });
  if (values.personKeys.length) {
    await tx
      .insert(promoPersonUses)
      .values(values.personKeys.map((personKey) => ({ promoCodeId: values.promoCodeId, personKey, uses: 1 })))
      .onConflictDoUpdate({
        target: [promoPersonUses.promoCodeId, promoPersonUses.personKey],
        set: { uses: sql`${promoPersonUses.uses} + 1` },
      });
  }
  await tx
    .update(promoCodes)
    .set({ uses: sql`${promoCodes.uses} + 1` })
    .where(eq(promoCodes.id, values.promoCodeId));
}

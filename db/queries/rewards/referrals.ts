import { randomInt } from "node:crypto";
import { and, count, desc, eq, isNotNull, isNull, lte, notExists, sql } from "drizzle-orm";
import { type AnyPgColumn, alias } from "drizzle-orm/pg-core";
import type { Db } from "../../client";
import { profiles, referralCodes, referralProgram, referrals, starPayments } from "../../schema";

export type ReferralRow = typeof referrals.$inferSelect;
export type ReferralProgramRow = typeof referralProgram.$inferSelect;

const CODE_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
const CODE_LENGTH = 8;
const CODE_TRIES = 5;

const randomCode = () =>
  Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join("");

export const findReferralCode = async (db: Db, userId: string): Promise<string | undefined> =>
  (
    await db.select({ code: referralCodes.code }).from(referralCodes).where(eq(referralCodes.userId, userId))
  )[0]?.code;

/**
 * The member's referral code, made on first ask: random lower-case letters and digits, unique. A
 * new code that collides with another member's is drawn again; two first asks at once keep one.
 */
export async function ensureReferralCode(db: Db, userId: string, at: Date): Promise<string> {
  for (let tries = 0; tries < CODE_TRIES; tries++) {
    const existing = await findReferralCode(db, userId);
    if (existing) return existing;
    await db
      .insert(referralCodes)
      .values({ userId, code: randomCode(), createdAt: at })
      .onConflictDoNothing();
  }
  const made = await findReferralCode(db, userId);
  if (!made) throw new Error("no free referral code after several draws");
  return made;
}

/** The member a code belongs to (codes are lower-case; any letter case finds it). */
export const referrerOfCode = async (db: Db, code: string): Promise<string | undefined> =>
  (
    await db
      .select({ userId: referralCodes.userId })
      .from(referralCodes)
      .where(eq(referralCodes.code, code.toLowerCase()))
  )[0]?.userId;

export const loadReferralProgram = async (db: Db): Promise<ReferralProgramRow | undefined> =>
  (await db.select().from(referralProgram).where(eq(referralProgram.singleton, true)))[0];

/** The programme's settings, written whole (the one row made on the first save). */
export async function saveReferralProgram(
  db: Db,
  values: Pick<ReferralProgramRow, "enabled" | "rewardKind" | "credits" | "tierId" | "days">,
  at: Date,
): Promise<ReferralProgramRow> {
  const [row] = await db
    .insert(referralProgram)
    .values({ ...values, singleton: true, updatedAt: at })
    .onConflictDoUpdate({ target: referralProgram.singleton, set: { ...values, updatedAt: at } })
    .returning();
  if (!row) throw new Error("referral programme not saved");
  return row;
}

/**
 * Attributes a new account to the member whose code brought it, inside the transaction that creates
 * the account: only while the programme is on, only for a known code, never to the account itself.
 * The referee is the primary key, so a second attribution is impossible. True when attributed.
 */
export async function attributeReferral(
  tx: Db,
  { refereeId, code, at }: { refereeId: string; code: string; at: Date },
): Promise<boolean> {
  if (!/^[a-z0-9]{4,32}$/i.test(code)) return false;
  const program = await loadReferralProgram(tx);
  if (!program?.enabled) return false;
  const referrerId = await referrerOfCode(tx, code);
  if (!referrerId || referrerId === refereeId) return false;
  const inserted = await tx
    .insert(referrals)
    .values({ refereeId, referrerId, attributedAt: at })
    .onConflictDoNothing()
    .returning({ refereeId: referrals.refereeId });
  return inserted.length > 0;
}

/**
 * The friend's first paid plan started (a payment's charge id, or an approved request's id): the
 * reward falls due `holdMs` later. Only once: a referral already qualified (or voided) stays as it is.
 */
export async function qualifyReferral(
  tx: Db,
  { refereeId, chargeId, at, holdMs }: { refereeId: string; chargeId: string; at: Date; holdMs: number },
): Promise<boolean> {
  const updated = await tx
    .update(referrals)
    .set({ qualifiedAt: at, qualifyingChargeId: chargeId, rewardDueAt: new Date(at.getTime() + holdMs) })
    .where(and(eq(referrals.refereeId, refereeId), isNull(referrals.qualifiedAt), isNull(referrals.voidedAt)))
    .returning({ refereeId: referrals.refereeId });
  return updated.length > 0;
}

/** The qualifying payment was refunded before the reward: the reward is void. True when voided. */
export async function voidReferralOfCharge(db: Db, chargeId: string, at: Date): Promise<boolean> {
  const updated = await db
    .update(referrals)
    .set({ voidedAt: at })
    .where(
      and(
        eq(referrals.qualifyingChargeId, chargeId),
        isNull(referrals.rewardedAt),
        isNull(referrals.voidedAt),
      ),
    )
    .returning({ refereeId: referrals.refereeId });
  return updated.length > 0;
}

/**
 * One referral whose reward is due at `at`, locked for the caller's transaction; rows another
 * transaction holds are skipped, and a qualifying payment being refunded (refunded_at set) is not due.
 */
export async function claimDueReferral(tx: Db, at: Date): Promise<ReferralRow | undefined> {
  const [row] = await tx
    .select()
    .from(referrals)
    .where(
      and(
        lte(referrals.rewardDueAt, at),
        isNull(referrals.rewardedAt),
        isNull(referrals.voidedAt),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(starPayments)
            .where(
              and(
                eq(starPayments.chargeId, referrals.qualifyingChargeId),
                isNotNull(starPayments.refundedAt),
              ),
            ),
        ),
      ),
    )
    .orderBy(referrals.rewardDueAt)
    .limit(1)
    .for("update", { skipLocked: true });
  return row;
}

export async function markRewarded(tx: Db, refereeId: string, at: Date): Promise<void> {
  await tx.update(referrals).set({ rewardedAt: at }).where(eq(referrals.refereeId, refereeId));
}

export async function markVoided(tx: Db, refereeId: string, at: Date): Promise<void> {
  await tx.update(referrals).set({ voidedAt: at }).where(eq(referrals.refereeId, refereeId));
}

/** How many friends a member brought, and how many of them earned the reward. */
export async function referralCounts(
  db: Db,
  referrerId: string,
): Promise<{ joined: number; rewarded: number }> {
  const [row] = await db
    .select({
      joined: count(),
      rewarded: sql<number>`count(${referrals.rewardedAt})`.mapWith(Number),
    })
    .from(referrals)
    .where(eq(referrals.referrerId, referrerId));
  return { joined: row?.joined ?? 0, rewarded: row?.rewarded ?? 0 };
}

const referrerProfile = alias(profiles, "referrer_profile");
const refereeProfile = alias(profiles, "referee_profile");
const nameOf = (p: { fullName: AnyPgColumn; email: AnyPgColumn }) =>
  sql<string | null>`coalesce(${p.fullName}, ${p.email})`;

/** The newest referrals with both members' names, for admins. */
export const listReferrals = (db: Db, limit: number) =>
  db
    .select({
      referral: referrals,
      referrerName: nameOf(referrerProfile),
      refereeName: nameOf(refereeProfile),
    })
    .from(referrals)
    .leftJoin(referrerProfile, eq(referrerProfile.id, referrals.referrerId))
    .leftJoin(refereeProfile, eq(refereeProfile.id, referrals.refereeId))
    .orderBy(desc(referrals.attributedAt))
    .limit(limit);

/** Totals over every referral: joined, qualified (a paid plan started), rewarded, voided. */
export async function referralTotals(db: Db) {
  const [row] = await db
    .select({
      joined: count(),
      qualified: sql<number>`count(${referrals.qualifiedAt})`.mapWith(Number),
      rewarded: sql<number>`count(${referrals.rewardedAt})`.mapWith(Number),
      voided: sql<number>`count(${referrals.voidedAt})`.mapWith(Number),
    })
    .from(referrals);
  return {
    joined: row?.joined ?? 0,
    qualified: row?.qualified ?? 0,
    rewarded: row?.rewarded ?? 0,
    voided: row?.voided ?? 0,
  };
}

import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../client";
import {
  membershipHistory,
  membershipTiers,
  planInvoices,
  planRequests,
  planSubscriptions,
  profiles,
  starPayments,
  users,
} from "../../schema";
import { changeTier } from "./plans";

export type PlanRequestRow = typeof planRequests.$inferSelect;
export type StarPaymentRow = typeof starPayments.$inferSelect;
export type SubscriptionRow = typeof planSubscriptions.$inferSelect;

/** The member's request for a tier: a pending one is replaced, so there is one open request at most. */
export async function upsertPendingRequest(
  db: Db,
  userId: string,
  tier: { id: string; displayName: string },
  at: Date,
): Promise<PlanRequestRow> {
  const [row] = await db
    .insert(planRequests)
    .values({ userId, tierId: tier.id, tierName: tier.displayName, createdAt: at })
    .onConflictDoUpdate({
      target: planRequests.userId,
      targetWhere: sql`${planRequests.status} = 'pending'`,
      set: { tierId: tier.id, tierName: tier.displayName, createdAt: at },
    })
    .returning();
  if (!row) throw new Error("plan request upsert returned nothing");
  return row;
}

/** The member's newest request, decided or not. */
export async function latestRequest(db: Db, userId: string): Promise<PlanRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(planRequests)
    .where(eq(planRequests.userId, userId))
    .orderBy(desc(planRequests.createdAt))
    .limit(1);
  return row;
}

/** Pending requests of these members, by member. */
export async function pendingRequestsOf(db: Db, userIds: string[]): Promise<Map<string, PlanRequestRow>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(planRequests)
    .where(and(inArray(planRequests.userId, userIds), eq(planRequests.status, "pending")));
  return new Map(rows.map((row) => [row.userId, row]));
}

export const findRequest = async (db: Db, id: string): Promise<PlanRequestRow | undefined> =>
  (await db.select().from(planRequests).where(eq(planRequests.id, id)))[0];

export type Decision =
  | { outcome: "decided"; request: PlanRequestRow }
  | { outcome: "missing" | "already_decided" | "tier_gone" };

/**
 * An admin's decision, in one transaction: the request leaves `pending` once (a second admin's
 * decision at the same moment finds it decided), and an approval moves the member to the tier. A
 * tier that is gone or switched off leaves the request pending.
 */
export async function decideRequest(
  db: Db,
  id: string,
  approve: boolean,
  adminId: string,
  at: Date,
  reason: string,
  /** Runs in the decision's transaction after an approval moved the member to a paid tier (decision 114). */
  approvedPaid?: (tx: Db, request: PlanRequestRow) => Promise<unknown>,
): Promise<Decision> {
  try {
    return await db.transaction(async (tx) => {
      const [request] = await tx
        .update(planRequests)
        .set({ status: approve ? "approved" : "declined", decidedAt: at, decidedBy: adminId })
        .where(and(eq(planRequests.id, id), eq(planRequests.status, "pending")))
        .returning();
      if (!request) {
        const exists = await findRequest(tx, id);
        return { outcome: exists ? "already_decided" : "missing" } as const;
      }
      if (approve) {
        const changed = request.tierId
          ? await changeTier(tx, request.userId, request.tierId, at, { reason })
          : undefined;
        if (!changed) throw new TierGone();
        const [tier] = await tx
          .select({ price: membershipTiers.priceMonthly })
          .from(membershipTiers)
          .where(eq(membershipTiers.id, request.tierId as string));
        if (approvedPaid && tier && Number(tier.price) > 0) await approvedPaid(tx, request);
      }
      return { outcome: "decided", request } as const;
    });
  } catch (error) {
    if (error instanceof TierGone) return { outcome: "tier_gone" };
    throw error;
  }
}

/** Rolls the approval back: the tier it names cannot be taken. */
class TierGone extends Error {}

export async function insertInvoice(
  db: Db,
  invoice: { nonce: string; userId: string; tierId: string; stars: number; currency: string },
): Promise<void> {
  await db.insert(planInvoices).values(invoice);
}

/** An invoice with what its payment is checked against: its member's Telegram id and its tier. */
export const findInvoiceToCheck = async (db: Db, nonce: string) =>
  (
    await db
      .select({ invoice: planInvoices, memberTelegramId: users.telegramId, tier: membershipTiers })
      .from(planInvoices)
      .innerJoin(users, eq(users.id, planInvoices.userId))
      .innerJoin(membershipTiers, eq(membershipTiers.id, planInvoices.tierId))
      .where(eq(planInvoices.nonce, nonce))
  )[0];

export const tierExists = async (db: Db, id: string): Promise<boolean> =>
  (await db.select({ id: membershipTiers.id }).from(membershipTiers).where(eq(membershipTiers.id, id)))
    .length > 0;

export const findSubscription = async (db: Db, userId: string): Promise<SubscriptionRow | undefined> =>
  (await db.select().from(planSubscriptions).where(eq(planSubscriptions.userId, userId)))[0];

export type RecordedPayment =
  | { outcome: "duplicate" }
  | { outcome: "granted"; payment: StarPaymentRow; tierName: string; expiresAt: Date };

/** How a payment sets the period: to the end Telegram states (Stars), or on by one period (an invoice). */
export type PaidPeriod = { endsAt: Date } | { extendByMs: number };

/**
 * A successful plan payment, in one transaction, once per charge id: the payment is stored, the
 * member's subscription runs until the new end (a renewal extends it; the first payment's charge
 * id keeps naming it), and the member is on the paid tier. A Stars payment states the period's end
 * and whether it renews; a provider invoice's (`renewal: "when_running"`) extends a running
 * subscription by `extendByMs` from its end (from `at` when it is over or there is none), is a
 * renewal when a subscription was running, and restarts a cancelled renewal: the member paid again.
 */
export async function recordStarPayment(
  db: Db,
  payment: {
    chargeId: string;
    providerChargeId: string | null;
    userId: string;
    telegramId: bigint;
    tierId: string;
    stars: number;
    currency: string;
    renewal: boolean | "when_running";
    period: PaidPeriod;
  },
  at: Date,
  reason: string,
  /** Runs in the payment's transaction once it is granted (a referral qualifies, decision 114). */
  granted?: (tx: Db, payment: StarPaymentRow) => Promise<unknown>,
): Promise<RecordedPayment> {
  return db.transaction(async (tx) => {
    const [tier] = await tx.select().from(membershipTiers).where(eq(membershipTiers.id, payment.tierId));
    const tierName = tier?.displayName ?? "";
    const [running] = await tx
      .select()
      .from(planSubscriptions)
      .where(eq(planSubscriptions.userId, payment.userId))
      .for("update");
    const renewal = payment.renewal === "when_running" ? running !== undefined : payment.renewal;
    const expiresAt =
      "endsAt" in payment.period
        ? payment.period.endsAt
        : new Date(Math.max(running?.expiresAt.getTime() ?? 0, at.getTime()) + payment.period.extendByMs);
    const { period: _period, ...stored } = payment;
    const [row] = await tx
      .insert(starPayments)
      .values({ ...stored, renewal, expiresAt, tierName, paidAt: at })
      .onConflictDoNothing({ target: starPayments.chargeId })
      .returning();
    if (!row) return { outcome: "duplicate" } as const;
    const restarts = !renewal || payment.renewal === "when_running";
    await tx
      .insert(planSubscriptions)
      .values({
        userId: payment.userId,
        tierId: payment.tierId,
        tierName,
        stars: payment.stars,
        currency: payment.currency,
        chargeId: payment.chargeId,
        expiresAt,
      })
      .onConflictDoUpdate({
        target: planSubscriptions.userId,
        set: {
          tierId: payment.tierId,
          tierName,
          stars: payment.stars,
          currency: payment.currency,
          expiresAt: sql`greatest(${planSubscriptions.expiresAt}, excluded.expires_at)`,
          // A renewal keeps the subscription's first charge id; a new subscription replaces it and renews.
          ...(renewal ? {} : { chargeId: payment.chargeId }),
          ...(restarts ? { renewalCancelledAt: null } : {}),
        },
      });
    await changeTier(tx, payment.userId, payment.tierId, at, { reason, anyState: true });
    await granted?.(tx, row);
    const [after] = await tx
      .select({ expiresAt: planSubscriptions.expiresAt })
      .from(planSubscriptions)
      .where(eq(planSubscriptions.userId, payment.userId));
    return { outcome: "granted", payment: row, tierName, expiresAt: after?.expiresAt ?? expiresAt } as const;
  });
}

/** A payment applied to no plan (decision 116): why, and what is known of it. */
export interface UnappliedPayment {
  chargeId: string;
  providerChargeId: string | null;
  /** The invoice's member when they paid it; null when unmatched or paid by someone else. */
  userId: string | null;
  telegramId: bigint;
  tierId: string | null;
  tierName: string | null;
  stars: number;
  currency: string;
  renewal: boolean;
  flag: string;
}

/** Stores a payment that granted nothing, once per charge id; undefined when it was stored before. */
export async function recordUnappliedPayment(
  db: Db,
  payment: UnappliedPayment,
  at: Date,
): Promise<StarPaymentRow | undefined> {
  const [row] = await db
    .insert(starPayments)
    .values({ ...payment, paidAt: at })
    .onConflictDoNothing({ target: starPayments.chargeId })
    .returning();
  return row;
}

/**
 * Ends the member's subscription now (expired, or its payment refunded): the row goes, and a member
 * still on the subscribed tier returns to level 1 (no tier when there is no level 1).
 */
async function endSubscription(tx: Db, subscription: SubscriptionRow, at: Date, reason: string) {
  await tx.delete(planSubscriptions).where(eq(planSubscriptions.userId, subscription.userId));
  const [profile] = await tx
    .select({ tierId: profiles.membershipTierId })
    .from(profiles)
    .where(eq(profiles.id, subscription.userId))
    .for("update");
  if (!profile || profile.tierId !== subscription.tierId) return;
  const [base] = await tx.select().from(membershipTiers).where(eq(membershipTiers.tierLevel, 1));
  if (base) {
    await changeTier(tx, subscription.userId, base.id, at, { reason, anyState: true });
    return;
  }
  await tx
    .update(profiles)
    .set({ membershipTierId: null, membershipStartedAt: at })
    .where(eq(profiles.id, subscription.userId));
  if (profile.tierId) {
    await tx.insert(membershipHistory).values({
      userId: subscription.userId,
      oldTierId: profile.tierId,
      newTierId: null,
      reason,
      createdAt: at,
    });
  }
}

/**
 * When a subscription ends, as SQL: at its expiry when its renewal was cancelled (the member chose
 * it), else `graceDays` after it (a renewal that did not arrive: the plan stays, payment due).
 */
const endsAt = (graceDays: number) =>
  sql`(${planSubscriptions.expiresAt} + case when ${planSubscriptions.renewalCancelledAt} is null then make_interval(days => ${graceDays}::int) else interval '0' end)`;

/**
 * Ends every subscription whose time is over at `at` (one member's, when given): its renewal
 * cancelled and its period over, or its renewal missing for `graceDays` after the period (then
 * `lapsedReason` is the history's reason). Rows another process is ending are skipped, so two
 * sweeps never end one twice; a row once ended is gone, so a second sweep finds nothing.
 */
export async function endExpiredSubscriptions(
  db: Db,
  at: Date,
  { graceDays, endedReason, lapsedReason }: { graceDays: number; endedReason: string; lapsedReason: string },
  userId?: string,
): Promise<number> {
  return db.transaction(async (tx) => {
    const expired = await tx
      .select()
      .from(planSubscriptions)
      .where(
        and(
          sql`${endsAt(graceDays)} <= ${at.toISOString()}::timestamptz`,
          userId ? eq(planSubscriptions.userId, userId) : undefined,
        ),
      )
      .for("update", { skipLocked: true });
    for (const subscription of expired) {
      const reason = subscription.renewalCancelledAt ? endedReason : lapsedReason;
      await endSubscription(tx, subscription, at, reason);
    }
    return expired.length;
  });
}

/** Records whether the member's subscription renews (null: it does); undefined without one. */
export async function setRenewalCancelled(
  db: Db,
  userId: string,
  cancelledAt: Date | null,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .update(planSubscriptions)
    .set({ renewalCancelledAt: cancelledAt })
    .where(eq(planSubscriptions.userId, userId))
    .returning();
  return row;
}

/** A Stars subscription's new state as Telegram reports it (the `subscription` update). */
export type TelegramSubscriptionState = "canceled" | "active" | "failed";

/**
 * Telegram's change of a Stars subscription, on the member's row while it is still the one
 * `chargeId` names: canceled keeps the first cancellation's time (a resent update changes nothing),
 * active clears it, failed ends the paid period at `at` at the latest (payment due from then, the
 * grace counted from it) on a subscription that renews. Undefined when no such row matches.
 */
export async function setTelegramSubscriptionState(
  db: Db,
  userId: string,
  chargeId: string,
  state: TelegramSubscriptionState,
  at: Date,
): Promise<SubscriptionRow | undefined> {
  const when = sql`${at.toISOString()}::timestamptz`;
  const [row] = await db
    .update(planSubscriptions)
    .set(
      state === "canceled"
        ? { renewalCancelledAt: sql`coalesce(${planSubscriptions.renewalCancelledAt}, ${when})` }
        : state === "active"
          ? { renewalCancelledAt: null }
          : { expiresAt: sql`least(${planSubscriptions.expiresAt}, ${when})` },
    )
    .where(
      and(
        eq(planSubscriptions.userId, userId),
        eq(planSubscriptions.chargeId, chargeId),
        state === "failed" ? isNull(planSubscriptions.renewalCancelledAt) : undefined,
      ),
    )
    .returning();
  return row;
}

/** The payer of a charge: the Telegram account editUserStarSubscription names. */
export const payerOf = async (db: Db, chargeId: string): Promise<bigint | undefined> =>
  (
    await db
      .select({ telegramId: starPayments.telegramId })
      .from(starPayments)
      .where(eq(starPayments.chargeId, chargeId))
  )[0]?.telegramId;

/**
 * A plan whose end is near or past, for a reminder: who, on which tier, the period's end, whether it
 * renews (not cancelled), and its price per period in `currency`'s smallest unit (XTR: Stars).
 */
export interface EndingPlan {
  userId: string;
  telegramId: bigint | null;
  tierName: string;
  expiresAt: Date;
  renews: boolean;
  currency: string;
  amount: number;
}

const endingColumns = {
  userId: planSubscriptions.userId,
  telegramId: users.telegramId,
  tierName: planSubscriptions.tierName,
  expiresAt: planSubscriptions.expiresAt,
  renews: sql<boolean>`${planSubscriptions.renewalCancelledAt} is null`,
  currency: planSubscriptions.currency,
  amount: planSubscriptions.stars,
};

/**
 * Plans whose period ends in (at, until] without a renewal Telegram makes: a cancelled renewal, or
 * any plan paid by provider invoice (its next period is paid by hand, decision 109).
 */
export const endingWithoutRenewal = (db: Db, at: Date, until: Date): Promise<EndingPlan[]> =>
  db
    .select(endingColumns)
    .from(planSubscriptions)
    .innerJoin(users, eq(users.id, planSubscriptions.userId))
    .where(
      and(
        or(isNotNull(planSubscriptions.renewalCancelledAt), ne(planSubscriptions.currency, "XTR")),
        gt(planSubscriptions.expiresAt, at),
        lte(planSubscriptions.expiresAt, until),
      ),
    )
    .orderBy(asc(planSubscriptions.expiresAt));

/** Subscriptions that should have renewed by `at` and did not: payment due, still on the plan. */
export const inGrace = (db: Db, at: Date): Promise<EndingPlan[]> =>
  db
    .select(endingColumns)
    .from(planSubscriptions)
    .innerJoin(users, eq(users.id, planSubscriptions.userId))
    .where(and(isNull(planSubscriptions.renewalCancelledAt), lte(planSubscriptions.expiresAt, at)))
    .orderBy(asc(planSubscriptions.expiresAt));

/** A plan that ended: its history row (an id to send its notice once by), who, from which tier, when. */
export interface EndedPlan {
  historyId: string;
  userId: string;
  telegramId: bigint | null;
  tierId: string | null;
  /** The tier's name, while the tier exists. */
  tierName: string | null;
  endedAt: Date;
  /** The history's reason: why it ended. */
  reason: string | null;
}

/** Plans that ended for one of `reasons` in (since, at], oldest first. */
export const endedBetween = (db: Db, reasons: string[], since: Date, at: Date): Promise<EndedPlan[]> =>
  db
    .select({
      historyId: membershipHistory.id,
      userId: membershipHistory.userId,
      telegramId: users.telegramId,
      tierId: membershipHistory.oldTierId,
      tierName: membershipTiers.displayName,
      endedAt: membershipHistory.createdAt,
      reason: membershipHistory.reason,
    })
    .from(membershipHistory)
    .innerJoin(users, eq(users.id, membershipHistory.userId))
    .leftJoin(membershipTiers, eq(membershipTiers.id, membershipHistory.oldTierId))
    .where(
      and(
        inArray(membershipHistory.reason, reasons),
        gt(membershipHistory.createdAt, since),
        lte(membershipHistory.createdAt, at),
      ),
    )
    .orderBy(asc(membershipHistory.createdAt));

export const findPayment = async (db: Db, id: string): Promise<StarPaymentRow | undefined> =>
  (await db.select().from(starPayments).where(eq(starPayments.id, id)))[0];

/** Claims the refund: only one admin's refund of a payment goes on to Telegram. */
export async function markRefunded(db: Db, id: string, at: Date): Promise<StarPaymentRow | undefined> {
  const [row] = await db
    .update(starPayments)
    .set({ refundedAt: at })
    .where(and(eq(starPayments.id, id), isNull(starPayments.refundedAt)))
    .returning();
  return row;
}

/** Telegram refused the refund: the payment stands. */
export async function unmarkRefunded(db: Db, id: string): Promise<void> {
  await db.update(starPayments).set({ refundedAt: null }).where(eq(starPayments.id, id));
}

/** After a refund, the subscription that payment belongs to ends at once. */
export async function endSubscriptionAfterRefund(
  db: Db,
  payment: StarPaymentRow,
  at: Date,
  reason: string,
): Promise<SubscriptionRow | undefined> {
  if (!payment.userId) return undefined;
  const userId = payment.userId;
  return db.transaction(async (tx) => {
    const [subscription] = await tx
      .select()
      .from(planSubscriptions)
      .where(eq(planSubscriptions.userId, userId))
      .for("update");
    if (!subscription) return undefined;
    await endSubscription(tx, subscription, at, reason);
    return subscription;
  });
}

const withUserName = (db: Db) =>
  db
    .select({
      payment: starPayments,
      userName: sql<string | null>`coalesce(${profiles.fullName}, ${profiles.email})`,
    })
    .from(starPayments)
    .leftJoin(profiles, eq(profiles.id, starPayments.userId));

/**
 * The payments not applied and not refunded yet, whatever their age, then the newest others (at
 * most `limit` of each), newest first in each part, with the payer's name.
 */
export async function listStarPayments(db: Db, limit: number) {
  const open = sql`(${starPayments.flag} is not null and ${starPayments.refundedAt} is null)`;
  const [waiting, newest] = await Promise.all([
    withUserName(db).where(open).orderBy(desc(starPayments.paidAt)).limit(limit),
    withUserName(db).where(sql`not ${open}`).orderBy(desc(starPayments.paidAt)).limit(limit),
  ]);
  return [...waiting, ...newest];
}

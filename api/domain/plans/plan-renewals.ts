import type { PlanSubscription } from "#api/contracts/plan-payments";
import { STARS_CURRENCY, tierChangeReasons } from "#api/contracts/plan-payments";
import { type EndingGrant, grantsEndingBetween } from "#db/queries/plans/plan-grants";
import {
  type EndedPlan,
  type EndingPlan,
  endedBetween,
  endingWithoutRenewal,
  findSubscription,
  inGrace,
  payerOf,
  type SubscriptionRow,
  setRenewalCancelled,
} from "#db/queries/plans/plan-payments";
import type { ServiceContext } from "../context";
import { Refusal } from "../refusal";
import { endExpired } from "./plan-payments";

const DAY_MS = 86_400_000;

/** Days before a period's end without renewal when the member is reminded. */
export const REMINDER_DAYS = 3;

/** Days before free days (a trial) end when the member is reminded. */
export const GRANT_REMINDER_DAYS = 1;

/** A subscription as the member sees it at `now`: renewing, ending, or payment due until it lapses. */
export function subscriptionOf(row: SubscriptionRow, now: Date, graceDays: number): PlanSubscription {
  const renews = row.renewalCancelledAt === null;
  const lapsesAt = renews ? new Date(row.expiresAt.getTime() + graceDays * DAY_MS) : row.expiresAt;
  return {
    tierId: row.tierId,
    tierName: row.tierName,
    stars: row.stars,
    currency: row.currency,
    expiresAt: row.expiresAt.toISOString(),
    renews,
    paymentDue: renews && row.expiresAt.getTime() <= now.getTime(),
    lapsesAt: lapsesAt.toISOString(),
  };
}

/**
 * The member stops (`renew` false) or restarts the renewal of their plan. A Stars subscription:
 * Telegram is told first (editUserStarSubscription on the subscription's first charge, as its
 * payer), then the state is stored; asking for the state it already has still tells Telegram (it
 * may have changed there), so a retry after a lost answer is safe. An invoice plan (decision 109):
 * only stored; it decides whether the member is asked to pay the next period or told it ends.
 */
export async function setRenewal(
  ctx: ServiceContext,
  userId: string,
  renew: boolean,
): Promise<PlanSubscription> {
  await endExpired(ctx, userId);
  const subscription = await findSubscription(ctx.db, userId);
  if (!subscription) throw new Refusal("no_subscription");
  const stars = subscription.currency === STARS_CURRENCY;
  if (stars) {
    if (!ctx.telegram.enabled) throw new Refusal("payments_unavailable");
    const payer = await payerOf(ctx.db, subscription.chargeId);
    if (payer === undefined) throw new Refusal("no_subscription");
    try {
      await ctx.telegram.editStarSubscription(payer, subscription.chargeId, !renew);
    } catch (error) {
      ctx.log.warn("subscription renewal not changed", { error: String(error), renew });
      throw new Refusal("payments_unavailable");
    }
  }
  const stored = await setRenewalCancelled(ctx.db, userId, renew ? null : ctx.now());
  // The subscription ended between the read and the write (a refund, the sweep): nothing to show.
  if (!stored) throw new Refusal("no_subscription");
  ctx.metrics.planPayments.inc({
    mode: stars ? "stars" : "invoice",
    outcome: renew ? "renewal_resumed" : "renewal_cancelled",
  });
  return subscriptionOf(stored, ctx.now(), ctx.config.PLAN_GRACE_DAYS);
}

/**
 * Ends every plan whose time is over at ctx.now(): cancelled ones at their period's end, unrenewed
 * ones PLAN_GRACE_DAYS after it. Idempotent (an ended subscription's row is gone) and safe with
 * several processes (rows another process is ending are skipped). Returns how many ended.
 */
export const lapsePlans = (ctx: Pick<ServiceContext, "db" | "config" | "now">) => endExpired(ctx);

/*
 * What is due to be said, for the outbox's reminders (plan-reminders.ts): who and when. Nothing here
 * sends; the reminders key each message by member and period (or history id) so it goes once.
 */

/**
 * Plans ending within REMINDER_DAYS without a renewal Telegram makes (a cancelled renewal, or an
 * invoice plan's next period): "renew" reminders (plan-reminders.ts).
 */
export const plansEndingSoon = (ctx: Pick<ServiceContext, "db" | "now">): Promise<EndingPlan[]> => {
  const now = ctx.now();
  return endingWithoutRenewal(ctx.db, now, new Date(now.getTime() + REMINDER_DAYS * DAY_MS));
};

/** A plan in grace: its period ended without the renewal; it lapses at `lapsesAt`. */
export interface GracePlan extends EndingPlan {
  lapsesAt: Date;
}

/** Plans whose renewal did not arrive and which have not lapsed yet: "payment due" reminders. */
export async function plansInGrace(ctx: Pick<ServiceContext, "db" | "config" | "now">): Promise<GracePlan[]> {
  const now = ctx.now();
  const graceMs = ctx.config.PLAN_GRACE_DAYS * DAY_MS;
  return (await inGrace(ctx.db, now))
    .map((plan) => ({ ...plan, lapsesAt: new Date(plan.expiresAt.getTime() + graceMs) }))
    .filter((plan) => plan.lapsesAt.getTime() > now.getTime());
}

/**
 * Plans that lapsed unpaid, or whose free days ended, after `since` (up to now), oldest first: "your
 * plan ended" notices.
 */
export const plansLapsedSince = (
  ctx: Pick<ServiceContext, "db" | "now">,
  since: Date,
): Promise<EndedPlan[]> =>
  endedBetween(ctx.db, [tierChangeReasons.lapsed, tierChangeReasons.grantEnded], since, ctx.now());

/** Free days ending within a day: "your trial ends tomorrow" reminders (plan-reminders.ts). */
export const grantsEndingSoon = (ctx: Pick<ServiceContext, "db" | "now">): Promise<EndingGrant[]> => {
  const now = ctx.now();
  return grantsEndingBetween(ctx.db, now, new Date(now.getTime() + GRANT_REMINDER_DAYS * DAY_MS));
};

import type { PlanSubscription } from "#api/contracts/plan-payments";
import { STARS_CURRENCY } from "#api/contracts/plan-payments";
import {
  findSubscription,
  payerOf,
  setTelegramSubscriptionState,
  type TelegramSubscriptionState,
} from "#db/queries/plans/plan-payments";
import type { ServiceContext } from "../context";
import { invoiceOf } from "./payment-checks";
import { enqueuePlanReminders } from "./plan-reminders";
import { subscriptionOf } from "./plan-renewals";

/** What Telegram's `subscription` update says (Bot API 10.2): whose, which invoice, the new state. */
export interface SubscriptionChange {
  /** The subscriber's Telegram id. */
  fromId: number;
  /** The payload of the invoice the subscription was bought with; every renewal carries it too. */
  payload: string;
  state: TelegramSubscriptionState;
}

const outcomes = {
  canceled: "renewal_cancelled",
  active: "renewal_resumed",
  failed: "renewal_failed",
} as const;

/**
 * A Stars subscription changed in Telegram (decision 119): canceled in the app, the plan shows
 * "Renewal off" and ends at its period's end, as when the member stops it in the Mini App (Telegram
 * is not told again: it told us); re-activated, it renews again; its payment failed, it is "Payment
 * due" from now with PLAN_GRACE_DAYS of grace, and the plan_grace reminder is queued at once (the
 * plan-renewals job would within a minute; its dedupe key makes it one message).
 *
 * The subscription is the one the payload's invoice bought: ours, for the member it names, on the
 * tier it names, paid by the Telegram account the update names, and still running (the member's
 * current Stars subscription). Anything else is ignored with a log line: a payload not ours, an
 * ended plan, another tier bought since, someone else's account. Idempotent: Telegram may send a
 * state again, and the same state changes nothing. Each update logs one line, followed (whether it
 * changed anything) or ignored (why). Returns the subscription as the member now sees
 * it, undefined when ignored.
 */
export async function followSubscriptionChange(
  ctx: ServiceContext,
  change: SubscriptionChange,
): Promise<PlanSubscription | undefined> {
  const ignored = (reason: string) => {
    ctx.log.info("subscription update ignored", { reason, state: change.state });
    return undefined;
  };
  const found = await invoiceOf(ctx, change.payload);
  if (!found) return ignored("unknown_invoice");
  const { invoice } = found;
  const subscription = await findSubscription(ctx.db, invoice.userId);
  if (!subscription || subscription.currency !== STARS_CURRENCY) return ignored("no_subscription");
  if (subscription.tierId !== invoice.tierId) return ignored("other_tier");
  if ((await payerOf(ctx.db, subscription.chargeId)) !== BigInt(change.fromId)) return ignored("other_payer");
  const now = ctx.now();
  const updated = await setTelegramSubscriptionState(
    ctx.db,
    invoice.userId,
    subscription.chargeId,
    change.state,
    now,
  );
  if (!updated) return ignored(change.state === "failed" ? "renewal_off" : "no_subscription");
  const changed =
    change.state === "canceled"
      ? subscription.renewalCancelledAt === null
      : change.state === "active"
        ? subscription.renewalCancelledAt !== null
        : subscription.expiresAt.getTime() > now.getTime();
  if (changed) ctx.metrics.planPayments.inc({ mode: "stars", outcome: outcomes[change.state] });
  if (change.state === "failed") await enqueuePlanReminders(ctx);
  ctx.log.info("subscription update followed", { state: change.state, changed });
  return subscriptionOf(updated, now, ctx.config.PLAN_GRACE_DAYS);
}

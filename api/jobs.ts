import type { ServiceContext } from "#api/domain/context";
import { reconcileGate } from "#api/domain/gate";
import { recoverOutboxLeases, startDueBroadcasts } from "#api/domain/messaging";
import { sweepEnded } from "#api/domain/operations";
import { remindCarts } from "#api/domain/orders";
import { enqueuePlanReminders, lapsePlans } from "#api/domain/plans";
import { giveDueReferralRewards } from "#api/domain/rewards";
import type { Job } from "#api/process/job-runner";

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/**
 * Every background job, started by main.ts once the bot is up (each run sees its notifier) and
 * stopped at shutdown before the database closes. Each runs in every process; a job whose work
 * must happen once over all processes claims it in the database.
 */
export const jobs: Job<ServiceContext>[] = [
  // Expired and revoked sessions and ended rate-limit windows are deleted.
  { name: "housekeeping", every: 10 * MINUTE, run: (ctx) => sweepEnded(ctx, ctx.now()) },
  {
    // Plans whose period (and grace) is over end, then the reminders are queued, so a plan that
    // lapses in a run is announced in the same run (decisions 107, 109); members reading their
    // plan end theirs at once.
    name: "plan-renewals",
    every: MINUTE,
    run: async (ctx) => {
      await lapsePlans(ctx);
      await enqueuePlanReminders(ctx);
    },
  },
  // Scheduled broadcasts start within 5 s of their time, each once over all processes (decision 108).
  { name: "broadcast-scheduler", every: 5 * SECOND, run: startDueBroadcasts },
  // Carts left untouched for CART_REMINDER_HOURS get their one reminder (decision 106).
  { name: "cart-reminders", every: MINUTE, run: remindCarts },
  // The outbox's claims whose lease ended (their process died) go back to the queue, or end
  // uncertain; broadcasts with nothing left are finished (decision 104).
  { name: "outbox-leases", every: 5 * SECOND, run: recoverOutboxLeases },
  // Referral rewards whose hold is over are given, each once over all processes (decision 114).
  { name: "referral-rewards", every: MINUTE, run: giveDueReferralRewards },
  // The gate (decision 120): who is in a gated chat but should not be is removed, requests whose
  // person now qualifies approved and those that waited JOIN_REQUEST_WAIT_HOURS declined, links
  // revoked, tags set; each once over all processes, every call through the outbox.
  { name: "gate-reconcile", every: MINUTE, run: reconcileGate },
];

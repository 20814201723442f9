import { api, call } from "../lib/api";

export async function fetchTiers(signal?: AbortSignal) {
  return (await call(api.tiers.$get(undefined, { init: { signal } }))).tiers;
}

/** The member's tier (null with none). */
export const fetchPlan = (signal?: AbortSignal) => call(api.me.plan.$get(undefined, { init: { signal } }));

/** This month's budget, the rollover brought up to date by the server first. */
export const fetchBudget = (signal?: AbortSignal) =>
  call(api.me.budget.$get(undefined, { init: { signal } }));

export const changePlan = (tierId: string) => call(api.me.plan.$put({ json: { tierId } }));

/** Stops (false) or restarts (true) the renewal of the member's Telegram Stars subscription. */
export const setRenewal = (renew: boolean) => call(api.me.plan.renewal.$post({ json: { renew } }));

/** A Telegram Stars subscription invoice link for the tier (PLAN_PAYMENTS=stars, inside Telegram). */
export const createInvoice = (tierId: string) => call(api.me.plan.invoice.$post({ json: { tierId } }));

/**
 * After a paid invoice: Telegram tells the bot, and the bot moves the member to the tier, a moment
 * later. Asks for the plan about every second, up to `timeoutMs`, until its tier is `tierId`; true
 * when it is. Runs on when the sheets that started it close.
 */
export async function waitForTier(tierId: string, { intervalMs = 1000, timeoutMs = 15_000 } = {}) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetchPlan()).tier?.id === tierId) return true;
    } catch {
      // A lost connection or a server fault: the next round asks again.
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  return false;
}

/** Redeems a promo code: what it gave, and the plan and budget after (decision 112). */
export const redeemPromo = (code: string) => call(api.me.promo.$post({ json: { code } }));

/** Starts the tier's free trial: the plan after it (decision 113). */
export const startTrial = (tierId: string) => call(api.me.plan.trial.$post({ json: { tierId } }));

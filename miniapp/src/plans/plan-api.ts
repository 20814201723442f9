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

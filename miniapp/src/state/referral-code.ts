import { REFERRAL_CODE } from "#api/contracts/app-links";

const KEY = "referralCode";

/**
 * A web visit through a member's link (`/?ref=<code>`): the code is kept (localStorage, so it outlives
 * the tab) until this browser signs up or signs in, when it goes with the request (decision 114).
 */
export function keepReferralCode(): void {
  try {
    const code = new URLSearchParams(window.location.search).get("ref");
    if (code && REFERRAL_CODE.test(code)) window.localStorage.setItem(KEY, code);
  } catch {
    // Storage can be blocked: the visit simply carries no code.
  }
}

/** The code kept from a referral link, if any. */
export function keptReferralCode(): string | undefined {
  try {
    return window.localStorage.getItem(KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Signed up or in: the code has done its work (only a new account is ever attributed). */
export function forgetReferralCode(): void {
  try {
    window.localStorage.removeItem(KEY);
  } catch {
    // Nothing kept, nothing to forget.
  }
}

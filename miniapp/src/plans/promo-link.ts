import { PROMO_CODE } from "#api/contracts/app-links";

const KEY = "promoCode";

/**
 * A promo link (`/settings/memberships?promo=CODE`, where `/?promo=` and Telegram's
 * `startapp=promo_CODE` lead): the code is kept for this tab until it is redeemed, so Manage Your
 * Plan opens with it filled in, after a sign-in too (decision 112). True when the address held one.
 */
export function keepPromoCodeFrom(search: string): boolean {
  const code = new URLSearchParams(search).get("promo");
  if (!code || !PROMO_CODE.test(code)) return false;
  try {
    window.sessionStorage.setItem(KEY, code);
  } catch {
    // Storage blocked: the sheet opens, the member types the code.
  }
  return true;
}

export function keptPromoCode(): string | undefined {
  try {
    return window.sessionStorage.getItem(KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export function forgetPromoCode(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}

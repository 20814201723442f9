import type { Language } from "#api/contracts/languages";
import { STARS_CURRENCY } from "#api/contracts/plan-payments";
import { serverText } from "../i18n/translate";

/** An amount in a currency's smallest unit, written out in the member's language ("€25.00"). */
export const formatAmount = (language: Language, minorUnits: number, currency: string) => {
  const format = new Intl.NumberFormat(language, { style: "currency", currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minorUnits / 10 ** digits);
};

/** A payment's amount as a person reads it: Stars counted ("250 Stars"), else formatAmount. */
export const paymentAmountText = (language: Language, amount: number, currency: string) =>
  currency === STARS_CURRENCY
    ? serverText(language, "notice.starsAmount", { count: amount })
    : formatAmount(language, amount, currency);

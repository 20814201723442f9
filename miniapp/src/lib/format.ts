import { toCents } from "#api/contracts/cents";
import { formatCreditCents } from "#api/contracts/price-text";

export {
  formatCreditCents,
  formatCurrencyCents,
  productPriceText,
} from "#api/contracts/price-text";

/** A storefront (non-credit) price, as the storefront sends it. */
export interface MoneyAmount {
  amount: string;
  currencyCode: string;
}

/** "25" | 25 | "25.5" -> "25.00 credits": money always shows two decimals ("1,250.00 credits"). */
export function formatCredits(amount: string | number): string {
  return formatCreditCents(toCents(amount));
}

/** "26.2K" -> "26.2K members": the count is display text typed by an admin, shown as typed. */
export function memberCountText(count: string | number): string {
  return `${String(count).trim()} members`;
}

/** "17.80" -> "17.8%": a percentage reads without trailing zeros. */
export function formatPercent(value: string): string {
  const number = Number(value);
  if (!Number.isFinite(number)) return value;
  return `${String(Number(number.toFixed(2)))}%`;
}

/** "N in stock" or "Out of stock". */
export function stockText(stock: number): string {
  return stock > 0 ? `${stock} in stock` : "Out of stock";
}

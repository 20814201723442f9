import { fromCents, toCents } from "#api/contracts/cents";

/** A storefront (non-credit) price, as the storefront sends it. */
export interface MoneyAmount {
  amount: string;
  currencyCode: string;
}

/** Integer cents -> "1,234.50": two decimals, thousands grouped. */
export function groupedAmount(cents: number): string {
  const [whole = "0", fraction = "00"] = fromCents(cents).split(".");
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${fraction}`;
}

/** "25" | 25 | "25.5" -> "25.00 credits": money always shows two decimals ("1,250.00 credits"). */
export function formatCredits(amount: string | number): string {
  return formatCreditCents(toCents(amount));
}

/** Integer cents of credits -> "25.00 credits". */
export function formatCreditCents(cents: number): string {
  return `${groupedAmount(cents)} credits`;
}

const currencySymbols: Record<string, string> = { USD: "$", CAD: "CA$", AUD: "A$", EUR: "€", GBP: "£" };

/** Integer cents in a currency -> "$12.50" (or "12.50 CHF" when we know no symbol). */
export function formatCurrencyCents(cents: number, currencyCode: string): string {
  const symbol = currencySymbols[currencyCode.toUpperCase()];
  const sign = cents < 0 ? "-" : "";
  const value = groupedAmount(Math.abs(cents));
  return symbol ? `${sign}${symbol}${value}` : `${sign}${value} ${currencyCode.toUpperCase()}`;
}

export function formatMoney(money: MoneyAmount): string {
  return formatCurrencyCents(toCents(money.amount), money.currencyCode);
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

import { fromCents, toCents } from "#api/contracts/cents";

/** A storefront (non-credit) price, as the storefront sends it. */
export interface MoneyAmount {
  amount: string;
  currencyCode: string;
}

/** "25" | 25 | "25.5" -> "25.00 credits": money always shows two decimals. */
export function formatCredits(amount: string | number): string {
  return `${fromCents(toCents(amount))} credits`;
}

/** Integer cents of credits -> "25.00 credits". */
export function formatCreditCents(cents: number): string {
  return `${fromCents(cents)} credits`;
}

const currencySymbols: Record<string, string> = { USD: "$", CAD: "CA$", AUD: "A$", EUR: "€", GBP: "£" };

/** Integer cents in a currency -> "$12.50" (or "12.50 CHF" when we know no symbol). */
export function formatCurrencyCents(cents: number, currencyCode: string): string {
  const symbol = currencySymbols[currencyCode.toUpperCase()];
  const sign = cents < 0 ? "-" : "";
  const value = fromCents(Math.abs(cents));
  return symbol ? `${sign}${symbol}${value}` : `${sign}${value} ${currencyCode.toUpperCase()}`;
}

export function formatMoney(money: MoneyAmount): string {
  return formatCurrencyCents(toCents(money.amount), money.currencyCode);
}

/**
 * The channel's member count is display text set by an admin ("26.2K"); a bare number is
 * shortened the same way ("26200" -> "26.2K") so both read alike.
 */
export function formatMemberCount(count: string | number): string {
  const text = String(count).trim();
  if (!/^\d+$/.test(text)) return text;
  const value = Number(text);
  const units: [number, string][] = [
    [1_000_000_000, "B"],
    [1_000_000, "M"],
    [1_000, "K"],
  ];
  for (const [size, suffix] of units) {
    if (value >= size) {
      // One decimal, truncated rather than rounded up: 26_290 reads 26.2K, never more than it is.
      const tenths = Math.floor((value * 10) / size);
      const whole = Math.floor(tenths / 10);
      const decimal = tenths % 10;
      return `${whole}${decimal ? `.${decimal}` : ""}${suffix}`;
    }
  }
  return text;
}

/** "26.2K" -> "26.2K members" */
export function memberCountText(count: string | number): string {
  return `${formatMemberCount(count)} members`;
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

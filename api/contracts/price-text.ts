import { fromCents, toCents } from "./cents";

/**
 * Prices as people read them, written the same by the Mini App and by the server's first screen.
 * No zod here: the Mini App's first load imports it.
 */

/** Integer cents -> "1,234.50": two decimals, thousands grouped. */
export function groupedAmount(cents: number): string {
  const [whole = "0", fraction = "00"] = fromCents(cents).split(".");
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${fraction}`;
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

interface Priced {
  creditPrice: string;
  storefront: { price: { amount: string; currencyCode: string } } | null;
}

/** What `quantity` of a product costs: its Shopify price for a store item ("$24.00"), else credits. */
export function productPriceText(product: Priced, quantity = 1): string {
  const { storefront } = product;
  return storefront
    ? formatCurrencyCents(toCents(storefront.price.amount) * quantity, storefront.price.currencyCode)
    : formatCreditCents(toCents(product.creditPrice) * quantity);
}

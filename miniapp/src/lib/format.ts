import { toCents } from "#api/contracts/cents";
import * as english from "#api/contracts/price-text";
import { currentLanguage, t } from "../i18n/i18n";

/**
 * Numbers and money in the app's language, through Intl. English keeps the wording the server's
 * first screen writes too (#api/contracts/price-text): "1,250.00 credits", "$12.50", "19.99 CHF".
 */

/** A storefront (non-credit) price, as the storefront sends it. */
export interface MoneyAmount {
  amount: string;
  currencyCode: string;
}

/** Integer cents as the language writes an amount: two decimals, thousands grouped. */
function formatAmountCents(cents: number): string {
  const language = currentLanguage();
  if (language === "en") return english.groupedAmount(cents);
  return new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    cents / 100,
  );
}

/** Integer cents of credits -> "25.00 credits". */
export function formatCreditCents(cents: number): string {
  return t("format.credits", { amount: formatAmountCents(cents) });
}

/** Integer cents in a currency -> "$12.50", as the language writes that currency. */
export function formatCurrencyCents(cents: number, currencyCode: string): string {
  const language = currentLanguage();
  if (language === "en") return english.formatCurrencyCents(cents, currencyCode);
  try {
    return new Intl.NumberFormat(language, {
      style: "currency",
      currency: currencyCode.toUpperCase(),
    }).format(cents / 100);
  } catch {
    // A code Intl does not know: the amount and the code as sent.
    return `${formatAmountCents(cents)} ${currencyCode.toUpperCase()}`;
  }
}

/** US dollars of the monthly budget, "$50.00": not grouped in English, as the budget always read. */
export function formatDollarCents(cents: number): string {
  return currentLanguage() === "en" ? `$${(cents / 100).toFixed(2)}` : formatCurrencyCents(cents, "USD");
}

/** What `quantity` of a product costs: its Shopify price for a store item ("$24.00"), else credits. */
export function productPriceText(
  product: Parameters<typeof english.productPriceText>[0],
  quantity = 1,
): string {
  const { storefront } = product;
  return storefront
    ? formatCurrencyCents(toCents(storefront.price.amount) * quantity, storefront.price.currencyCode)
    : formatCreditCents(toCents(product.creditPrice) * quantity);
}

/** "25" | 25 | "25.5" -> "25.00 credits": money always shows two decimals ("1,250.00 credits"). */
export function formatCredits(amount: string | number): string {
  return formatCreditCents(toCents(amount));
}

/** "26.2K" -> "26.2K members": the count is display text typed by an admin, shown as typed. */
export function memberCountText(count: string | number): string {
  return t("format.members", { count: String(count).trim() });
}

/** "17.80" -> "17.8%": a percentage reads without trailing zeros. */
export function formatPercent(value: string): string {
  const number = Number(value);
  if (!Number.isFinite(number)) return value;
  const language = currentLanguage();
  if (language === "en") return `${String(Number(number.toFixed(2)))}%`;
  return new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 2 }).format(number / 100);
}

/** "N in stock" or "Out of stock". */
export function stockText(stock: number): string {
  return stock > 0 ? t("format.inStock", { count: stock }) : t("format.outOfStock");
}

/** Names as one phrase in the reader's language ("Basic, Premium and Gold"). */
export const listText = (names: string[], language: string): string =>
  new Intl.ListFormat(language, { type: "conjunction" }).format(names);

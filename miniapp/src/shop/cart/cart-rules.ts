import { toCents } from "#api/contracts/cents";
import type { Product } from "#api/contracts/products";
import { t } from "../../i18n/i18n";
import { productPriceText } from "../../lib/format";
import { type CartItem, type CartState, itemCount } from "../../state/cart-state";
import { strainText } from "../strain";

export const isCreditItem = (item: CartItem): boolean => typeof item.price === "number";

/** Adding a variant already in the cart adds to its quantity. */
export function addItem(cart: CartState, item: CartItem, at = Date.now()): CartState {
  if (item.quantity <= 0) return cart;
  const existing = cart.items.find((line) => line.variantId === item.variantId);
  const items = existing
    ? cart.items.map((line) =>
        line.variantId === item.variantId
          ? { ...line, quantity: line.quantity + item.quantity, changedAt: at }
          : line,
      )
    : [...cart.items, { ...item, changedAt: at }];
  return { ...cart, items };
}

/** A line's new quantity, or how to get it from the line's quantity as the cart holds it now. */
export type QuantityChange = number | ((current: number) => number);

/**
 * Setting a quantity of 0 or less removes the line. A change given as a function gets the line's
 * current quantity, so two taps in a row count twice even when the second was handled before the
 * screen showed the first.
 */
export function updateQuantity(
  cart: CartState,
  variantId: string,
  change: QuantityChange,
  at = Date.now(),
): CartState {
  const line = cart.items.find((item) => item.variantId === variantId);
  if (!line) return cart;
  const quantity = typeof change === "function" ? change(line.quantity) : change;
  if (quantity <= 0) return removeItem(cart, variantId);
  return {
    ...cart,
    items: cart.items.map((line) =>
      line.variantId === variantId ? { ...line, quantity, changedAt: at } : line,
    ),
  };
}

export function removeItem(cart: CartState, variantId: string): CartState {
  return { ...cart, items: cart.items.filter((line) => line.variantId !== variantId) };
}

/** Clearing empties the items, the storefront cart id and its checkout URL. */
export function clearCart(cart: CartState): CartState {
  return { ...cart, items: [], cartId: null, checkoutUrl: null };
}

export function setCheckoutLoading(cart: CartState, isLoading: boolean): CartState {
  return { ...cart, isLoading };
}

/** Checkout creation stores the checkout URL and clears the loading flag. */
export function setCheckout(cart: CartState, cartId: string, checkoutUrl: string): CartState {
  return { ...cart, cartId, checkoutUrl, isLoading: false };
}

export function quantityOf(cart: CartState, variantId: string): number {
  return cart.items.find((line) => line.variantId === variantId)?.quantity ?? 0;
}

/** Add to cart is refused when the stock is below what the cart would then hold. */
export function exceedsStock(cart: CartState, variantId: string, adding: number, stock: number): boolean {
  return quantityOf(cart, variantId) + adding > stock;
}

export function unitPriceCents(item: CartItem): number {
  return toCents(typeof item.price === "number" ? item.price : item.price.amount);
}

export function lineTotalCents(item: CartItem): number {
  return unitPriceCents(item) * item.quantity;
}

export interface CartTotals {
  /** Credit items, in integer cents of credits. */
  creditCents: number;
  /** Storefront items by currency code, in integer cents. */
  money: Record<string, number>;
}

/** Totals in integer cents: never float arithmetic on money. */
export function cartTotals(cart: CartState): CartTotals {
  const totals: CartTotals = { creditCents: 0, money: {} };
  for (const item of cart.items) {
    if (typeof item.price === "number") {
      totals.creditCents += lineTotalCents(item);
    } else {
      const code = item.price.currencyCode;
      totals.money[code] = (totals.money[code] ?? 0) + lineTotalCents(item);
    }
  }
  return totals;
}

/** A storefront product (it has a Shopify variant) enters the cart priced in money, others in credits. */
export function cartItemFor(product: Product, quantity: number): CartItem {
  if (!product.storefront) return creditItem(product, quantity);
  return {
    ...creditItem(product, quantity),
    variantId: product.storefront.variantId,
    price: { amount: product.storefront.price.amount, currencyCode: product.storefront.price.currencyCode },
  };
}

export const creditItems = (cart: CartState): CartItem[] => cart.items.filter(isCreditItem);
export const storefrontItems = (cart: CartState): CartItem[] =>
  cart.items.filter((item) => !isCreditItem(item));

/** A cart holding both kinds checks out each kind on its own: credits here, the rest on Shopify. */
export const hasBothKinds = (cart: CartState): boolean =>
  creditItems(cart).length > 0 && storefrontItems(cart).length > 0;

/** After a credit order: the credit items leave the cart; storefront items stay for their checkout. */
export const withoutCreditItems = (cart: CartState): CartState => ({ ...cart, items: storefrontItems(cart) });

/** Credit items check out with "Proceed to Checkout"; a storefront-only cart with the storefront. */
export function checkoutKind(cart: CartState): "credits" | "storefront" {
  return cart.items.some(isCreditItem) || cart.items.length === 0 ? "credits" : "storefront";
}

export function checkoutLabel(cart: CartState): string {
  if (cart.isLoading) return t("cart.creatingCheckout");
  return checkoutKind(cart) === "credits" ? t("cart.proceedToCheckout") : t("cart.checkoutWithShopify");
}

/** "Your cart is empty" or "N item(s) in your cart". */
export function cartDescription(cart: CartState): string {
  const count = itemCount(cart);
  return count === 0 ? t("cart.empty") : t("cart.itemCount", { count });
}

/** The options a credit product shows in the cart: its strain type and size (kept in English, as stored). */
export function productOptions(product: Product): { name: string; value: string }[] {
  const options: { name: string; value: string }[] = [];
  if (product.strainType) options.push({ name: "Strain", value: product.strainType });
  if (product.unitSize) options.push({ name: "Size", value: product.unitSize });
  return options;
}

/** The options' values, a strain type named in the app's language. */
export const optionsText = (item: CartItem): string =>
  item.selectedOptions
    .map((option) => (option.name === "Strain" ? strainText(option.value) : option.value))
    .join(" • ");

/** A credit-priced cart line for a catalogue product. */
export function creditItem(product: Product, quantity: number): CartItem {
  return {
    variantId: product.id,
    quantity,
    price: toCents(product.creditPrice) / 100,
    title: product.title,
    image: product.primaryImageUrl,
    selectedOptions: productOptions(product),
    product,
    handle: product.id,
  };
}

/** What adding does, for the button: "Add to Cart · 25.00 credits", or "· 2 for 50.00 credits". */
export function addToCartLabel(quantity: number, product: Parameters<typeof productPriceText>[0]): string {
  const count = Math.max(quantity, 1);
  const total = productPriceText(product, count);
  return count > 1 ? t("cart.addSeveral", { count, total }) : t("cart.addOne", { total });
}

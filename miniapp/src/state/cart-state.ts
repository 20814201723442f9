import type { Product } from "#api/contracts/products";
import type { MoneyAmount } from "../lib/format";

// The cart's shape and its stored form, apart from its rules (cart-rules.ts): the first screen's
// cart badge and sign-out need only these.

/** A cart item: credit items carry a number of credits, storefront items a money amount. */
export interface CartItem {
  /** The product id for credit items; the storefront variant id otherwise. */
  variantId: string;
  quantity: number;
  price: number | MoneyAmount;
  title: string;
  image: string | null;
  selectedOptions: { name: string; value: string }[];
  product: Product;
  /** The product id. */
  handle: string;
  /**
   * When the line was added or its quantity last changed (ms, this device's clock): when the kept
   * cart on the server holds the line too, the later change wins (decision 106).
   */
  changedAt?: number;
}

export interface CartState {
  items: CartItem[];
  cartId: string | null;
  checkoutUrl: string | null;
  isLoading: boolean;
}

export const CART_STORAGE_KEY = "shopify-cart";

export const emptyCart: CartState = { items: [], cartId: null, checkoutUrl: null, isLoading: false };

/** How many items the cart holds: the badge and "N item(s) in your cart". */
export function itemCount(cart: CartState): number {
  return cart.items.reduce((sum, line) => sum + line.quantity, 0);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function isCartItem(value: unknown): value is CartItem {
  if (!isRecord(value)) return false;
  const { variantId, quantity, price, title, selectedOptions, product } = value;
  const priceOk =
    (typeof price === "number" && Number.isFinite(price)) ||
    (isRecord(price) && typeof price.amount === "string" && typeof price.currencyCode === "string");
  return (
    typeof variantId === "string" &&
    typeof quantity === "number" &&
    Number.isInteger(quantity) &&
    quantity > 0 &&
    priceOk &&
    typeof title === "string" &&
    Array.isArray(selectedOptions) &&
    isRecord(product)
  );
}

/**
 * What localStorage held, made safe to use: unreadable lines are dropped, and a checkout that was
 * being created when the page closed is not "loading" any more.
 */
export function parseStoredCart(value: unknown): CartState {
  if (!isRecord(value)) return emptyCart;
  const items = Array.isArray(value.items) ? value.items.filter(isCartItem) : [];
  return {
    items: items.map((item) => ({
      ...item,
      image: typeof item.image === "string" ? item.image : null,
      changedAt: Number.isFinite(item.changedAt) ? item.changedAt : undefined,
    })),
    cartId: typeof value.cartId === "string" ? value.cartId : null,
    checkoutUrl: typeof value.checkoutUrl === "string" ? value.checkoutUrl : null,
    isLoading: false,
  };
}

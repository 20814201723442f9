import { describe, expect, it } from "vitest";
import {
  addItem,
  cartDescription,
  cartTotals,
  checkoutLabel,
  clearCart,
  creditItem,
  exceedsStock,
  optionsText,
  removeItem,
  setCheckout,
  setCheckoutLoading,
  updateQuantity,
} from "../../miniapp/src/shop/cart/cart-rules";
import {
  CART_STORAGE_KEY,
  type CartItem,
  type CartState,
  emptyCart,
  itemCount,
  parseStoredCart,
} from "../../miniapp/src/state/cart-state";
import { sampleProduct } from "../helpers/sample-product";

const product = sampleProduct;

const other = product({
  id: "92cd9171-3060-408a-a93b-e5f887b5edf1",
  title: "Cherry Wine",
  creditPrice: "0.10",
});

const storefrontItem = (quantity: number, amount = "12.50", currencyCode = "USD"): CartItem => ({
  ...creditItem(product({ id: "gid-product" }), quantity),
  variantId: `gid://shopify/ProductVariant/${currencyCode}`,
  price: { amount, currencyCode },
});

describe("cart rules", () => {
  it("persists under the spec's key", () => {
    expect(CART_STORAGE_KEY).toBe("shopify-cart");
    expect(emptyCart).toEqual({ items: [], cartId: null, checkoutUrl: null, isLoading: false });
  });

  it("makes a credit line of a product: id as variant and handle, price in credits, options", () => {
    const line = creditItem(product(), 2);
    expect(line).toMatchObject({
      variantId: product().id,
      handle: product().id,
      quantity: 2,
      price: 35,
      title: "Sour Space Candy",
      image: "/media/product-images/a.svg",
      selectedOptions: [
        { name: "Strain", value: "Sativa" },
        { name: "Size", value: "3.5g" },
      ],
    });
    expect(optionsText(line)).toBe("Sativa • 3.5g");
    expect(creditItem(product({ strainType: null, unitSize: null }), 1).selectedOptions).toEqual([]);
  });

  it("adding an existing variant adds to its quantity", () => {
    let cart = addItem(emptyCart, creditItem(product(), 2));
    cart = addItem(cart, creditItem(other, 1));
    cart = addItem(cart, creditItem(product(), 3));
    expect(cart.items).toHaveLength(2);
    expect(cart.items[0]?.quantity).toBe(5);
    expect(cart.items[1]?.quantity).toBe(1);
  });

  it("ignores adding nothing", () => {
    expect(addItem(emptyCart, creditItem(product(), 0))).toBe(emptyCart);
  });

  it("a quantity of 0 or less removes the line", () => {
    const cart = addItem(addItem(emptyCart, creditItem(product(), 2)), creditItem(other, 1));
    expect(updateQuantity(cart, product().id, 4).items[0]?.quantity).toBe(4);
    expect(updateQuantity(cart, product().id, 0).items.map((i) => i.variantId)).toEqual([other.id]);
    expect(updateQuantity(cart, product().id, -3).items.map((i) => i.variantId)).toEqual([other.id]);
    expect(removeItem(cart, other.id).items.map((i) => i.variantId)).toEqual([product().id]);
  });

  it("a change given as a function counts from the line as the cart holds it, not as a screen showed it", () => {
    const cart = addItem(emptyCart, creditItem(product(), 2));
    // Two taps on + handled from the same screen (both saw 2): the second still counts.
    const plusOne = (current: number) => current + 1;
    const twice = updateQuantity(updateQuantity(cart, product().id, plusOne), product().id, plusOne);
    expect(twice.items[0]?.quantity).toBe(4);
    // Down to 0 removes the line; a line that is not there is left alone.
    const minusTwo = (current: number) => current - 2;
    expect(updateQuantity(cart, product().id, minusTwo).items).toEqual([]);
    expect(updateQuantity(cart, "no-such-variant", plusOne)).toBe(cart);
  });

  it("clear empties items, cartId and checkoutUrl", () => {
    const cart: CartState = setCheckout(
      addItem(emptyCart, creditItem(product(), 1)),
      "cart-1",
      "https://shop/c",
    );
    expect(clearCart(cart)).toEqual({ items: [], cartId: null, checkoutUrl: null, isLoading: false });
  });

  it("checkout creation sets the loading flag, then stores the URL and clears the flag", () => {
    const loading = setCheckoutLoading(addItem(emptyCart, storefrontItem(1)), true);
    expect(loading.isLoading).toBe(true);
    expect(checkoutLabel(loading)).toBe("Creating Checkout...");
    const done = setCheckout(loading, "cart-1", "https://shop/checkout");
    expect(done).toMatchObject({ cartId: "cart-1", checkoutUrl: "https://shop/checkout", isLoading: false });
  });

  it("counts items by quantity and describes the cart", () => {
    expect(itemCount(emptyCart)).toBe(0);
    expect(cartDescription(emptyCart)).toBe("Your cart is empty");
    const cart = addItem(addItem(emptyCart, creditItem(product(), 2)), creditItem(other, 3));
    expect(itemCount(cart)).toBe(5);
    expect(cartDescription(cart)).toBe("5 item(s) in your cart");
    expect(cartDescription(addItem(emptyCart, creditItem(other, 1)))).toBe("1 item(s) in your cart");
  });

  it("totals in integer cents, without float drift", () => {
    // 0.10 three times is 0.30000000000000004 in floats; in cents it is 30.
    const cart = addItem(addItem(emptyCart, creditItem(product(), 3)), creditItem(other, 3));
    expect(cartTotals(cart)).toEqual({ creditCents: 35_00 * 3 + 30, money: {} });
    const mixed = addItem(addItem(cart, storefrontItem(2)), storefrontItem(1, "0.99", "EUR"));
    expect(cartTotals(mixed).money).toEqual({ USD: 2500, EUR: 99 });
  });

  it("labels checkout by what the cart holds", () => {
    expect(checkoutLabel(addItem(emptyCart, creditItem(product(), 1)))).toBe("Proceed to Checkout");
    expect(checkoutLabel(addItem(emptyCart, storefrontItem(1)))).toBe("Checkout with Shopify");
  });

  it("refuses to add more than the stock, counting what the cart already holds", () => {
    const cart = addItem(emptyCart, creditItem(product(), 8));
    expect(exceedsStock(cart, product().id, 2, 10)).toBe(false);
    expect(exceedsStock(cart, product().id, 3, 10)).toBe(true);
    expect(exceedsStock(emptyCart, product().id, 1, 0)).toBe(true);
    expect(exceedsStock(emptyCart, other.id, 10, 10)).toBe(false);
  });

  it("reads stored state defensively", () => {
    expect(parseStoredCart(null)).toEqual(emptyCart);
    expect(parseStoredCart("garbage")).toEqual(emptyCart);
    expect(parseStoredCart({ items: "nope" })).toEqual(emptyCart);
    const good = creditItem(product(), 2);
    const parsed = parseStoredCart({
      items: [good, { variantId: 1 }, { ...good, variantId: "x", quantity: 0 }],
      cartId: "c",
      checkoutUrl: "u",
      isLoading: true,
    });
    // A checkout in progress when the page closed is not loading any more.
    expect(parsed).toEqual({ items: [good], cartId: "c", checkoutUrl: "u", isLoading: false });
    expect(
      parseStoredCart(JSON.parse(JSON.stringify({ ...emptyCart, items: [storefrontItem(1)] }))).items,
    ).toHaveLength(1);
  });
});

import { describe, expect, it } from "vitest";
import { checkoutSchema, deliverySchema } from "#api/contracts/checkout";
import type { Product } from "#api/contracts/products";
import { checkWith } from "../../miniapp/src/lib/form-issues";
import {
  addItem,
  cartItemFor,
  checkoutKind,
  hasBothKinds,
  withoutCreditItems,
} from "../../miniapp/src/shop/cart/cart-rules";
import {
  creditOrder,
  creditTotalCents,
  OrderKeys,
  remainingAfterCents,
} from "../../miniapp/src/shop/checkout/checkout-rules";
import { emptyCart } from "../../miniapp/src/state/cart-state";
import { sampleProduct } from "../helpers/sample-product";

const product = (id: string, overrides: Partial<Product> = {}): Product =>
  sampleProduct({ id, title: `Product ${id.slice(0, 4)}`, creditPrice: "12.50", ...overrides });
const CREDIT = "6b90d89e-0eba-4295-8eba-69b506028a4b";
const STORE = "7c90d89e-0eba-4295-8eba-69b506028a4b";
const pipe = product(STORE, {
  storefront: {
    variantId: "gid://shopify/ProductVariant/42",
    price: { amount: "24.99", currencyCode: "USD" },
  },
});
const delivery = { name: " Ada ", address: "1 Main St", state: "CA" };

describe("storefront items in the cart", () => {
  it("a storefront product enters priced in money under its variant; others in credits", () => {
    expect(cartItemFor(pipe, 2)).toMatchObject({
      variantId: "gid://shopify/ProductVariant/42",
      price: { amount: "24.99", currencyCode: "USD" },
      handle: STORE,
    });
    expect(cartItemFor(product(CREDIT), 1)).toMatchObject({ variantId: CREDIT, price: 12.5 });
  });

  it("a cart of both kinds checks out each separately; a credit order leaves the store items", () => {
    const both = addItem(addItem(emptyCart, cartItemFor(product(CREDIT), 2)), cartItemFor(pipe, 1));
    expect(hasBothKinds(both)).toBe(true);
    expect(checkoutKind(both)).toBe("credits");
    const after = withoutCreditItems(both);
    expect(after.items.map((item) => item.variantId)).toEqual(["gid://shopify/ProductVariant/42"]);
    expect(checkoutKind(after)).toBe("storefront");
    expect(hasBothKinds(after)).toBe(false);
  });
});

describe("the credit order", () => {
  const cart = addItem(addItem(emptyCart, cartItemFor(product(CREDIT), 2)), cartItemFor(pipe, 1));

  it("holds the credit lines only, the delivery trimmed, and passes the server's contract", () => {
    const order = creditOrder(cart, delivery);
    expect(order).toEqual({
      lines: [{ productId: CREDIT, quantity: 2 }],
      delivery: { name: "Ada", address: "1 Main St", state: "CA" },
    });
    expect(checkoutSchema.safeParse(order).success).toBe(true);
    expect(creditTotalCents(cart)).toBe(2500);
  });

  it("says what remains after it, negative when over the budget", () => {
    expect(remainingAfterCents("30.00", 2500)).toBe(500);
    expect(remainingAfterCents("20.00", 2500)).toBe(-500);
  });

  it("asks for the name, the address and a state with the server's words (its contract)", () => {
    expect(checkWith(deliverySchema, { name: " ", address: "", state: "" })).toMatchObject({
      ok: false,
      fields: {
        name: "Please enter the recipient's name",
        address: "Please enter the delivery address",
        state: "Please choose a US state",
      },
    });
    expect(checkWith(deliverySchema, delivery)).toMatchObject({
      ok: true,
      data: { name: "Ada", state: "CA" },
    });
  });
});

describe("the Idempotency-Key", () => {
  it("stays for a retry of the same order, changes with the order or after the server answered", () => {
    let n = 0;
    const keys = new OrderKeys(() => `key-${++n}`);
    const order = creditOrder(addItem(emptyCart, cartItemFor(product(CREDIT), 1)), delivery);
    expect(keys.keyFor(order)).toBe("key-1");
    expect(keys.keyFor(order)).toBe("key-1");
    const more = creditOrder(addItem(emptyCart, cartItemFor(product(CREDIT), 2)), delivery);
    expect(keys.keyFor(more)).toBe("key-2");
    keys.answered();
    expect(keys.keyFor(more)).toBe("key-3");
  });
});

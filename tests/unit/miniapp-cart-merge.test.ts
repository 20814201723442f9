import { describe, expect, it } from "vitest";
import type { Cart } from "#api/contracts/cart";
import { linesKey, linesToKeep, mergeCarts } from "../../miniapp/src/shop/cart/cart-merge";
import { addItem, cartItemFor, creditItem, updateQuantity } from "../../miniapp/src/shop/cart/cart-rules";
import { emptyCart } from "../../miniapp/src/state/cart-state";
import { sampleProduct } from "../helpers/sample-product";

// Decision 106: at sign-in the device's cart and the kept one become their union; a product both
// hold takes the later change, the server's times read on the device's clock.
const a = sampleProduct({ id: "6b90d89e-0eba-4295-8eba-69b506028a4b", title: "A" });
const b = sampleProduct({ id: "92cd9171-3060-408a-a93b-e5f887b5edf1", title: "B" });
const c = sampleProduct({ id: "0f3c1a52-7d1e-4a8b-9c55-1b2a3c4d5e6f", title: "C" });

const T0 = Date.parse("2026-11-27T12:00:00.000Z");

/** The kept cart as GET /api/me/cart answers it, its clock `skew` ms ahead of the device's. */
function server(lines: { product: typeof a; quantity: number; at: number }[], skew = 0): Cart {
  return {
    items: lines.map((line) => ({
      productId: line.product.id,
      quantity: line.quantity,
      changedAt: new Date(line.at + skew).toISOString(),
      product: line.product,
    })),
    touchedAt: null,
    now: new Date(T0 + skew).toISOString(),
  };
}

const summary = (cart: typeof emptyCart) => cart.items.map((item) => [item.title, item.quantity]);

describe("merging the device's cart with the kept one", () => {
  it("keeps every line of either: the device's in order, then the server's others", () => {
    const local = addItem(emptyCart, creditItem(a, 1), T0 - 1000);
    const merged = mergeCarts(local, server([{ product: b, quantity: 2, at: T0 - 5000 }]), T0, cartItemFor);
    expect(summary(merged)).toEqual([
      ["A", 1],
      ["B", 2],
    ]);
    expect(merged.items[1]?.changedAt).toBe(T0 - 5000);
  });

  it("a product both hold takes the later change, whichever side made it", () => {
    let local = addItem(emptyCart, creditItem(a, 1), T0 - 10_000);
    local = addItem(local, creditItem(b, 1), T0 - 10_000);
    local = updateQuantity(local, b.id, 5, T0 - 1000);
    const merged = mergeCarts(
      local,
      server([
        { product: a, quantity: 4, at: T0 - 2000 },
        { product: b, quantity: 2, at: T0 - 5000 },
      ]),
      T0,
      cartItemFor,
    );
    expect(summary(merged)).toEqual([
      ["A", 4],
      ["B", 5],
    ]);
  });

  it("reads the server's times on the device's clock", () => {
    // The device changed A a second before the server's line, by the server's clock an hour ahead.
    const local = addItem(emptyCart, creditItem(a, 3), T0 - 1000);
    const hourAhead = 3_600_000;
    const merged = mergeCarts(
      local,
      server([{ product: a, quantity: 7, at: T0 - 2000 }], hourAhead),
      T0,
      cartItemFor,
    );
    expect(summary(merged)).toEqual([["A", 3]]);
  });

  it("a device line without a time (kept before times were) gives way to the server's", () => {
    const local = { ...emptyCart, items: [{ ...creditItem(a, 3) }] };
    expect(
      summary(mergeCarts(local, server([{ product: a, quantity: 1, at: T0 - 9999 }]), T0, cartItemFor)),
    ).toEqual([["A", 1]]);
  });

  it("an empty kept cart leaves the device's cart as it is; an empty device takes the kept one", () => {
    const local = addItem(addItem(emptyCart, creditItem(a, 1)), creditItem(c, 2));
    expect(mergeCarts(local, server([]), T0, cartItemFor).items).toEqual(local.items);
    expect(
      summary(mergeCarts(emptyCart, server([{ product: c, quantity: 2, at: T0 }]), T0, cartItemFor)),
    ).toEqual([["C", 2]]);
  });
});

describe("the lines the server keeps", () => {
  it("one per product id in lower case, quantities 1 to 99, at most 100 lines", () => {
    const upper = { ...creditItem(a, 120), handle: a.id.toUpperCase() };
    const cart = {
      ...emptyCart,
      items: [upper, creditItem(a, 2), creditItem(b, 1), { ...creditItem(c, 1), handle: "gid" }],
    };
    expect(linesToKeep(cart)).toEqual([
      { productId: a.id, quantity: 99 },
      { productId: b.id, quantity: 1 },
    ]);
    const many = {
      ...emptyCart,
      items: Array.from({ length: 120 }, (_, i) =>
        creditItem(sampleProduct({ id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}` }), 1),
      ),
    };
    expect(linesToKeep(many)).toHaveLength(100);
  });

  it("the same lines in another order are the same", () => {
    expect(
      linesKey([
        { productId: a.id, quantity: 1 },
        { productId: b.id, quantity: 2 },
      ]),
    ).toBe(
      linesKey([
        { productId: b.id, quantity: 2 },
        { productId: a.id, quantity: 1 },
      ]),
    );
  });
});

import type { Cart, CartLine } from "#api/contracts/cart";
import { MAX_CART_LINES, MAX_LINE_QUANTITY as MAX_QUANTITY } from "#api/contracts/cart-limits";
import type { Product } from "#api/contracts/products";
import type { CartItem, CartState } from "../../state/cart-state";

/** A product's cart line (cart-rules' cartItemFor, given by the caller so this file loads alone). */
export type LineOf = (product: Product, quantity: number) => CartItem;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A line as the kept cart on the server holds it. */
export interface SyncedLine {
  productId: string;
  quantity: number;
}

/**
 * The lines PUT /api/me/cart keeps: one per product (the line's product id, lower case), quantities
 * up to the most one line may hold, at most MAX_CART_LINES of them.
 */
export function linesToKeep(cart: CartState): SyncedLine[] {
  const lines = new Map<string, number>();
  for (const item of cart.items) {
    const productId = item.handle.toLowerCase();
    if (!UUID.test(productId) || lines.has(productId)) continue;
    lines.set(productId, Math.min(Math.max(1, item.quantity), MAX_QUANTITY));
  }
  return [...lines].slice(0, MAX_CART_LINES).map(([productId, quantity]) => ({ productId, quantity }));
}

/** A comparable form of the kept lines: the same lines in any order give the same key. */
export const linesKey = (lines: SyncedLine[]): string =>
  lines
    .map((line) => `${line.productId}:${line.quantity}`)
    .sort()
    .join(",");

function fromServer(lineOf: LineOf, line: CartLine, changedAt: number): CartItem {
  return { ...lineOf(line.product, Math.min(line.quantity, MAX_QUANTITY)), changedAt };
}

/**
 * At sign-in the device's cart and the member's kept cart become one: every line of either (a
 * union), and for a product both hold, the later change wins. The server's times are read on this
 * device's clock (the answer's `now` against `clientNow`); a device line with no time loses to the
 * server's. The device's lines keep their order; the server's others follow.
 */
export function mergeCarts(local: CartState, server: Cart, clientNow: number, lineOf: LineOf): CartState {
  const offset = Date.parse(server.now) - clientNow;
  const serverAt = (line: CartLine) => Date.parse(line.changedAt) - offset;
  const kept = new Map(server.items.map((line) => [line.productId.toLowerCase(), line]));
  const items = local.items.map((item) => {
    const line = kept.get(item.handle.toLowerCase());
    if (!line) return item;
    kept.delete(item.handle.toLowerCase());
    const at = serverAt(line);
    return at > (item.changedAt ?? Number.NEGATIVE_INFINITY) ? fromServer(lineOf, line, at) : item;
  });
  for (const line of kept.values()) items.push(fromServer(lineOf, line, serverAt(line)));
  return { ...local, items };
}

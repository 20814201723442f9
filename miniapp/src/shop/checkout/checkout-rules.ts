import { toCents } from "#api/contracts/cents";
import type { CheckoutInput } from "#api/contracts/checkout";
import type { CartState } from "../../state/cart-state";
import { creditItems, lineTotalCents } from "../cart/cart-rules";

/** The delivery fields as typed; deliverySchema (#api/contracts/checkout) checks them. */
export interface Delivery {
  name: string;
  address: string;
  state: string;
}

/** The credit order a cart makes: one line per product. */
export function creditOrder(cart: CartState, delivery: Delivery): CheckoutInput {
  return {
    lines: creditItems(cart).map((item) => ({ productId: item.variantId, quantity: item.quantity })),
    delivery: {
      name: delivery.name.trim(),
      address: delivery.address.trim(),
      state: delivery.state as CheckoutInput["delivery"]["state"],
    },
  };
}

export const creditTotalCents = (cart: CartState): number =>
  creditItems(cart).reduce((sum, item) => sum + lineTotalCents(item), 0);

/** What remains of this month's budget after the order (negative: the order is over it). */
export const remainingAfterCents = (remaining: string, totalCents: number): number =>
  toCents(remaining) - totalCents;

/**
 * The Idempotency-Key for an order: kept while the same order is retried after a lost answer (so it
 * is placed once), new when the order changes or the server has given a definite answer.
 */
export class OrderKeys {
  private body: string | null = null;
  private key = "";
  constructor(private readonly makeKey: () => string = () => crypto.randomUUID()) {}
  keyFor(order: CheckoutInput): string {
    const body = JSON.stringify(order);
    if (body !== this.body) {
      this.body = body;
      this.key = this.makeKey();
    }
    return this.key;
  }
  /** The server answered (an order or a refusal): the next attempt is a new checkout. */
  answered(): void {
    this.body = null;
  }
}

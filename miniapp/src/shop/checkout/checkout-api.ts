import type { CheckoutInput } from "#api/contracts/checkout";
import type { StorefrontCheckoutInput } from "#api/contracts/storefront";
import { api, call } from "../../lib/api";

export const fetchBudget = (signal: AbortSignal) => call(api.me.budget.$get(undefined, { init: { signal } }));

/** Places a credit order; the key makes a retry of the same order safe. */
export async function placeCreditOrder(order: CheckoutInput, key: string) {
  // call() throws for any refusal; the route's one success is 201 with the order.
  const body = await call(api.checkout.credits.$post({ json: order, header: { "idempotency-key": key } }));
  return body.order;
}

export const createStorefrontCheckout = (input: StorefrontCheckoutInput) =>
  call(api.checkout.storefront.$post({ json: input }));

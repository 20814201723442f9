import type { Context } from "hono";
import { type CheckoutInput, checkoutMessages } from "../contracts/checkout";
import type { ErrorCode } from "../contracts/errors";
import { stateName } from "../contracts/us-states";
import { errorResponse } from "../errors";
import type { CreditCheckout } from "../services/checkout";

type Refusal = Extract<CreditCheckout, { outcome: "refused" }>;
/** The codes a credit checkout's rules refuse with, so the route's declared statuses (403, 409, 422) cover them. */
type CheckoutRefusalCode = Extract<ErrorCode, "forbidden" | "conflict" | "unprocessable">;
type Wording<R> = { code: CheckoutRefusalCode; message: (refusal: R, input: CheckoutInput) => string };

/** Each rule that refuses a credit checkout: its answer's code (and so its status) and its message. */
const refusals: { [Reason in Refusal["reason"]]: Wording<Extract<Refusal, { reason: Reason }>> } = {
  age_required: { code: "forbidden", message: () => checkoutMessages.ageRequired },
  unavailable: {
    code: "unprocessable",
    message: ({ title }) => checkoutMessages.unavailable(title ?? "A product in your cart"),
  },
  restricted_state: {
    code: "unprocessable",
    message: ({ title }, input) => checkoutMessages.restricted(title ?? "", stateName(input.delivery.state)),
  },
  out_of_stock: { code: "conflict", message: ({ title }) => checkoutMessages.notEnoughStock(title ?? "") },
  over_budget: {
    code: "unprocessable",
    message: ({ remaining }) => checkoutMessages.budgetExceeded(remaining),
  },
};

/** A refused credit checkout as HTTP: the status of its rule's code, its message and the rule. */
export function checkoutRefusalResponse(c: Context, refusal: Refusal, input: CheckoutInput) {
  const wording = refusals[refusal.reason] as Wording<Refusal>;
  return errorResponse(c, wording.code, wording.message(refusal, input), {}, refusal.reason);
}

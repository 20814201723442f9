import { expect } from "vitest";
import type { FakeBotApi } from "./fake-bot-api";
import { eventually } from "./test-app";

let nextQuery = 1;

/** Telegram asks whether a payment may go ahead; resolves with the bot's answer. */
export async function preCheckout(
  fake: FakeBotApi,
  from: number,
  payload: string,
  amount: number,
  currency: string,
): Promise<{ ok: boolean; error_message?: string }> {
  const id = `q${nextQuery++}`;
  fake.push({
    pre_checkout_query: {
      id,
      from: { id: from, is_bot: false, first_name: "M" },
      currency,
      total_amount: amount,
      invoice_payload: payload,
    },
  });
  return eventually(async () => {
    const answer = fake.callsTo("answerPreCheckoutQuery").find((c) => c.payload.pre_checkout_query_id === id);
    expect(answer).toBeDefined();
    return answer?.payload as { ok: boolean; error_message?: string };
  });
}

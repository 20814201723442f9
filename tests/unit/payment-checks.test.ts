import { describe, expect, it } from "vitest";
import { mismatchOf } from "#api/domain/plans/payment-checks";

// A successful payment against its invoice (decision 116): the first rule it breaks, or none.
const invoice = { currency: "XTR", amount: 250, memberTelegramId: 5001n, tierActive: true };
const paid = { fromId: 5001, currency: "XTR", totalAmount: 250, renewal: false };

describe("a payment checked against its invoice", () => {
  it("matches when the invoice's member paid its amount in its currency for a tier still sold", () => {
    expect(mismatchOf(paid, invoice)).toBeUndefined();
    expect(
      mismatchOf(
        { ...paid, currency: "EUR", totalAmount: 2500 },
        { ...invoice, currency: "EUR", amount: 2500 },
      ),
    ).toBeUndefined();
  });

  it("names the first rule broken: the payer, then the currency, the amount, the tier", () => {
    expect(mismatchOf({ ...paid, fromId: 5002 }, invoice)).toBe("other_payer");
    expect(mismatchOf(paid, { ...invoice, memberTelegramId: null })).toBe("other_payer");
    expect(mismatchOf({ ...paid, currency: "USD" }, invoice)).toBe("currency");
    expect(mismatchOf({ ...paid, totalAmount: 1 }, invoice)).toBe("amount");
    expect(mismatchOf({ ...paid, totalAmount: 2_500 }, invoice)).toBe("amount");
    expect(mismatchOf(paid, { ...invoice, tierActive: false })).toBe("tier_not_sold");
    expect(mismatchOf({ ...paid, fromId: 5002, totalAmount: 1 }, { ...invoice, tierActive: false })).toBe(
      "other_payer",
    );
  });

  it("lets a Stars renewal through for a tier switched off: the member keeps the plan they hold", () => {
    expect(mismatchOf({ ...paid, renewal: true }, { ...invoice, tierActive: false })).toBeUndefined();
    // A renewal is still the invoice's member, amount and currency.
    expect(mismatchOf({ ...paid, renewal: true, totalAmount: 300 }, invoice)).toBe("amount");
    expect(mismatchOf({ ...paid, renewal: true, fromId: 5002 }, invoice)).toBe("other_payer");
  });
});

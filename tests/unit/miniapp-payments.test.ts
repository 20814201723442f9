import { beforeAll, describe, expect, it } from "vitest";
import type { StarPayment } from "#api/contracts/plan-payments";
import {
  payerName,
  paymentAmount,
  paymentBadge,
  refundWay,
  whyNotApplied,
} from "../../miniapp/src/admin/memberships/payment-rules";
import { i18n, loadAdminTexts } from "../../miniapp/src/i18n/i18n";

// The payments list's rules (decision 116), in English as Administration loads it.
beforeAll(async () => {
  await loadAdminTexts();
  i18n.activate("en");
});

const payment = (over: Partial<StarPayment> = {}): StarPayment => ({
  id: "0c4a6e3e-4d0b-4a43-9f25-3b8f2a7c1d01",
  userId: "7d2f0b8e-1c3a-4e5f-8a9b-0c1d2e3f4a01",
  userName: "Sam Stars",
  telegramId: "5001",
  tierName: "Premium",
  stars: 250,
  currency: "XTR",
  chargeId: "stxSam",
  providerChargeId: null,
  flag: null,
  renewal: false,
  paidAt: "2031-06-15T12:00:00.000Z",
  expiresAt: "2031-07-15T12:00:00.000Z",
  refundedAt: null,
  ...over,
});

describe("the payments list", () => {
  it("refunds Stars through Telegram and a provider's payment by marking it", () => {
    expect(refundWay(payment())).toBe("stars");
    expect(refundWay(payment({ currency: "EUR", providerChargeId: "pay_1" }))).toBe("provider");
  });

  it("badges a payment not applied: unmatched without an account of ours, flagged when it did not match; refunded above both", () => {
    expect(paymentBadge(payment())).toBeNull();
    expect(paymentBadge(payment({ flag: "account_gone", userId: null }))).toBe("unmatched");
    expect(paymentBadge(payment({ flag: "unknown_invoice", userId: null }))).toBe("unmatched");
    for (const flag of ["other_payer", "currency", "amount", "tier_not_sold"] as const)
      expect(paymentBadge(payment({ flag }))).toBe("flagged");
    expect(paymentBadge(payment({ flag: "amount", refundedAt: "2031-06-16T12:00:00.000Z" }))).toBe(
      "refunded",
    );
  });

  it("names the payer: the member, else their Telegram id for a payment not applied, else a deleted account", () => {
    expect(payerName(payment())).toBe("Sam Stars");
    expect(payerName(payment({ userName: null, flag: "account_gone" }))).toBe("Telegram user 5001");
    expect(payerName(payment({ userName: null }))).toBe("Deleted account");
  });

  it("says why a payment was not applied, and its amount in its currency", () => {
    expect(whyNotApplied(payment({ flag: "account_gone" }))).toBe(
      "Not applied: the account it was for has been deleted",
    );
    expect(whyNotApplied(payment({ flag: "amount" }))).toBe("Not applied: not the invoice's amount");
    expect(whyNotApplied(payment())).toBeNull();
    expect(paymentAmount(payment({ currency: "EUR", stars: 2500 }))).toBe("€25.00");
    expect(paymentAmount(payment({ currency: "USD", stars: 100 }))).toBe("$1.00");
    expect(paymentAmount(payment())).toBe("250 Stars");
  });
});

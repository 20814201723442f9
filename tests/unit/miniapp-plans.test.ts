import { catalogs } from "virtual:catalogs";
import { beforeAll, describe, expect, it } from "vitest";
import { planPaymentMessages } from "#api/contracts/plan-payments";
import { type Budget, planMessages, type Tier } from "#api/contracts/plans";
import { i18n } from "../../miniapp/src/i18n/i18n";
import {
  changeSentence,
  confirmationTitle,
  invoiceAmount,
  isUpgrade,
  moneyRemaining,
  monthlyValueLine,
  newCostText,
  PLAN_UPDATE_FAILED,
  perMonth,
  planAction,
  planChangedText,
  planPath,
  planPaymentTexts,
  requestLine,
  rolloverLine,
  selectableTiers,
  subscriptionLine,
  tierBadge,
  tierOption,
  tierSale,
} from "../../miniapp/src/plans/plan-rules";

// The texts are the English catalog's, as the app shows them in English.
beforeAll(async () => {
  i18n.load("en", (await catalogs.en?.app())?.default ?? {});
  i18n.activate("en");
});

function tier(displayName: string, priceMonthly: string, tierLevel: number): Tier {
  return {
    id: `00000000-0000-4000-8000-00000000000${tierLevel}`,
    name: displayName.toLowerCase(),
    displayName,
    priceMonthly,
    tierLevel,
    description: null,
    features: [],
    priceStars: null,
    trialDays: null,
  };
}

const free = tier("Free", "0.00", 1);
const basic = tier("Basic", "25.00", 2);
const premium = tier("Premium", "50.00", 3);

function budget(overrides: Partial<Budget> = {}): Budget {
  return {
    periodStart: "2025-06-01T00:00:00.000Z",
    periodEnd: "2025-07-01T00:00:00.000Z",
    monthly: "25.00",
    rollover: "0.00",
    credits: "0.00",
    spent: "0.00",
    remaining: "25.00",
    ...overrides,
  };
}

describe("the plan picker", () => {
  it("offers every tier above level 1, lowest level first", () => {
    expect(selectableTiers([premium, free, basic])).toEqual([basic, premium]);
    expect(selectableTiers([free])).toEqual([]);
  });

  it("reads prices as $price/month with two decimals, 25 when nothing is selected", () => {
    expect(perMonth("25")).toBe("$25.00/month");
    expect(perMonth("12.5")).toBe("$12.50/month");
    expect(perMonth("1250.00")).toBe("$1,250.00/month");
  });

  it("names each option's tier before its price (decision 123)", () => {
    expect(selectableTiers([premium, free, basic]).map(tierOption)).toEqual([
      "Basic · $25.00/month",
      "Premium · $50.00/month",
    ]);
  });

  it("labels the action button by the selected tier against the current one", () => {
    expect(planAction(basic, basic)).toBe("Current Plan");
    expect(planAction(basic, premium)).toBe("Upgrade Plan");
    expect(planAction(free, basic)).toBe("Upgrade Plan");
    expect(planAction(premium, basic)).toBe("Downgrade Plan");
    expect(planAction(null, basic)).toBe("Select Plan");
    expect(planAction(basic, null)).toBe("Select Plan");
  });
});

describe("the Money remaining panel and the budget lines", () => {
  it("is hidden when monthly + rollover + added credits is 0", () => {
    expect(moneyRemaining(budget({ monthly: "0.00", remaining: "0.00" }))).toBeNull();
    // Credits from a code or a reward, with no plan, make a budget too.
    expect(moneyRemaining(budget({ monthly: "0.00", credits: "12.00", remaining: "12.00" }))).toEqual({
      text: "$12.00 of $12.00",
      usedPercent: 0,
    });
  });

  it("shows remaining of monthly + rollover, two decimals, and how much is used", () => {
    expect(moneyRemaining(budget({ rollover: "5.00", spent: "10.00", remaining: "20.00" }))).toEqual({
      text: "$20.00 of $30.00",
      usedPercent: 33,
    });
    expect(moneyRemaining(budget())).toEqual({ text: "$25.00 of $25.00", usedPercent: 0 });
    // Rollover alone (no plan this month) still makes a budget.
    expect(moneyRemaining(budget({ monthly: "0.00", rollover: "7.5", remaining: "0.00" }))).toEqual({
      text: "$0.00 of $7.50",
      usedPercent: 100,
    });
  });

  it("says the monthly value, and the rollover (in green) only when there is some", () => {
    expect(monthlyValueLine(budget({ monthly: "50" }))).toBe("Up to $50.00 in monthly value");
    expect(rolloverLine(budget({ rollover: "12.34" }))).toBe("$12.34 rolled over from last month");
    expect(rolloverLine(budget())).toBeNull();
  });
});

describe("the confirmation", () => {
  it("is an upgrade for a higher level, or from no plan at all", () => {
    expect(isUpgrade(basic, premium)).toBe(true);
    expect(isUpgrade(null, basic)).toBe(true);
    expect(isUpgrade(premium, basic)).toBe(false);
    expect(confirmationTitle(basic, premium)).toBe("Upgrade Plan");
    expect(confirmationTitle(premium, basic)).toBe("Change Plan");
  });

  it("names both plans", () => {
    expect(changeSentence(basic, premium)).toBe("You are about to change from Basic to Premium.");
    expect(changeSentence(null, basic)).toBe("You are about to change from no plan to Basic.");
  });

  it("shows the new cost with the rise, or what it saves per month", () => {
    expect(newCostText(basic, premium)).toBe("New cost: $50.00/month (+$25.00)");
    expect(newCostText(premium, basic)).toBe("New cost: $25.00/month (saves $25.00/month)");
    expect(newCostText(null, basic)).toBe("New cost: $25.00/month (+$25.00)");
    expect(newCostText(tier("Old", "0.10", 2), tier("New", "0.30", 3))).toBe(
      "New cost: $0.30/month (+$0.20)",
    );
    expect(newCostText(basic, tier("Same", "25", 4))).toBe("New cost: $25.00/month");
  });

  it("toasts upgraded or changed, and fails with the spec's text", () => {
    expect(planChangedText({ upgraded: true, displayName: "Premium" })).toBe(
      "Your plan has been upgraded to Premium",
    );
    expect(planChangedText({ upgraded: false, displayName: "Basic" })).toBe(
      "Your plan has been changed to Basic",
    );
    expect(PLAN_UPDATE_FAILED).toBe(planMessages.updateFailed);
  });
});

describe("the memberships badge", () => {
  it("is Free for level 1 and Pro - <name> above it, credits / month shortened", () => {
    expect(tierBadge(free)).toBe("Free");
    expect(tierBadge(basic)).toBe("Pro - Basic");
    expect(tierBadge(tier("500 credits / month", "500", 5))).toBe("Pro - 500/mo");
  });
});

describe("paying for a plan", () => {
  const gold = { ...tier("Gold", "40.00", 4), priceStars: 250 };

  it("says the API's texts", () => {
    expect(planPaymentTexts.requested("Gold")).toBe(planPaymentMessages.requested("Gold"));
    expect(planPaymentTexts.requestPending("Gold")).toBe(planPaymentMessages.requestPending("Gold"));
    expect(planPaymentTexts.requestDeclined("Gold")).toBe(planPaymentMessages.requestDeclined("Gold"));
    expect(planPaymentTexts.payWithStars).toBe(planPaymentMessages.payWithStars);
    expect(planPaymentTexts.payByInvoice).toBe(planPaymentMessages.payByInvoice);
  });

  it("takes a tier at once, by request or for Stars as the server does", () => {
    expect(planPath("free", gold)).toBe("now");
    expect(planPath("manual", gold)).toBe("request");
    expect(planPath("stars", gold)).toBe("stars");
    // Not sold for Stars: requested from an admin; priced 0: always at once.
    expect(planPath("stars", basic)).toBe("request");
    expect(planPath("manual", free)).toBe("now");
    expect(planPath("stars", { ...free, priceStars: 10 })).toBe("now");
    // By provider invoice (decision 109): every paid tier, Stars price or not.
    expect(planPath("invoice", gold)).toBe("invoice");
    expect(planPath("invoice", basic)).toBe("invoice");
    expect(planPath("invoice", free)).toBe("now");
  });

  it("says how a paid tier is sold in the member's mode, as planPath takes it (decision 123)", () => {
    expect(tierSale("stars", null, gold)).toEqual({ kind: "stars", stars: 250 });
    // A Stars shop's paid tier without a Stars price: only an admin's approval gives it.
    expect(tierSale("stars", null, basic)).toEqual({ kind: "notForStars" });
    expect(tierSale("invoice", "EUR", basic)).toEqual({ kind: "invoice", amount: "€25.00" });
    // Nothing paid through Telegram: no line.
    expect(tierSale("free", null, gold)).toBeNull();
    expect(tierSale("manual", null, gold)).toBeNull();
    expect(tierSale("stars", null, free)).toBeNull();
    expect(tierSale("invoice", "EUR", free)).toBeNull();
  });

  it("tells the request's state and the subscription's renewal", () => {
    const request = { tierName: "Gold", status: "pending" as const };
    expect(requestLine(request)).toEqual({
      status: "pending",
      text: "Your request for Gold is waiting for an admin",
    });
    expect(requestLine({ ...request, status: "declined" })).toEqual({
      status: "declined",
      text: "Your request for Gold was declined",
    });
    expect(requestLine({ ...request, status: "approved" })).toBeNull();
    expect(requestLine(null)).toBeNull();
    const subscription = {
      expiresAt: "2025-07-15T12:00:00.000Z",
      renews: true,
      paymentDue: false,
      lapsesAt: "2025-07-18T12:00:00.000Z",
      currency: "XTR",
    };
    expect(subscriptionLine(subscription)).toEqual({
      state: "renews",
      text: "Paid with Telegram Stars · Renews on July 15, 2025",
    });
    expect(subscriptionLine({ ...subscription, renews: false, lapsesAt: subscription.expiresAt })).toEqual({
      state: "ends",
      text: "Renewal cancelled · Ends on July 15, 2025",
    });
    expect(subscriptionLine({ ...subscription, paymentDue: true })).toEqual({
      state: "due",
      text: "The renewal has not arrived. Your plan stays until July 18, 2025.",
    });
    // A plan paid by invoice is paid again by hand: its next payment, in its currency.
    expect(subscriptionLine({ ...subscription, currency: "EUR" })).toEqual({
      state: "renews",
      text: "Paid by card · Next payment on July 15, 2025",
    });
    expect(invoiceAmount("25.00", "EUR")).toBe("€25.00");
  });
});

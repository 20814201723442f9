import { describe, expect, it } from "vitest";
import {
  formatCreditCents,
  formatCredits,
  formatCurrencyCents,
  formatMemberCount,
  formatMoney,
  formatPercent,
  memberCountText,
  stockText,
} from "../../miniapp/src/lib/format";
import { startParamRoute } from "../../miniapp/src/telegram/start-param";

describe("member count", () => {
  it("is followed by the word members", () => {
    expect(memberCountText("26.2K")).toBe("26.2K members");
    expect(memberCountText(" 1.5M ")).toBe("1.5M members");
  });

  it("shortens a bare number the way the display text reads", () => {
    expect(formatMemberCount("26200")).toBe("26.2K");
    expect(formatMemberCount(26_290)).toBe("26.2K");
    expect(formatMemberCount("999")).toBe("999");
    expect(formatMemberCount("1000")).toBe("1K");
    expect(formatMemberCount("1250000")).toBe("1.2M");
    expect(formatMemberCount("2000000000")).toBe("2B");
    expect(memberCountText(0)).toBe("0 members");
  });
});

describe("prices", () => {
  it("shows credits with two decimals", () => {
    expect(formatCredits("25.00")).toBe("25.00 credits");
    expect(formatCredits("25")).toBe("25.00 credits");
    expect(formatCredits("7.5")).toBe("7.50 credits");
    expect(formatCredits(35)).toBe("35.00 credits");
    expect(formatCredits(0.1)).toBe("0.10 credits");
    expect(formatCreditCents(17_230)).toBe("172.30 credits");
    expect(formatCreditCents(0)).toBe("0.00 credits");
  });

  it("shows storefront money in its currency", () => {
    expect(formatMoney({ amount: "12.5", currencyCode: "USD" })).toBe("$12.50");
    expect(formatMoney({ amount: "3.00", currencyCode: "eur" })).toBe("€3.00");
    expect(formatCurrencyCents(1999, "CHF")).toBe("19.99 CHF");
  });

  it("shows percentages and stock", () => {
    expect(formatPercent("17.80")).toBe("17.8%");
    expect(formatPercent("0.25")).toBe("0.25%");
    expect(formatPercent("20.00")).toBe("20%");
    expect(stockText(48)).toBe("48 in stock");
    expect(stockText(0)).toBe("Out of stock");
  });
});

describe("Telegram start parameter", () => {
  it("product_<id> opens that product", () => {
    const id = "6b90d89e-0eba-4295-8eba-69b506028a4b";
    expect(startParamRoute(`product_${id}`)).toBe(`/product/${id}`);
    expect(startParamRoute(`product_${id.toUpperCase()}`)).toBe(`/product/${id}`);
    expect(startParamRoute("product_garbage")).toBeNull();
    expect(startParamRoute("ref_123")).toBeNull();
    expect(startParamRoute(undefined)).toBeNull();
  });
});

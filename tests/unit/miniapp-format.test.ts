import { describe, expect, it } from "vitest";
import { startParamRoute } from "#api/contracts/app-links";
import {
  formatCreditCents,
  formatCredits,
  formatCurrencyCents,
  formatPercent,
  memberCountText,
  stockText,
} from "../../miniapp/src/lib/format";
import { addToCartLabel } from "../../miniapp/src/shop/cart/cart-rules";

describe("member count", () => {
  it("is followed by the word members", () => {
    expect(memberCountText("26.2K")).toBe("26.2K members");
    expect(memberCountText(" 1.5M ")).toBe("1.5M members");
  });

  it("shows the admin's text as typed, a bare number included", () => {
    expect(memberCountText("26200")).toBe("26200 members");
    expect(memberCountText("26,200")).toBe("26,200 members");
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

  it("groups thousands in credits and money", () => {
    expect(formatCreditCents(123_456_789)).toBe("1,234,567.89 credits");
    expect(formatCredits("1000")).toBe("1,000.00 credits");
    expect(formatCredits("999.99")).toBe("999.99 credits");
    expect(formatCurrencyCents(-1_234_500, "USD")).toBe("-$12,345.00");
    expect(formatCurrencyCents(100_000, "CHF")).toBe("1,000.00 CHF");
  });

  it("shows storefront money in its currency", () => {
    expect(formatCurrencyCents(1250, "USD")).toBe("$12.50");
    expect(formatCurrencyCents(300, "eur")).toBe("€3.00");
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

describe("the Add to Cart button", () => {
  it("says the quantity and what it costs", () => {
    const credits = (creditPrice: string) => ({ creditPrice, storefront: null });
    expect(addToCartLabel(1, credits("25.00"))).toBe("Add to Cart · 25.00 credits");
    expect(addToCartLabel(3, credits("17.5"))).toBe("Add to Cart · 3 for 52.50 credits");
    expect(addToCartLabel(40, credits("35"))).toBe("Add to Cart · 40 for 1,400.00 credits");
    // A store item says its Shopify price, not the credits it is never sold for.
    const storeItem = { creditPrice: "1.00", storefront: { price: { amount: "24.5", currencyCode: "USD" } } };
    expect(addToCartLabel(1, storeItem)).toBe("Add to Cart · $24.50");
    expect(addToCartLabel(2, storeItem)).toBe("Add to Cart · 2 for $49.00");
  });
});

describe("Telegram start parameter", () => {
  it("product_<id> opens that product", () => {
    const id = "6b90d89e-0eba-4295-8eba-69b506028a4b";
    expect(startParamRoute(`product_${id}`)).toBe(`/product/${id}`);
    expect(startParamRoute(`product_${id.toUpperCase()}`)).toBe(`/product/${id}`);
    expect(startParamRoute("product_garbage")).toBeNull();
    // A message link opens the feed at that message.
    expect(startParamRoute(`msg_${id}`)).toBe(`/?message=${id}`);
    expect(startParamRoute("msg_nonsense")).toBeNull();
    expect(startParamRoute("ref_123")).toBeNull();
    expect(startParamRoute(undefined)).toBeNull();
  });
});

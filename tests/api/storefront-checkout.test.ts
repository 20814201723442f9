import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productSchema } from "#api/contracts/products";
import { storefrontCartSchema } from "#api/contracts/storefront";
import { products } from "#db/schema/index";
import { post } from "../helpers/accounts";
import { startFakeStorefront } from "../helpers/fake-storefront";
import { startTestApp, type TestApp } from "../helpers/test-app";

const TOKEN = "shpat_private_storefront_token";
const VARIANT = "gid://shopify/ProductVariant/4242";
const OFF_VARIANT = "gid://shopify/ProductVariant/4343";
let shop: Awaited<ReturnType<typeof startFakeStorefront>>;
let t: TestApp;
let productId: string;

beforeAll(async () => {
  shop = await startFakeStorefront();
  t = await startTestApp({
    env: { SHOPIFY_STOREFRONT_TOKEN: TOKEN, SHOPIFY_API_URL: shop.url, TRUST_PROXY: "true" },
  });
  const rows = await t.services.database.db
    .insert(products)
    .values([
      {
        title: "Glass Pipe",
        creditPrice: "1.00",
        storefrontVariantId: VARIANT,
        storefrontPrice: "24.99",
        storefrontCurrency: "USD",
      },
      {
        title: "Retired Pipe",
        creditPrice: "1.00",
        isActive: false,
        storefrontVariantId: OFF_VARIANT,
        storefrontPrice: "9.00",
        storefrontCurrency: "USD",
      },
    ])
    .returning();
  productId = rows[0]?.id ?? "";
});
afterAll(async () => {
  await t.close();
  await shop.close();
});

const checkout = (lines: unknown, headers: Record<string, string> = {}) =>
  t.app.request("/api/checkout/storefront", post({ lines }, headers));
const errorBody = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string; reason?: string } }).error;

describe("storefront items", () => {
  it("carry their variant and money price in the catalogue", async () => {
    const res = await t.app.request(`/api/products/${productId}`);
    expect(productSchema.parse(await res.json()).storefront).toEqual({
      variantId: VARIANT,
      price: { amount: "24.99", currencyCode: "USD" },
    });
  });
});

describe("POST /api/checkout/storefront", () => {
  it("creates the cart from the server with the private token and the buyer's address; channel=online_store", async () => {
    const res = await checkout([{ merchandiseId: VARIANT, quantity: 2 }], {
      "x-forwarded-for": "203.0.113.7",
    });
    expect(res.status).toBe(200);
    const cart = storefrontCartSchema.parse(await res.json());
    expect(cart.totalQuantity).toBe(2);
    expect(new URL(cart.checkoutUrl).searchParams.get("channel")).toBe("online_store");
    expect(new URL(cart.checkoutUrl).searchParams.get("key")).toBe("abc");
    const call = shop.calls.at(-1);
    expect(call?.headers["shopify-storefront-private-token"]).toBe(TOKEN);
    expect(call?.headers["shopify-storefront-buyer-ip"]).toBe("203.0.113.7");
    expect(call?.query).toContain("cartCreate(input: $input)");
    expect(call?.variables).toEqual({ input: { lines: [{ merchandiseId: VARIANT, quantity: 2 }] } });
    expect(JSON.stringify(cart)).not.toContain(TOKEN);
  });

  it("answers the spec's messages for each failure Shopify can give", async () => {
    const cases: [Parameters<typeof shop.answerNext>[0], number, string, string | undefined][] = [
      [{ kind: "status", status: 402 }, 502, "Shopify Payment required", "storefront_payment_required"],
      [{ kind: "status", status: 500 }, 502, "HTTP error! status: 500", undefined],
      [
        { kind: "graphqlErrors", messages: ["Throttled", "Busy"] },
        502,
        "Error calling Shopify: Throttled, Busy",
        undefined,
      ],
      [
        { kind: "userErrors", messages: ["Variant is sold out"] },
        422,
        "Cart creation failed: Variant is sold out",
        undefined,
      ],
      [{ kind: "cart", checkoutUrl: null }, 502, "No checkout URL returned from Shopify", undefined],
      [{ kind: "notJson" }, 502, "Failed to create cart", undefined],
    ];
    for (const [answer, status, message, reason] of cases) {
      shop.answerNext(answer);
      const res = await checkout([{ merchandiseId: VARIANT, quantity: 1 }]);
      expect(res.status).toBe(status);
      const error = await errorBody(res);
      expect(error.message).toBe(message);
      expect(error.reason).toBe(reason);
    }
  });

  it("sends only variants of active products in the catalogue; bad bodies are 400", async () => {
    const before = shop.calls.length;
    for (const variant of [OFF_VARIANT, "gid://shopify/ProductVariant/1"]) {
      const res = await checkout([{ merchandiseId: variant, quantity: 1 }]);
      expect(res.status).toBe(422);
      expect((await errorBody(res)).message).toBe("An item in your cart is not sold in the storefront");
    }
    for (const lines of [
      [],
      [{ merchandiseId: "gid://shopify/Product/1", quantity: 1 }],
      [{ merchandiseId: VARIANT, quantity: 0 }],
    ]) {
      expect((await checkout(lines)).status).toBe(400);
    }
    expect(shop.calls.length).toBe(before);
  });

  it("without a connected store says so", async () => {
    const bare = await startTestApp();
    try {
      const res = await bare.app.request(
        "/api/checkout/storefront",
        post({ lines: [{ merchandiseId: VARIANT, quantity: 1 }] }),
      );
      expect(res.status).toBe(503);
      expect((await errorBody(res)).message).toBe("The storefront is not connected");
    } finally {
      await bare.close();
    }
  });

  it("an unreachable store is 'Failed to create cart'", async () => {
    const gone = await startTestApp({
      env: { SHOPIFY_STOREFRONT_TOKEN: TOKEN, SHOPIFY_API_URL: "http://127.0.0.1:9/graphql" },
    });
    try {
      await gone.services.database.db.insert(products).values({
        title: "Pipe",
        creditPrice: "1.00",
        storefrontVariantId: VARIANT,
        storefrontPrice: "5.00",
        storefrontCurrency: "USD",
      });
      const res = await gone.app.request(
        "/api/checkout/storefront",
        post({ lines: [{ merchandiseId: VARIANT, quantity: 1 }] }),
      );
      expect(res.status).toBe(502);
      expect((await errorBody(res)).message).toBe("Failed to create cart");
    } finally {
      await gone.close();
    }
  });
});

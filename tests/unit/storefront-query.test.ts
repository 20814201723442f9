import { createRequire } from "node:module";
import { buildClientSchema, type IntrospectionQuery, parse, validate } from "graphql";
import { describe, expect, it } from "vitest";
import { STOREFRONT_API_VERSION } from "#api/contracts/storefront";
import { CART_CREATE, storefrontEndpoint } from "#api/domain/ports/shopify-storefront";

// Shopify's published Storefront schema for 2025-07, as @shopify/hydrogen-react 2025.7.x ships it.
const require = createRequire(import.meta.url);
const introspection = require("@shopify/hydrogen-react/storefront.schema.json") as IntrospectionQuery;
const hydrogenVersion = (require("@shopify/hydrogen-react/package.json") as { version: string }).version;
const schema = buildClientSchema(introspection);

describe("the Storefront cartCreate query", () => {
  it("is checked against the schema of the API version it names", () => {
    expect(STOREFRONT_API_VERSION).toBe("2025-07");
    expect(hydrogenVersion).toMatch(/^2025\.7\./);
  });

  it("is valid against Shopify's 2025-07 schema", () => {
    expect(validate(schema, parse(CART_CREATE)).map((e) => e.message)).toEqual([]);
  });

  it("the check can fail: a field the schema lacks is reported", () => {
    const wrong = CART_CREATE.replace("checkoutUrl", "checkoutLink");
    expect(validate(schema, parse(wrong)).map((e) => e.message)).toEqual([
      'Cannot query field "checkoutLink" on type "Cart". Did you mean "checkoutUrl"?',
    ]);
  });
});

describe("the Storefront endpoint", () => {
  it("is SHOPIFY_API_URL, else the store's 2025-07 endpoint, and nothing without a token", () => {
    const token = { SHOPIFY_STOREFRONT_TOKEN: "shpat_x", SHOPIFY_API_URL: undefined };
    expect(storefrontEndpoint({ ...token, SHOPIFY_STORE_DOMAIN: "shop.myshopify.com" })).toBe(
      "https://shop.myshopify.com/api/2025-07/graphql.json",
    );
    expect(
      storefrontEndpoint({
        ...token,
        SHOPIFY_STORE_DOMAIN: "a.b",
        SHOPIFY_API_URL: "http://127.0.0.1:9/graphql",
      }),
    ).toBe("http://127.0.0.1:9/graphql");
    expect(
      storefrontEndpoint({
        SHOPIFY_STOREFRONT_TOKEN: undefined,
        SHOPIFY_STORE_DOMAIN: "a.b",
        SHOPIFY_API_URL: undefined,
      }),
    ).toBeUndefined();
  });
});

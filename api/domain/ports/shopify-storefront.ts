import { STOREFRONT_API_VERSION, storefrontMessages } from "#api/contracts/storefront";
import type { Config } from "#api/process/config";

/** The Storefront API's cartCreate, reading what the cart needs (validated against the 2025-07 schema in a unit test). */
export const CART_CREATE = `mutation CartCreate($input: CartInput!) {
  cartCreate(input: $input) {
    cart {
      id
      checkoutUrl
      totalQuantity
      cost {
        totalAmount { amount currencyCode }
        subtotalAmount { amount currencyCode }
      }
      lines(first: 100) {
        edges { node { id quantity merchandise { ... on ProductVariant { id } } } }
      }
    }
    userErrors { code field message }
    warnings { code message target }
  }
}`;

/** SHOPIFY_API_URL (tests, proxies) or the store's own endpoint; undefined when not connected. */
export function storefrontEndpoint(
  config: Pick<Config, "SHOPIFY_API_URL" | "SHOPIFY_STORE_DOMAIN" | "SHOPIFY_STOREFRONT_TOKEN">,
): string | undefined {
  if (!config.SHOPIFY_STOREFRONT_TOKEN) return undefined;
  if (config.SHOPIFY_API_URL) return config.SHOPIFY_API_URL;
  return config.SHOPIFY_STORE_DOMAIN
    ? `https://${config.SHOPIFY_STORE_DOMAIN}/api/${STOREFRONT_API_VERSION}/graphql.json`
    : undefined;
}

/** A failure with the message the shopper sees (decision 029); `paymentRequired` for Shopify's 402. */
export class StorefrontError extends Error {
  constructor(
    message: string,
    readonly kind: "payment_required" | "user_errors" | "upstream",
  ) {
    super(message);
  }
}

interface CartCreateAnswer {
  data?: {
    cartCreate?: {
      cart?: { id: string; checkoutUrl: string | null; totalQuantity: number } | null;
      userErrors?: { message: string }[];
    } | null;
  };
  errors?: { message: string }[];
}

const TIMEOUT_MS = 15_000;

/**
 * Creates a Shopify cart from the server with the private token (it never reaches the browser) and
 * the buyer's address, and answers its id, checkout URL (with channel=online_store) and quantity.
 */
export async function createStorefrontCart(
  endpoint: string,
  token: string,
  lines: { merchandiseId: string; quantity: number }[],
  buyerIp: string | undefined,
): Promise<{ cartId: string; checkoutUrl: string; totalQuantity: number }> {
  let res: Response;
  try {
    res = await fetch(endpoint, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "Shopify-Storefront-Private-Token": token,
        ...(buyerIp ? { "Shopify-Storefront-Buyer-IP": buyerIp } : {}),
      },
      body: JSON.stringify({ query: CART_CREATE, variables: { input: { lines } } }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw new StorefrontError(storefrontMessages.failed, "upstream");
  }
  if (res.status === 402) throw new StorefrontError(storefrontMessages.paymentRequired, "payment_required");
  if (!res.ok) throw new StorefrontError(storefrontMessages.httpError(res.status), "upstream");
  const body = (await res.json().catch(() => undefined)) as CartCreateAnswer | undefined;
  if (!body) throw new StorefrontError(storefrontMessages.failed, "upstream");
  if (body.errors?.length) {
    throw new StorefrontError(
      storefrontMessages.graphqlErrors(body.errors.map((e) => e.message).join(", ")),
      "upstream",
    );
  }
  const created = body.data?.cartCreate;
  if (created?.userErrors?.length) {
    throw new StorefrontError(
      storefrontMessages.userErrors(created.userErrors.map((e) => e.message).join(", ")),
      "user_errors",
    );
  }
  const cart = created?.cart;
  if (!cart) throw new StorefrontError(storefrontMessages.failed, "upstream");
  if (!cart.checkoutUrl) throw new StorefrontError(storefrontMessages.noCheckoutUrl, "upstream");
  const url = new URL(cart.checkoutUrl);
  url.searchParams.set("channel", "online_store");
  return { cartId: cart.id, checkoutUrl: url.toString(), totalQuantity: cart.totalQuantity };
}

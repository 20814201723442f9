import type { StorefrontCart, StorefrontCheckoutInput } from "#api/contracts/storefront";
import { activeStorefrontVariants } from "#db/queries/catalogue/products";
import type { ServiceContext } from "../context";
import { createStorefrontCart, StorefrontError, storefrontEndpoint } from "../ports/shopify-storefront";
import { Refusal } from "../refusal";

/**
 * A Shopify cart for the storefront items of a cart, made by the server (the token stays here).
 * Only variants of active products in our catalogue are sent. Shopify's failures keep the original
 * product's messages (decision 029): Shopify's payment-required answer names the billing plan
 * (storefront_payment_required), its user errors are storefront_refused, the rest storefront_failed.
 */
export async function checkoutWithStorefront(
  ctx: ServiceContext,
  input: StorefrontCheckoutInput,
  buyerIp: string | undefined,
): Promise<StorefrontCart> {
  const endpoint = storefrontEndpoint(ctx.config);
  const token = ctx.config.SHOPIFY_STOREFRONT_TOKEN;
  if (!endpoint || !token) throw new Refusal("storefront_not_configured");
  const known = await activeStorefrontVariants(
    ctx.db,
    input.lines.map((line) => line.merchandiseId),
  );
  if (input.lines.some((line) => !known.has(line.merchandiseId))) {
    throw new Refusal("unknown_item");
  }
  try {
    const cart = await createStorefrontCart(endpoint, token, input.lines, buyerIp);
    ctx.metrics.checkouts.inc({ kind: "storefront", outcome: "placed" });
    return cart;
  } catch (error) {
    ctx.metrics.checkouts.inc({
      kind: "storefront",
      outcome: error instanceof StorefrontError ? error.kind : "failed",
    });
    if (!(error instanceof StorefrontError)) throw error;
    if (error.kind === "payment_required") {
      throw new Refusal("storefront_payment_required", { message: error.message });
    }
    ctx.log.warn("storefront cart failed", { error: error.message });
    throw error.kind === "user_errors"
      ? new Refusal("storefront_refused", { message: error.message })
      : new Refusal("storefront_failed", { message: error.message });
  }
}

import { activeStorefrontVariants } from "#db/queries/products";
import {
  type StorefrontCart,
  type StorefrontCheckoutInput,
  storefrontMessages,
} from "../contracts/storefront";
import { AppError } from "../errors";
import {
  createStorefrontCart,
  StorefrontError,
  storefrontEndpoint,
} from "../integrations/shopify-storefront";
import type { ServiceContext } from "./context";

/**
 * A Shopify cart for the storefront items of a cart, made by the server (the token stays here).
 * Only variants of active products in our catalogue are sent. Shopify's failures keep the spec's
 * messages: 402 names the billing plan (reason storefront_payment_required), user errors are 422,
 * the rest 502.
 */
export async function checkoutWithStorefront(
  ctx: ServiceContext,
  input: StorefrontCheckoutInput,
  buyerIp: string | undefined,
): Promise<StorefrontCart> {
  const endpoint = storefrontEndpoint(ctx.config);
  const token = ctx.config.SHOPIFY_STOREFRONT_TOKEN;
  if (!endpoint || !token) throw new AppError("unavailable", storefrontMessages.notConfigured);
  const known = await activeStorefrontVariants(
    ctx.db,
    input.lines.map((line) => line.merchandiseId),
  );
  if (input.lines.some((line) => !known.has(line.merchandiseId))) {
    throw new AppError("unprocessable", storefrontMessages.unknownItem);
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
      throw new AppError("bad_gateway", error.message).because("storefront_payment_required");
    }
    ctx.log.warn("storefront cart failed", { error: error.message });
    throw new AppError(error.kind === "user_errors" ? "unprocessable" : "bad_gateway", error.message);
  }
}

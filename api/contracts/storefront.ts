import { z } from "zod";
import { storefrontMessages } from "./storefront-messages";

export { storefrontMessages };

/** Shopify's Storefront API version the cart is created with. */
export const STOREFRONT_API_VERSION = "2025-07";
export const MAX_STOREFRONT_LINES = 100;

export const storefrontCheckoutSchema = z.object({
  lines: z
    .array(
      z.object({
        merchandiseId: z
          .string()
          .regex(/^gid:\/\/shopify\/ProductVariant\/\d+$/, storefrontMessages.unknownItem),
        quantity: z.number().int().min(1).max(99),
      }),
    )
    .min(1)
    .max(MAX_STOREFRONT_LINES),
});
export type StorefrontCheckoutInput = z.infer<typeof storefrontCheckoutSchema>;

export const storefrontCartSchema = z.object({
  cartId: z.string(),
  /** Shopify's checkout page with channel=online_store. */
  checkoutUrl: z.string(),
  totalQuantity: z.number().int(),
});
export type StorefrontCart = z.infer<typeof storefrontCartSchema>;

import { z } from "zod";

/** Whether the signed-in member waits for the product to come back in stock. */
export const stockAlertSchema = z.object({ waiting: z.boolean() });
export type StockAlert = z.infer<typeof stockAlertSchema>;

export const stockAlertMessages = {
  productNotFound: "Product not found",
  inStock: "This product is in stock: add it to your cart instead",
} as const;

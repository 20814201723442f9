import { z } from "zod";
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from "./cart-limits";
import { idSchema } from "./ids";
import { productSchema } from "./products";

export const cartMessages = {
  tooManyLines: "A cart holds at most 100 products",
  eachProductOnce: "Each product once",
  quantity: "A quantity is a whole number from 1 to 99",
} as const;

const cartLineInputSchema = z.object({
  productId: idSchema(),
  quantity: z
    .number(cartMessages.quantity)
    .int(cartMessages.quantity)
    .min(1, cartMessages.quantity)
    .max(MAX_LINE_QUANTITY, cartMessages.quantity),
});

/**
 * PUT /api/me/cart: the whole cart as the member holds it now (decision 106). Ids are read in lower
 * case, each product once; products the shop does not sell (unknown, deleted, hidden) are dropped.
 */
export const cartInputSchema = z.object({
  items: z
    .array(cartLineInputSchema)
    .max(MAX_CART_LINES, cartMessages.tooManyLines)
    .refine(
      (lines) => new Set(lines.map((l) => l.productId)).size === lines.length,
      cartMessages.eachProductOnce,
    ),
});
export type CartInput = z.infer<typeof cartInputSchema>;

export const cartLineSchema = z.object({
  productId: z.uuid(),
  quantity: z.number().int(),
  /** When this line was added or its quantity last changed: the merge keeps the later change. */
  changedAt: z.string(),
  product: productSchema,
});
export type CartLine = z.infer<typeof cartLineSchema>;

/** The member's kept cart: its lines, the products as the catalogue shows them, and the server's clock. */
export const cartSchema = z.object({
  items: z.array(cartLineSchema),
  /** The last real change; null when the member never kept a cart. */
  touchedAt: z.string().nullable(),
  /** The server's time when answering: a client compares its own clock to read `changedAt`. */
  now: z.string(),
});
export type Cart = z.infer<typeof cartSchema>;

import { z } from "zod";
import { MAX_LINE_QUANTITY } from "./cart-limits";
import { idSchema } from "./ids";
import { moneySchema } from "./money";
import { usStateCodes } from "./us-states";

export const checkoutMessages = {
  emptyCart: "Your cart is empty",
  nameRequired: "Please enter the recipient's name",
  addressRequired: "Please enter the delivery address",
  stateRequired: "Please choose a US state",
  keyRequired: "An Idempotency-Key header (8 to 100 characters) is required",
  keyReused: "This Idempotency-Key was used for a different checkout",
  ageRequired: "You must be 21+ to order",
  notEnoughStock: (title: string) => `Not enough stock available: ${title}`,
  budgetExceeded: (remaining: string) => `This order is over your budget: $${remaining} remains this month`,
  unavailable: (title: string) => `${title} is no longer available`,
  restricted: (title: string, state: string) => `${title} cannot be delivered to ${state}`,
  orderNotFound: "Order not found",
  badTransition: "This order can no longer change",
} as const;

export const MAX_LINES = 50;
export const MAX_QUANTITY = MAX_LINE_QUANTITY;

const lineSchema = z.object({
  productId: idSchema(),
  quantity: z.number().int().min(1).max(MAX_QUANTITY),
});

/** Where a credit order goes; the checkout form checks its fields with it too. */
export const deliverySchema = z.object({
  name: z.string().trim().min(1, checkoutMessages.nameRequired).max(200),
  address: z.string().trim().min(1, checkoutMessages.addressRequired).max(500),
  state: z.enum(usStateCodes, checkoutMessages.stateRequired),
});

export const checkoutSchema = z.object({
  lines: z
    .array(lineSchema)
    .min(1, checkoutMessages.emptyCart)
    .max(MAX_LINES)
    // One line per product: quantities of a product are added on the client, never sent twice. The
    // ids are lower case by now, so two spellings of one id are one product here as in Postgres.
    .refine((lines) => new Set(lines.map((l) => l.productId)).size === lines.length, "Each product once"),
  delivery: deliverySchema,
});
export type CheckoutInput = z.infer<typeof checkoutSchema>;

/** The Idempotency-Key header: the client makes one per checkout attempt (a UUID fits). */
export const idempotencyKeySchema = z
  .string({ error: checkoutMessages.keyRequired })
  .regex(/^[A-Za-z0-9_-]{8,100}$/, checkoutMessages.keyRequired);

export const orderStatuses = ["placed", "fulfilled", "cancelled"] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const orderLineSchema = z.object({
  productId: z.uuid().nullable(),
  title: z.string(),
  unitPrice: moneySchema,
  quantity: z.number().int(),
  subtotal: moneySchema,
});

export const orderSchema = z.object({
  id: z.uuid(),
  number: z.number().int(),
  status: z.enum(orderStatuses),
  total: moneySchema,
  lines: z.array(orderLineSchema),
  delivery: z.object({ name: z.string(), address: z.string(), state: z.string() }),
  createdAt: z.string(),
});
export type Order = z.infer<typeof orderSchema>;

export const orderResultSchema = z.object({ order: orderSchema });
export const ordersSchema = z.object({ orders: z.array(orderSchema) });

/** Staff move a placed order on: fulfilled, or cancelled (stock and spending given back). */
export const orderStatusChangeSchema = z.object({ status: z.enum(["fulfilled", "cancelled"]) });
export const orderListQuerySchema = z.object({ status: z.enum(orderStatuses).optional() });

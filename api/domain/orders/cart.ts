import type { Cart, CartInput } from "#api/contracts/cart";
import { toProduct } from "#api/domain/catalogue";
import { readCart, removeOrderedLines, replaceCart } from "#db/queries/orders/carts";
import type { ServiceContext } from "../context";

/** GET /api/me/cart: the member's kept cart (decision 106), products as the catalogue shows them. */
export async function keptCart(
  { db, now }: Pick<ServiceContext, "db" | "now">,
  userId: string,
): Promise<Cart> {
  const cart = await readCart(db, userId);
  return {
    items: cart.lines.map((line) => ({
      productId: line.productId,
      quantity: line.quantity,
      changedAt: line.changedAt.toISOString(),
      product: toProduct(line.product),
    })),
    touchedAt: cart.touchedAt?.toISOString() ?? null,
    now: now().toISOString(),
  };
}

/**
 * PUT /api/me/cart: the cart becomes the lines given (products the shop does not sell dropped);
 * its touched_at, from which a reminder counts, moves only on a real change. Answers the cart kept.
 */
export async function keepCart(
  ctx: Pick<ServiceContext, "db" | "now">,
  userId: string,
  input: CartInput,
): Promise<Cart> {
  await replaceCart(ctx.db, userId, input.items, ctx.now());
  return keptCart(ctx, userId);
}

/** A credit order was placed: its products leave the kept cart, which is not called back (decision 106). */
export const forgetOrderedLines = (
  { db }: Pick<ServiceContext, "db">,
  userId: string,
  productIds: string[],
): Promise<void> => removeOrderedLines(db, userId, productIds);

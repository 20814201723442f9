import type { StockAlert } from "#api/contracts/stock-alerts";
import { findActiveProduct } from "#db/queries/catalogue/products";
import { addStockAlert, hasStockAlert, removeStockAlert } from "#db/queries/catalogue/stock-alerts";
import type { ServiceContext } from "../context";
import { Refusal } from "../refusal";
import { queueStockAlerts } from "./stock-alert-delivery";

/** `productId` comes canonical (lower case) from the route's validator. */
async function activeProduct(ctx: ServiceContext, productId: string) {
  const product = await findActiveProduct(ctx.db, productId);
  if (!product) throw new Refusal("product_not_found");
  return product;
}

export async function stockAlertOf(
  ctx: ServiceContext,
  userId: string,
  productId: string,
): Promise<StockAlert> {
  const product = await activeProduct(ctx, productId);
  return { waiting: await hasStockAlert(ctx.db, userId, product.id) };
}

/** The member waits for an out-of-stock product; one in stock is a conflict (add it to the cart instead). */
export async function waitForStock(
  ctx: ServiceContext,
  userId: string,
  productId: string,
): Promise<StockAlert> {
  const product = await activeProduct(ctx, productId);
  if (product.stockQuantity > 0) throw new Refusal("in_stock");
  await addStockAlert(ctx.db, userId, product.id);
  return { waiting: true };
}

/** The member no longer waits (also when they never did). */
export async function stopWaitingForStock(
  ctx: ServiceContext,
  userId: string,
  productId: string,
): Promise<StockAlert> {
  const product = await activeProduct(ctx, productId);
  await removeStockAlert(ctx.db, userId, product.id);
  return { waiting: false };
}

/**
 * After a stock change has committed: the alerts of those products now in stock are queued in the
 * background (queueStockAlerts). Never throws: the stock change stands either way.
 */
export function announceRestock(ctx: ServiceContext, productIds: string[]): void {
  if (productIds.length === 0) return;
  ctx.background.run("back-in-stock alerts", () => queueStockAlerts(ctx, { productIds }));
}

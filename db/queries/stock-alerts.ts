import { and, eq, gt, inArray } from "drizzle-orm";
import type { Db } from "../client";
import { products, stockAlerts } from "../schema/index";

/** Whether the member waits for the product. */
export async function hasStockAlert(db: Db, userId: string, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: stockAlerts.userId })
    .from(stockAlerts)
    .where(and(eq(stockAlerts.userId, userId), eq(stockAlerts.productId, productId)));
  return row !== undefined;
}

/** The member waits for the product (again: a second ask changes nothing). */
export async function addStockAlert(db: Db, userId: string, productId: string): Promise<void> {
  await db.insert(stockAlerts).values({ userId, productId }).onConflictDoNothing();
}

export async function removeStockAlert(db: Db, userId: string, productId: string): Promise<void> {
  await db
    .delete(stockAlerts)
    .where(and(eq(stockAlerts.userId, userId), eq(stockAlerts.productId, productId)));
}

/**
 * Takes the alerts of those products that are active and in stock, in one statement: a restock
 * racing another finds the rows already taken (the second delete waits for the first and then
 * sees them gone), so each waiting member is returned once.
 */
export async function claimStockAlerts(
  db: Db,
  productIds: string[],
): Promise<{ userId: string; productId: string }[]> {
  if (productIds.length === 0) return [];
  const restocked = db
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, productIds), eq(products.isActive, true), gt(products.stockQuantity, 0)));
  return db
    .delete(stockAlerts)
    .where(inArray(stockAlerts.productId, restocked))
    .returning({ userId: stockAlerts.userId, productId: stockAlerts.productId });
}

import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../client";
import { products } from "../schema/index";

export type ProductRow = typeof products.$inferSelect;

/** The public catalogue: active products, newest first. */
export function listActiveProducts(db: Db): Promise<ProductRow[]> {
  return db.select().from(products).where(eq(products.isActive, true)).orderBy(desc(products.createdAt));
}

export async function findActiveProduct(db: Db, id: string): Promise<ProductRow | undefined> {
  const rows = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.isActive, true)))
    .limit(1);
  return rows[0];
}

/** Which of these storefront variants belong to active products. */
export async function activeStorefrontVariants(db: Db, variantIds: string[]): Promise<Set<string>> {
  const rows = await db
    .select({ variantId: products.storefrontVariantId })
    .from(products)
    .where(and(inArray(products.storefrontVariantId, variantIds), eq(products.isActive, true)));
  return new Set(rows.flatMap((row) => (row.variantId ? [row.variantId] : [])));
}

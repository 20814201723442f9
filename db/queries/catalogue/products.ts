import { and, desc, eq, inArray, or } from "drizzle-orm";
import type { Db } from "../../client";
import { products } from "../../schema";
import { containsText } from "../search";

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

/**
 * A page of the public catalogue for inline mode and sharing (decision 110): active products whose
 * title or description holds `text` (ignoring case; all of them when it is empty), newest first,
 * the id breaking ties; `limit` + 1 rows are read so the caller knows whether a next page exists.
 */
export function searchListedProducts(
  db: Db,
  { text, offset, limit }: { text: string; offset: number; limit: number },
): Promise<ProductRow[]> {
  const words = text.trim();
  return db
    .select()
    .from(products)
    .where(
      and(
        eq(products.isActive, true),
        words
          ? or(containsText(products.title, words), containsText(products.description, words))
          : undefined,
      ),
    )
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limit + 1)
    .offset(offset);
}

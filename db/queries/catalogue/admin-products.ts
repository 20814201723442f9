import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { Db } from "../../client";
import { products } from "../../schema";
import { containsText } from "../search";
import type { ProductRow } from "./products";

export type ProductValues = Omit<typeof products.$inferInsert, "id" | "createdAt" | "updatedAt">;

export interface ProductFilter {
  search?: string | undefined;
  strain?: string | undefined;
  category?: string | undefined;
  status: "active" | "inactive" | "all";
}

function where(filter: ProductFilter): SQL | undefined {
  return and(
    filter.search ? containsText(products.title, filter.search) : undefined,
    filter.strain ? eq(products.strainType, filter.strain) : undefined,
    filter.category ? eq(products.category, filter.category) : undefined,
    filter.status === "all" ? undefined : eq(products.isActive, filter.status === "active"),
  );
}

/** One page of the staff's product list, newest first, and how many match in all. */
export async function listProductsForStaff(
  db: Db,
  filter: ProductFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: ProductRow[]; total: number }> {
  const condition = where(filter);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(products)
      .where(condition)
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(products).where(condition),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

export async function findProduct(db: Db, id: string): Promise<ProductRow | undefined> {
  const rows = await db.select().from(products).where(eq(products.id, id)).limit(1);
  return rows[0];
}

export async function insertProduct(db: Db, values: ProductValues): Promise<ProductRow> {
  const [row] = await db.insert(products).values(values).returning();
  if (!row) throw new Error("insert returned no product");
  return row;
}

export async function updateProduct(
  db: Db,
  id: string,
  values: Partial<ProductValues>,
): Promise<ProductRow | undefined> {
  const [row] = await db.update(products).set(values).where(eq(products.id, id)).returning();
  return row;
}

/**
 * Reads the product locked for one transaction and writes what `change` makes of it, so changes
 * that build on the row (appending images, replacing a file) never lose one another's. Undefined
 * when there is no such product; what `change` throws rolls the transaction back.
 */
export async function changeLockedProduct(
  db: Db,
  id: string,
  change: (row: ProductRow) => Partial<ProductValues>,
): Promise<{ before: ProductRow; after: ProductRow } | undefined> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(products).where(eq(products.id, id)).for("update");
    if (!before) return undefined;
    const [after] = await tx.update(products).set(change(before)).where(eq(products.id, id)).returning();
    if (!after) throw new Error("update returned no product");
    return { before, after };
  });
}

import { and, asc, eq, gt, inArray, notInArray, sql } from "drizzle-orm";
import type { Db } from "../../client";
import { cartItems, carts, products, profiles, users } from "../../schema";
import type { ProductRow } from "../catalogue/products";
import { botWritableSql, verifiedEmailSql } from "../messaging/recipients";

export interface KeptCartLine {
  productId: string;
  quantity: number;
  /** When the line was added or its quantity last changed (cart_items.added_at). */
  changedAt: Date;
  product: ProductRow;
}

export interface KeptCart {
  touchedAt: Date | null;
  lines: KeptCartLine[];
}

/** A member's kept cart: the lines of products the shop still sells, oldest first. */
export async function readCart(db: Db, userId: string): Promise<KeptCart> {
  const [cart] = await db.select({ touchedAt: carts.touchedAt }).from(carts).where(eq(carts.userId, userId));
  if (!cart) return { touchedAt: null, lines: [] };
  const rows = await db
    .select({ line: cartItems, product: products })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(and(eq(cartItems.userId, userId), eq(products.isActive, true)))
    .orderBy(asc(cartItems.addedAt), asc(cartItems.productId));
  return {
    touchedAt: cart.touchedAt,
    lines: rows.map(({ line, product }) => ({
      productId: line.productId,
      quantity: line.quantity,
      changedAt: line.addedAt,
      product,
    })),
  };
}

/**
 * Makes the member's kept cart hold exactly `lines` (each product once, ids in lower case), in one
 * transaction under the cart's row lock. Products the shop does not sell (unknown, deleted, hidden)
 * are dropped. A line that is new or whose quantity changed is stamped `at`; the cart's touched_at
 * moves only when something the member sees changed. Returns whether it did.
 */
export async function replaceCart(
  db: Db,
  userId: string,
  lines: { productId: string; quantity: number }[],
  at: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const ids = lines.map((line) => line.productId);
    const sold =
      ids.length === 0
        ? new Set<string>()
        : new Set(
            (
              await tx
                .select({ id: products.id })
                .from(products)
                .where(and(inArray(products.id, ids), eq(products.isActive, true)))
            ).map((row) => row.id),
          );
    const wanted = new Map(
      lines.filter((line) => sold.has(line.productId)).map((l) => [l.productId, l.quantity]),
    );

    const [existingCart] = await tx
      .select({ userId: carts.userId })
      .from(carts)
      .where(eq(carts.userId, userId));
    if (!existingCart) {
      if (wanted.size === 0) return false;
      await tx.insert(carts).values({ userId, touchedAt: at }).onConflictDoNothing();
    }
    // The row lock: two saves of one cart take turns.
    await tx.select({ userId: carts.userId }).from(carts).where(eq(carts.userId, userId)).for("update");

    const held = await tx
      .select({ productId: cartItems.productId, quantity: cartItems.quantity, active: products.isActive })
      .from(cartItems)
      .innerJoin(products, eq(products.id, cartItems.productId))
      .where(eq(cartItems.userId, userId));
    // Lines of products hidden since are not the member's to see: they go without counting as a change.
    const visible = new Map(held.filter((row) => row.active).map((row) => [row.productId, row.quantity]));
    const changed = [...wanted].filter(([id, quantity]) => visible.get(id) !== quantity);
    const removed = [...visible.keys()].some((id) => !wanted.has(id));

    await tx
      .delete(cartItems)
      .where(
        wanted.size === 0
          ? eq(cartItems.userId, userId)
          : and(eq(cartItems.userId, userId), notInArray(cartItems.productId, [...wanted.keys()])),
      );
    if (changed.length > 0) {
      await tx
        .insert(cartItems)
        .values(changed.map(([productId, quantity]) => ({ userId, productId, quantity, addedAt: at })))
        .onConflictDoUpdate({
          target: [cartItems.userId, cartItems.productId],
          set: { quantity: sql`excluded.quantity`, addedAt: sql`excluded.added_at` },
        });
    }
    const real = changed.length > 0 || removed;
    if (real) await tx.update(carts).set({ touchedAt: at }).where(eq(carts.userId, userId));
    return real;
  });
}

/**
 * After a checkout: the ordered products leave the member's kept cart, and the cart as it stands
 * counts as reminded (reminded_for = touched_at), so a cart that checked out is never called back;
 * a later change by the member makes a new version that may be.
 */
export async function removeOrderedLines(db: Db, userId: string, productIds: string[]): Promise<void> {
  if (productIds.length === 0) return;
  await db.transaction(async (tx) => {
    const [cart] = await tx
      .select({ userId: carts.userId })
      .from(carts)
      .where(eq(carts.userId, userId))
      .for("update");
    if (!cart) return;
    await tx
      .delete(cartItems)
      .where(and(eq(cartItems.userId, userId), inArray(cartItems.productId, productIds)));
    await tx.update(carts).set({ remindedFor: carts.touchedAt }).where(eq(carts.userId, userId));
  });
}

/** A cart due its one reminder, locked for the caller's transaction. */
export interface DueCart {
  userId: string;
  touchedAt: Date;
  telegramId: bigint | null;
  botWritable: boolean;
  verifiedEmail: string | null;
  language: string | null;
  /** Its lines in stock, oldest first. */
  lines: { title: string; quantity: number }[];
}

/**
 * Carts untouched since `cutoff`, not reminded for this version (reminded_for is distinct from
 * touched_at), whose member has cart reminders on and which hold a product in stock: at most
 * `limit`, locked (FOR UPDATE SKIP LOCKED) so that concurrent runs take different carts. Run it in
 * the transaction that marks them reminded.
 */
export async function lockDueCarts(tx: Db, cutoff: Date, limit: number): Promise<DueCart[]> {
  const inStock = and(eq(products.isActive, true), gt(products.stockQuantity, 0));
  const due = await tx
    .select({
      userId: carts.userId,
      touchedAt: carts.touchedAt,
      telegramId: users.telegramId,
      botWritable: botWritableSql.mapWith(Boolean),
      verifiedEmail: verifiedEmailSql,
      language: profiles.language,
    })
    .from(carts)
    .innerJoin(users, eq(users.id, carts.userId))
    .leftJoin(profiles, eq(profiles.id, carts.userId))
    .where(
      and(
        sql`${carts.touchedAt} <= ${cutoff.toISOString()}::timestamptz`,
        sql`${carts.remindedFor} is distinct from ${carts.touchedAt}`,
        sql`coalesce(${profiles.cartReminders}, true)`,
        sql`exists (select 1 from ${cartItems} join ${products} on ${products.id} = ${cartItems.productId} where ${cartItems.userId} = ${carts.userId} and ${inStock})`,
      ),
    )
    .orderBy(asc(carts.touchedAt))
    .limit(limit)
    .for("update", { of: carts, skipLocked: true });
  if (due.length === 0) return [];
  const lines = await tx
    .select({ userId: cartItems.userId, title: products.title, quantity: cartItems.quantity })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(
      and(
        inArray(
          cartItems.userId,
          due.map((cart) => cart.userId),
        ),
        inStock,
      ),
    )
    .orderBy(asc(cartItems.addedAt), asc(cartItems.productId));
  return due.map((cart) => ({
    ...cart,
    lines: lines
      .filter((line) => line.userId === cart.userId)
      .map(({ title, quantity }) => ({ title, quantity })),
  }));
}

/** Marks these carts (locked by lockDueCarts) reminded for the version they hold. */
export async function markReminded(tx: Db, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  await tx
    .update(carts)
    .set({ remindedFor: sql`${carts.touchedAt}` })
    .where(inArray(carts.userId, userIds));
}

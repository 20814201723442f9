import { and, asc, desc, eq, gte, inArray, sql } from "drizzle-orm";
import type { Db } from "../client";
import { checkoutRequests, orderLines, orders, products, profiles, userSpending } from "../schema/index";
import { passedAgeGate } from "./channel";

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type OrderWithLines = OrderRow & { lines: OrderLineRow[] };

/**
 * Takes the Idempotency-Key for this checkout inside its transaction. A second request with the key
 * blocks on the first one's uncommitted row, then finds it: `undefined` means the key is ours now.
 */
export async function claimCheckoutKey(db: Db, userId: string, key: string, requestHash: string) {
  const [claimed] = await db
    .insert(checkoutRequests)
    .values({ userId, key, requestHash })
    .onConflictDoNothing()
    .returning({ key: checkoutRequests.key });
  if (claimed) return undefined;
  const [existing] = await db
    .select()
    .from(checkoutRequests)
    .where(and(eq(checkoutRequests.userId, userId), eq(checkoutRequests.key, key)));
  return existing;
}

export async function saveCheckoutAnswer(
  db: Db,
  userId: string,
  key: string,
  status: number,
  response: unknown,
) {
  await db
    .update(checkoutRequests)
    .set({ status, response })
    .where(and(eq(checkoutRequests.userId, userId), eq(checkoutRequests.key, key)));
}

/** Locks the buyer's profile for the checkout (one checkout per member at a time); past the age gate or not. */
export async function lockBuyer(db: Db, userId: string): Promise<{ ageVerified: boolean } | undefined> {
  const [row] = await db
    .select({ ageVerified: passedAgeGate(profiles.ageVerified) })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .for("update", { of: profiles });
  return row;
}

export const productsByIds = (db: Db, ids: string[]) =>
  db
    .select({
      id: products.id,
      title: products.title,
      creditPrice: products.creditPrice,
      isActive: products.isActive,
      restrictedStates: products.restrictedStates,
      stockQuantity: products.stockQuantity,
    })
    .from(products)
    .where(inArray(products.id, ids));

/** Takes stock only where enough remains: the stock left, or undefined when it did not. */
export async function takeStock(db: Db, productId: string, quantity: number): Promise<number | undefined> {
  const [row] = await db
    .update(products)
    .set({ stockQuantity: sql`${products.stockQuantity} - ${quantity}` })
    .where(
      and(eq(products.id, productId), eq(products.isActive, true), gte(products.stockQuantity, quantity)),
    )
    .returning({ left: products.stockQuantity });
  return row?.left;
}

/** The order, its lines at the price of the moment, and what it spends of this month's budget. */
export async function insertOrder(
  db: Db,
  order: {
    userId: string;
    total: string;
    delivery: { name: string; address: string; state: string };
    lines: { productId: string; title: string; unitCredits: string; quantity: number }[];
    period: { start: Date; end: Date };
    at: Date;
  },
): Promise<OrderWithLines> {
  const [row] = await db
    .insert(orders)
    .values({
      userId: order.userId,
      totalCredits: order.total,
      deliveryName: order.delivery.name,
      deliveryAddress: order.delivery.address,
      deliveryState: order.delivery.state,
      createdAt: order.at,
    })
    .returning();
  if (!row) throw new Error("order insert returned nothing");
  const lines = await db
    .insert(orderLines)
    .values(order.lines.map((line) => ({ ...line, orderId: row.id })))
    .returning();
  await db.insert(userSpending).values({
    userId: order.userId,
    amount: order.total,
    description: `Order #${row.number}`,
    periodStart: order.period.start,
    periodEnd: order.period.end,
    orderId: row.id,
    createdAt: order.at,
  });
  return { ...row, lines };
}

async function withLines(db: Db, rows: OrderRow[]): Promise<OrderWithLines[]> {
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(orderLines)
    .where(
      inArray(
        orderLines.orderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(orderLines.createdAt), asc(orderLines.id));
  return rows.map((row) => ({ ...row, lines: lines.filter((l) => l.orderId === row.id) }));
}

/** A member's orders, newest first (one page). */
export async function ordersOfMember(db: Db, userId: string, limit: number): Promise<OrderWithLines[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.number))
    .limit(limit);
  return withLines(db, rows);
}

/** Every order (or those in one status), newest first (one page), for staff. */
export async function listOrders(
  db: Db,
  status: string | undefined,
  limit: number,
): Promise<OrderWithLines[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(status ? eq(orders.status, status) : undefined)
    .orderBy(desc(orders.createdAt), desc(orders.number))
    .limit(limit);
  return withLines(db, rows);
}

export async function findOrder(db: Db, id: string): Promise<OrderWithLines | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row ? (await withLines(db, [row]))[0] : undefined;
}

/**
 * Moves a placed order on, once (a second change at the same moment finds it moved). Cancelling
 * gives the stock back and removes the order's spending, in the same transaction.
 */
export async function moveOrder(db: Db, id: string, status: "fulfilled" | "cancelled"): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [moved] = await tx
      .update(orders)
      .set({ status })
      .where(and(eq(orders.id, id), eq(orders.status, "placed")))
      .returning({ id: orders.id });
    if (!moved) return false;
    if (status === "cancelled") {
      const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, id));
      for (const line of lines.sort((a, b) => String(a.productId).localeCompare(String(b.productId)))) {
        if (!line.productId) continue;
        await tx
          .update(products)
          .set({ stockQuantity: sql`${products.stockQuantity} + ${line.quantity}` })
          .where(eq(products.id, line.productId));
      }
      await tx.delete(userSpending).where(eq(userSpending.orderId, id));
    }
    return true;
  });
}

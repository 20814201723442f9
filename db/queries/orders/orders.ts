import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { type Db, executeRows } from "../../client";
import { orderLines, orders, products, userSpending } from "../../schema";

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type OrderWithLines = OrderRow & { lines: OrderLineRow[] };

/** An order as the checkout writes it: what the answer shows. */
export type PlacedOrder = Pick<
  OrderRow,
  | "id"
  | "number"
  | "status"
  | "totalCredits"
  | "deliveryName"
  | "deliveryAddress"
  | "deliveryState"
  | "createdAt"
> & { lines: Pick<OrderLineRow, "productId" | "title" | "unitCredits" | "quantity">[] };

/** Why a credit checkout was refused: each rule by its name (the API words the answer). */
export type CheckoutRefusal =
  | { reason: "age_required" }
  | { reason: "unavailable" | "restricted_state" | "out_of_stock"; title: string | null }
  | { reason: "over_budget"; remaining: string };

/** What a checkout came to: an order placed, or the rule that refused it. */
export type CheckoutResult =
  | ({ outcome: "refused" } & CheckoutRefusal)
  | {
      outcome: "placed";
      order: PlacedOrder;
      /** The stock each product has left after this order. */
      stock: { title: string; quantity: number; left: number }[];
    };

/** credit_checkout's answer: this request's result, or the result kept with its key earlier. */
export type CheckoutOutcome =
  | CheckoutResult
  | { outcome: "earlier"; requestHash: string; earlier: CheckoutResult };

/** JSON carries the order's time as text. */
function withDates(result: CheckoutResult): CheckoutResult {
  if (result.outcome === "placed") result.order.createdAt = new Date(result.order.createdAt);
  return result;
}

/**
 * A credit checkout in one statement (credit_checkout, db/functions/credit_checkout.sql): in
 * the member's turn, the Idempotency-Key's earlier result, or the rules checked and the order written with its
 * stock and spending (or the reason it was refused, with nothing written) and kept with the key.
 */
export async function placeCreditOrder(
  db: Db,
  order: {
    userId: string;
    key: string;
    requestHash: string;
    lines: { productId: string; quantity: number }[];
    delivery: { name: string; address: string; state: string };
    at: Date;
  },
): Promise<CheckoutOutcome> {
  const lines = order.lines.map((line, position) => ({ ...line, position }));
  const [row] = await executeRows<{ outcome: CheckoutOutcome }>(
    db,
    sql`select credit_checkout(${order.userId}, ${order.key}, ${order.requestHash}, ${JSON.stringify(lines)}::jsonb, ${order.delivery.name}, ${order.delivery.address}, ${order.delivery.state}, ${order.at.toISOString()}::timestamptz) as outcome`,
  );
  const outcome = row?.outcome;
  if (!outcome) throw new Error("credit_checkout returned nothing");
  return outcome.outcome === "earlier"
    ? { ...outcome, earlier: withDates(outcome.earlier) }
    : withDates(outcome);
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
 * Moves a placed order on, once (a second change at the same moment finds it moved: undefined).
 * Cancelling gives the stock back and removes the order's spending, in the same transaction; the
 * answer names the products whose stock came back (none for a fulfilment).
 */
export async function moveOrder(
  db: Db,
  id: string,
  status: "fulfilled" | "cancelled",
): Promise<string[] | undefined> {
  return db.transaction(async (tx) => {
    const [moved] = await tx
      .update(orders)
      .set({ status })
      .where(and(eq(orders.id, id), eq(orders.status, "placed")))
      .returning({ id: orders.id });
    if (!moved) return undefined;
    const restocked: string[] = [];
    if (status === "cancelled") {
      const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, id));
      for (const line of lines.sort((a, b) => String(a.productId).localeCompare(String(b.productId)))) {
        if (!line.productId) continue;
        await tx
          .update(products)
          .set({ stockQuantity: sql`${products.stockQuantity} + ${line.quantity}` })
          .where(eq(products.id, line.productId));
        restocked.push(line.productId);
      }
      await tx.delete(userSpending).where(eq(userSpending.orderId, id));
    }
    return restocked;
  });
}

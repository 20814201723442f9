import { createHash } from "node:crypto";
import type { CheckoutInput, Order, OrderStatus } from "#api/contracts/checkout";
import { isUuid } from "#api/contracts/ids";
import { fromCents, toCents } from "#api/contracts/money";
import { announceRestock } from "#api/domain/catalogue";
import {
  type CheckoutRefusal,
  type CheckoutResult,
  findOrder,
  listOrders,
  moveOrder,
  ordersOfMember,
  type PlacedOrder,
  placeCreditOrder,
} from "#db/queries/orders/orders";
import type { ServiceContext } from "../context";
import { Refusal } from "../refusal";
import { forgetOrderedLines } from "./cart";
import {
  noticeMemberCancelled,
  noticeNewOrder,
  noticeOrderStatus,
  type StockCrossing,
} from "./order-notifications";

const PAGE = 100;

export const orderOf = (row: PlacedOrder): Order => ({
  id: row.id,
  number: row.number,
  status: row.status as OrderStatus,
  total: row.totalCredits,
  lines: row.lines.map((line) => ({
    productId: line.productId,
    title: line.title,
    unitPrice: line.unitCredits,
    quantity: line.quantity,
    subtotal: fromCents(toCents(line.unitCredits) * line.quantity),
  })),
  delivery: { name: row.deliveryName, address: row.deliveryAddress, state: row.deliveryState },
  createdAt: row.createdAt.toISOString(),
});

/** A refused credit checkout as the domain's refusal, named for its rule with what its words need. */
function refusalOf(refused: CheckoutRefusal, input: CheckoutInput): Refusal {
  switch (refused.reason) {
    case "age_required":
      return new Refusal("age_required");
    case "unavailable":
    case "out_of_stock":
      return new Refusal(refused.reason, { title: refused.title });
    case "restricted_state":
      return new Refusal("restricted_state", { title: refused.title, state: input.delivery.state });
    case "over_budget":
      return new Refusal("over_budget", { remaining: refused.remaining });
  }
}

/** The order a checkout placed, or its rule's refusal, thrown. */
function orderOrRefusal(result: CheckoutResult, input: CheckoutInput): Order {
  if (result.outcome === "refused") throw refusalOf(result, input);
  return orderOf(result.order);
}

/**
 * A credit checkout, in one statement (placeCreditOrder): the key claimed, the order placed or
 * refused, and the result kept with the key, so the same key and body get the same outcome (the
 * order, or the same refusal thrown again) and another body under that key is refused. A refusal
 * writes nothing but the key's result.
 */
export async function checkoutWithCredits(
  ctx: ServiceContext,
  userId: string,
  key: string,
  input: CheckoutInput,
): Promise<Order> {
  const requestHash = createHash("sha256").update(JSON.stringify(input)).digest("hex");
  const found = await placeCreditOrder(ctx.db, {
    userId,
    key,
    requestHash,
    lines: input.lines,
    delivery: input.delivery,
    at: ctx.now(),
  });
  if (found.outcome === "earlier") {
    const reused = found.requestHash !== requestHash;
    ctx.metrics.checkouts.inc({ kind: "credits", outcome: reused ? "key_reused" : "replayed" });
    if (reused) throw new Refusal("idempotency_key_reused");
    return orderOrRefusal(found.earlier, input);
  }
  ctx.metrics.checkouts.inc({
    kind: "credits",
    outcome: found.outcome === "placed" ? "placed" : found.reason,
  });
  const order = orderOrRefusal(found, input);
  // Only the request that placed the order tells anyone (a replay does not). The ordered products
  // leave the member's kept cart, which is then never called back for them (decision 106).
  if (found.outcome === "placed") {
    await forgetOrderedLines(
      ctx,
      userId,
      input.lines.map((line) => line.productId),
    );
    await noticeNewOrder(ctx, userId, order, lowStockCrossings(ctx, found.stock));
  }
  return order;
}

/** Products this order took to the low-stock threshold or below (each row was locked, so once per crossing). */
function lowStockCrossings(
  ctx: ServiceContext,
  stock: { title: string; quantity: number; left: number }[],
): StockCrossing[] {
  const threshold = ctx.config.LOW_STOCK_THRESHOLD;
  return stock
    .filter(({ left, quantity }) => left <= threshold && left + quantity > threshold)
    .map(({ title, left }) => ({ title, left }));
}

export const ordersOf = async (ctx: ServiceContext, userId: string): Promise<Order[]> =>
  (await ordersOfMember(ctx.db, userId, PAGE)).map(orderOf);

/** One of the member's own orders; another member's is "not found", like a missing one. */
export async function orderOfMember(ctx: ServiceContext, userId: string, id: string): Promise<Order> {
  const order = isUuid(id) ? await findOrder(ctx.db, id) : undefined;
  if (!order || order.userId !== userId) throw new Refusal("order_not_found");
  return orderOf(order);
}

export const ordersForStaff = async (
  ctx: ServiceContext,
  status: OrderStatus | undefined,
): Promise<Order[]> => (await listOrders(ctx.db, status, PAGE)).map(orderOf);

export async function orderForStaff(ctx: ServiceContext, id: string): Promise<Order> {
  const order = isUuid(id) ? await findOrder(ctx.db, id) : undefined;
  if (!order) throw new Refusal("order_not_found");
  return orderOf(order);
}

/**
 * Moves a placed order on, once (moveOrder: cancelling gives back stock and spending in the same
 * transaction), for staff and members alike; the loser of two changes at once is refused (bad_transition). Stock that
 * came back sends its back-in-stock alerts.
 */
async function moveOn(ctx: ServiceContext, id: string, status: "fulfilled" | "cancelled") {
  const restocked = await moveOrder(ctx.db, id, status);
  if (!restocked) throw new Refusal("bad_transition");
  announceRestock(ctx, restocked);
}

/** Staff fulfil or cancel a placed order; its member hears of it. */
export async function changeOrderStatus(
  ctx: ServiceContext,
  id: string,
  status: "fulfilled" | "cancelled",
): Promise<Order> {
  const before = isUuid(id) ? await findOrder(ctx.db, id) : undefined;
  if (!before) throw new Refusal("order_not_found");
  await moveOn(ctx, id, status);
  await noticeOrderStatus(ctx, { userId: before.userId, number: before.number, status });
  return orderForStaff(ctx, id);
}

/** A member cancels their own placed order (another member's is "not found"); staff hear of it. */
export async function cancelOwnOrder(ctx: ServiceContext, userId: string, id: string): Promise<Order> {
  const before = await orderOfMember(ctx, userId, id);
  await moveOn(ctx, id, "cancelled");
  await noticeMemberCancelled(ctx, userId, before.number);
  return orderOfMember(ctx, userId, id);
}

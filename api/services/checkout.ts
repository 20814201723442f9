import { createHash } from "node:crypto";
import type { Db } from "#db/client";
import {
  claimCheckoutKey,
  findOrder,
  insertOrder,
  listOrders,
  lockBuyer,
  moveOrder,
  type OrderWithLines,
  ordersOfMember,
  productsByIds,
  saveCheckoutAnswer,
  takeStock,
} from "#db/queries/orders";
import { budgetFigures } from "#db/queries/plans";
import { type CheckoutInput, checkoutMessages, type Order, type OrderStatus } from "../contracts/checkout";
import type { ErrorCode } from "../contracts/errors";
import { isUuid } from "../contracts/ids";
import { fromCents, toCents } from "../contracts/money";
import { stateName } from "../contracts/us-states";
import { AppError } from "../errors";
import type { ServiceContext } from "./context";
import { noticeNewOrder, noticeOrderStatus, type StockCrossing } from "./order-notifications";

const PAGE = 100;

export const orderOf = (row: OrderWithLines): Order => ({
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

/** What a checkout answers, kept with its Idempotency-Key and replayed for the same key and body. */
export interface CheckoutAnswer {
  status: 201 | 403 | 409 | 422;
  body: { order: Order } | { error: { code: ErrorCode; message: string } };
}

/** A rule refused the order: the savepoint rolls back and the answer is kept with the key. */
class Refused extends Error {
  constructor(readonly answer: CheckoutAnswer) {
    super(answer.status.toString());
  }
}
const refuse = (status: 403 | 409 | 422, code: ErrorCode, message: string) =>
  new Refused({ status, body: { error: { code, message } } });

/**
 * A credit checkout, in one transaction: the key is claimed (or its first answer replayed), then in
 * a savepoint the buyer is locked, the products re-read, the delivery state checked against each
 * product's restricted states, the budget checked, the order, its lines and the spending written,
 * and last the stock taken only where enough remains (a conditional update, products in id
 * order), so a hot product's row is locked only for the end of the transaction. A product already
 * short when read is refused without waiting for that lock. A refusal rolls the savepoint back and
 * is kept as the key's answer; nothing is half-written.
 */
export async function checkoutWithCredits(
  ctx: ServiceContext,
  userId: string,
  key: string,
  input: CheckoutInput,
): Promise<CheckoutAnswer> {
  const hash = createHash("sha256").update(JSON.stringify(input)).digest("hex");
  const crossings: StockCrossing[] = [];
  const outcome = await ctx.db.transaction(async (tx) => {
    const earlier = await claimCheckoutKey(tx, userId, key, hash);
    if (earlier) {
      if (earlier.requestHash !== hash) throw new AppError("conflict", checkoutMessages.keyReused);
      return { answer: { status: earlier.status, body: earlier.response } as CheckoutAnswer, replayed: true };
    }
    let answer: CheckoutAnswer;
    try {
      answer = await tx.transaction((savepoint) => placeOrder(ctx, savepoint, userId, input, crossings));
    } catch (error) {
      if (!(error instanceof Refused)) throw error;
      crossings.length = 0;
      answer = error.answer;
    }
    await saveCheckoutAnswer(tx, userId, key, answer.status, answer.body);
    return { answer, replayed: false };
  });
  const { answer, replayed } = outcome;
  if (!replayed && "order" in answer.body) {
    await noticeNewOrder(ctx, answer.body.order, crossings);
  }
  return answer;
}

async function placeOrder(
  ctx: ServiceContext,
  tx: Db,
  userId: string,
  input: CheckoutInput,
  crossings: StockCrossing[],
): Promise<CheckoutAnswer> {
  const now = ctx.now();
  const buyer = await lockBuyer(tx, userId);
  if (!buyer?.ageVerified) throw refuse(403, "forbidden", checkoutMessages.ageRequired);
  const lines = [...input.lines].sort((a, b) => a.productId.localeCompare(b.productId));
  const found = new Map(
    (
      await productsByIds(
        tx,
        lines.map((l) => l.productId),
      )
    ).map((p) => [p.id, p]),
  );
  let total = 0;
  for (const line of lines) {
    const product = found.get(line.productId);
    if (!product?.isActive) {
      throw refuse(
        422,
        "unprocessable",
        checkoutMessages.unavailable(product?.title ?? "A product in your cart"),
      );
    }
    if (product.restrictedStates.includes(input.delivery.state)) {
      throw refuse(
        422,
        "unprocessable",
        checkoutMessages.restricted(product.title, stateName(input.delivery.state)),
      );
    }
    if (product.stockQuantity < line.quantity) {
      throw refuse(409, "conflict", checkoutMessages.notEnoughStock(product.title));
    }
    total += toCents(product.creditPrice) * line.quantity;
  }
  const { monthly, rollover, spent } = await budgetFigures(tx, userId, now);
  const remaining = Math.max(0, toCents(monthly) + toCents(rollover) - toCents(spent));
  if (total > remaining)
    throw refuse(422, "unprocessable", checkoutMessages.budgetExceeded(fromCents(remaining)));
  const order = await insertOrder(tx, {
    userId,
    total: fromCents(total),
    delivery: input.delivery,
    lines: input.lines.map((line) => {
      const product = found.get(line.productId);
      return {
        productId: line.productId,
        title: product?.title ?? "",
        unitCredits: product?.creditPrice ?? "0.00",
        quantity: line.quantity,
      };
    }),
    period: {
      start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
      end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)),
    },
    at: now,
  });
  const threshold = ctx.config.LOW_STOCK_THRESHOLD;
  for (const line of lines) {
    const title = found.get(line.productId)?.title ?? "";
    const left = await takeStock(tx, line.productId, line.quantity);
    if (left === undefined) throw refuse(409, "conflict", checkoutMessages.notEnoughStock(title));
    // The row is locked from here to the commit, so exactly one order sees each crossing.
    if (left <= threshold && left + line.quantity > threshold) crossings.push({ title, left });
  }
  return { status: 201, body: { order: orderOf(order) } };
}

export const ordersOf = async (ctx: ServiceContext, userId: string): Promise<Order[]> =>
  (await ordersOfMember(ctx.db, userId, PAGE)).map(orderOf);

/** One of the member's own orders; another member's is "not found", like a missing one. */
export async function orderOfMember(ctx: ServiceContext, userId: string, id: string): Promise<Order> {
  const order = isUuid(id) ? await findOrder(ctx.db, id) : undefined;
  if (!order || order.userId !== userId) throw new AppError("not_found", checkoutMessages.orderNotFound);
  return orderOf(order);
}

export const ordersForStaff = async (
  ctx: ServiceContext,
  status: OrderStatus | undefined,
): Promise<Order[]> => (await listOrders(ctx.db, status, PAGE)).map(orderOf);

export async function orderForStaff(ctx: ServiceContext, id: string): Promise<Order> {
  const order = isUuid(id) ? await findOrder(ctx.db, id) : undefined;
  if (!order) throw new AppError("not_found", checkoutMessages.orderNotFound);
  return orderOf(order);
}

/** Staff fulfil or cancel a placed order, once; cancelling gives back stock and spending. */
export async function changeOrderStatus(
  ctx: ServiceContext,
  id: string,
  status: "fulfilled" | "cancelled",
): Promise<Order> {
  const before = isUuid(id) ? await findOrder(ctx.db, id) : undefined;
  if (!before) throw new AppError("not_found", checkoutMessages.orderNotFound);
  if (!(await moveOrder(ctx.db, id, status))) throw new AppError("conflict", checkoutMessages.badTransition);
  await noticeOrderStatus(ctx, { userId: before.userId, number: before.number, status });
  return orderForStaff(ctx, id);
}

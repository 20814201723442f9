// The soak's shop (tests/bench/soak.ts), made and checked inside the bench server's process (PGlite
// allows no second process): members with sessions, an admin, products, and at the end the database
// compared with what the clients were told.
import { randomUUID } from "node:crypto";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { hashToken, newToken } from "#api/domain/auth";
import type { Db } from "#db/client";
import {
  membershipTiers,
  orders,
  products,
  profiles,
  sessions,
  userRoles,
  userSpending,
  users,
} from "#db/schema/index";

/** Each member's monthly budget in credits (the plan's price). */
export const SOAK_BUDGET = 100;
/** The members who buy the dear product: two fit their budget, the third is refused. */
export const PRICEY_BUYERS = 50;

export interface SoakProduct {
  id: string;
  kind: "regular" | "scarce" | "pricey";
  price: string;
  stock: number;
}

export interface SoakShop {
  members: { id: string; token: string }[];
  adminToken: string;
  products: SoakProduct[];
}

/** What a client was told: an order placed (201), by whom and for how much. */
export interface Acknowledged {
  orderId: string;
  userId: string;
  total: string;
}

const DAY_MS = 86_400_000;

async function signedIn(db: Db, ids: string[]): Promise<string[]> {
  const tokens = ids.map(() => newToken());
  const expiresAt = new Date(Date.now() + 30 * DAY_MS);
  await db
    .insert(sessions)
    .values(ids.map((userId, i) => ({ userId, tokenHash: hashToken(tokens[i] ?? ""), expiresAt })));
  return tokens;
}

export async function seedSoakShop(db: Db, memberCount: number): Promise<SoakShop> {
  const [tier] = await db
    .insert(membershipTiers)
    .values({ name: "soak", displayName: "Soak", priceMonthly: `${SOAK_BUDGET}.00`, tierLevel: 99 })
    .returning();
  if (!tier) throw new Error("soak: no tier");
  const ids = Array.from({ length: memberCount }, () => randomUUID());
  const adminId = randomUUID();
  await db.insert(users).values([...ids, adminId].map((id) => ({ id })));
  await db.insert(profiles).values(
    [...ids, adminId].map((id) => ({
      id,
      ageVerified: true,
      membershipTierId: tier.id,
      membershipStartedAt: new Date(),
    })),
  );
  await db.insert(userRoles).values({ userId: adminId, role: "admin" });
  const tokens = await signedIn(db, ids);
  const [adminToken] = await signedIn(db, [adminId]);
  const wanted: Omit<SoakProduct, "id">[] = [
    ...Array.from({ length: 10 }, () => ({ kind: "regular" as const, price: "1.00", stock: 1_000_000 })),
    { kind: "scarce", price: "1.00", stock: 40 },
    { kind: "pricey", price: "40.00", stock: 1_000_000 },
  ];
  const made = await db
    .insert(products)
    .values(
      wanted.map((p, i) => ({
        title: `Soak ${p.kind} ${i + 1}`,
        creditPrice: p.price,
        stockQuantity: p.stock,
      })),
    )
    .returning({ id: products.id });
  return {
    members: ids.map((id, i) => ({ id, token: tokens[i] ?? "" })),
    adminToken: adminToken ?? "",
    products: wanted.map((p, i) => ({ ...p, id: made[i]?.id ?? "" })),
  };
}

/**
 * Every acknowledged order exists once, with its lines and one spending row of its total; no order
 * of the soak's members went unacknowledged; each product's stock is its start less what live
 * orders hold; no member spent past the budget. Returns each mismatch found (none is the goal).
 */
export async function auditSoakShop(db: Db, shop: SoakShop, told: Acknowledged[]) {
  const mismatches: string[] = [];
  const memberIds = shop.members.map((m) => m.id);
  const stored = await db
    .select({ id: orders.id, userId: orders.userId, total: orders.totalCredits, status: orders.status })
    .from(orders)
    .where(inArray(orders.userId, memberIds));
  const storedById = new Map(stored.map((order) => [order.id, order]));
  const toldById = new Map<string, Acknowledged>();
  for (const ack of told) {
    const before = toldById.get(ack.orderId);
    if (before && (before.userId !== ack.userId || before.total !== ack.total))
      mismatches.push(`order ${ack.orderId} acknowledged twice with different contents`);
    toldById.set(ack.orderId, ack);
  }
  for (const ack of toldById.values()) {
    const order = storedById.get(ack.orderId);
    if (!order) mismatches.push(`acknowledged order ${ack.orderId} is missing`);
    else if (order.userId !== ack.userId || Number(order.total) !== Number(ack.total))
      mismatches.push(`order ${ack.orderId} differs from its acknowledgement`);
  }
  for (const order of stored)
    if (!toldById.has(order.id)) mismatches.push(`order ${order.id} was never acknowledged`);

  const spending = await db
    .select({
      orderId: userSpending.orderId,
      rows: sql<number>`count(*)::int`,
      amount: sql<string>`sum(${userSpending.amount})::text`,
    })
    .from(userSpending)
    .where(inArray(userSpending.userId, memberIds))
    .groupBy(userSpending.orderId);
  const spentByOrder = new Map(spending.map((row) => [row.orderId, row]));
  for (const order of stored) {
    const spent = spentByOrder.get(order.id);
    if (order.status === "cancelled") continue;
    if (!spent) mismatches.push(`order ${order.id} has no spending`);
    else if (spent.rows !== 1 || Number(spent.amount) !== Number(order.total))
      mismatches.push(`order ${order.id}: ${spent.rows} spending rows of ${spent.amount} for ${order.total}`);
  }
  const overBudget = await db
    .select({ userId: userSpending.userId })
    .from(userSpending)
    .where(inArray(userSpending.userId, memberIds))
    .groupBy(userSpending.userId)
    .having(sql`sum(${userSpending.amount}) > ${SOAK_BUDGET}`);
  for (const { userId } of overBudget) mismatches.push(`member ${userId} spent past the budget`);

  for (const product of shop.products) {
    const [row] = await db
      .select({
        stock: products.stockQuantity,
        held: sql<number>`(select coalesce(sum(l.quantity), 0)::int from order_lines l
          join orders o on o.id = l.order_id where l.product_id = ${product.id} and o.status <> 'cancelled')`,
      })
      .from(products)
      .where(eq(products.id, product.id));
    if (!row || row.stock !== product.stock - row.held)
      mismatches.push(
        `product ${product.id}: stock ${row?.stock} after ${row?.held} sold of ${product.stock}`,
      );
    if (row && row.stock < 0) mismatches.push(`product ${product.id} below zero`);
  }
  const [orphans] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(
        inArray(orders.userId, memberIds),
        sql`not exists (select 1 from order_lines l where l.order_id = ${orders.id})`,
      ),
    );
  if (orphans?.n) mismatches.push(`${orphans.n} orders without lines`);
  const [unowned] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(userSpending)
    .where(and(isNull(userSpending.orderId), inArray(userSpending.userId, memberIds)));
  if (unowned?.n) mismatches.push(`${unowned.n} spending rows without an order`);
  return {
    ordersAcknowledged: toldById.size,
    ordersStored: stored.length,
    ledgerMismatches: mismatches.length,
    firstMismatches: mismatches.slice(0, 10),
  };
}

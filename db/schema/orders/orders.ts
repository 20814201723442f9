import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "../accounts/users";
import { products } from "../catalogue/catalogue";
import { createdAt, id, updatedAt } from "../columns";

export const orders = pgTable(
  "orders",
  {
    id: id(),
    // Null once the buyer deleted their account: the order stays, without personal data.
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    // The number members and staff read ("#1001"); ids stay internal.
    number: integer("number").notNull().generatedAlwaysAsIdentity({ startWith: 1001 }),
    // placed → fulfilled, or cancelled (stock restored, the spending given back).
    status: text("status").notNull().default("placed"),
    totalCredits: numeric("total_credits", { precision: 12, scale: 2 }).notNull(),
    deliveryName: text("delivery_name").notNull(),
    deliveryAddress: text("delivery_address").notNull(),
    // A US state's two-letter code.
    deliveryState: text("delivery_state").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("orders_user_id_idx").on(t.userId, t.createdAt.desc()),
    check("orders_total_check", sql`${t.totalCredits} >= 0`),
    check("orders_status_check", sql`${t.status} in ('placed', 'fulfilled', 'cancelled')`),
    index("orders_status_idx").on(t.status, t.createdAt.desc()),
    // Orders are read by number: the orders export walks them in number order, a batch at a time.
    uniqueIndex("orders_number_idx").on(t.number),
    // The owner's dashboard reads the orders of a day (today's live, a past day's to roll it up:
    // db/schema/operations/dashboard.ts) without the table: an index-only range scan.
    index("orders_sales_idx").on(t.createdAt, t.id, t.totalCredits).where(sql`${t.status} <> 'cancelled'`),
  ],
);

export const orderLines = pgTable(
  "order_lines",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: uuid("product_id").references(() => products.id, { onDelete: "set null" }),
    // Title and price as sold, so the order reads the same after the product changes.
    title: text("title").notNull(),
    unitCredits: numeric("unit_credits", { precision: 12, scale: 2 }).notNull(),
    quantity: integer("quantity").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("order_lines_order_id_idx").on(t.orderId),
    check("order_lines_quantity_check", sql`${t.quantity} > 0`),
    check("order_lines_unit_check", sql`${t.unitCredits} >= 0`),
  ],
);

/**
 * A checkout's Idempotency-Key: the first request's body hash and answer. The row is written in the
 * checkout's own transaction, so a second request with the key waits for the first to commit and
 * then replays its answer.
 */
export const checkoutRequests = pgTable(
  "checkout_requests",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    response: jsonb("response"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index("checkout_requests_created_idx").on(t.createdAt)],
);

import { sql } from "drizzle-orm";
import { check, index, integer, numeric, pgEnum, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { products } from "./catalogue";
import { createdAt, id, updatedAt } from "./columns";
import { users } from "./users";

export const orderStatus = pgEnum("order_status", ["pending", "paid", "cancelled", "refunded"]);

export const orders = pgTable(
  "orders",
  {
    id: id(),
    // Null once the buyer deleted their account: the order stays, without personal data.
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    status: orderStatus("status").notNull().default("pending"),
    totalCredits: numeric("total_credits", { precision: 12, scale: 2 }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("orders_user_id_idx").on(t.userId, t.createdAt.desc()),
    check("orders_total_check", sql`${t.totalCredits} >= 0`),
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

import { sql } from "drizzle-orm";
import { check, integer, pgTable, primaryKey, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "../accounts/users";
import { products } from "../catalogue/catalogue";

/**
 * A signed-in member's cart as the server keeps it (decision 106): it follows the member between
 * Telegram and the web, and a cart left untouched gets one reminder.
 */
export const carts = pgTable("carts", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** The member's last change to the cart: the reminder counts its hours from here. */
  touchedAt: timestamp("touched_at", { withTimezone: true }).notNull().defaultNow(),
  /** The touchedAt the reminder was sent for: a cart is reminded once per version, never twice. */
  remindedFor: timestamp("reminded_for", { withTimezone: true }),
});

export const cartItems = pgTable(
  "cart_items",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => carts.userId, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    check("cart_items_quantity_check", sql`${t.quantity} > 0`),
  ],
);

import { index, pgTable, primaryKey, uuid } from "drizzle-orm/pg-core";
import { users } from "../accounts/users";
import { createdAt } from "../columns";
import { products } from "./catalogue";

/**
 * A member waiting for an out-of-stock product (one row per member and product). Once the product is
 * back in stock and some way reaches the member, the row is taken and its message queued in the
 * outbox (kind back_in_stock), which sends it.
 */
export const stockAlerts = pgTable(
  "stock_alerts",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    index("stock_alerts_product_idx").on(t.productId),
  ],
);

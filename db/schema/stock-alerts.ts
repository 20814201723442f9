import { index, integer, pgTable, primaryKey, timestamp, uuid } from "drizzle-orm/pg-core";
import { products } from "./catalogue";
import { createdAt } from "./columns";
import { users } from "./users";

/**
 * A member waiting for an out-of-stock product (one row per member and product). Once the product
 * is back in stock the row is claimed for a send (`next_attempt_at` moved past the send's end, so no
 * other process takes it meanwhile) and deleted only once the message was accepted; a failed send
 * counts an attempt and waits out its backoff in `next_attempt_at`.
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
    /** Sends that failed since the member asked. */
    attempts: integer("attempts").notNull().default(0),
    /** Not sent before: the end of a claim, or of a failed send's backoff; null is at once. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    index("stock_alerts_product_idx").on(t.productId),
  ],
);

import { sql } from "drizzle-orm";
import { check, index, numeric, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "../accounts/users";
import { createdAt, id, updatedAt } from "../columns";
import { orders } from "../orders/orders";
import { membershipTiers } from "./tiers";

export const membershipHistory = pgTable(
  "membership_history",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    oldTierId: uuid("old_tier_id").references(() => membershipTiers.id, { onDelete: "set null" }),
    newTierId: uuid("new_tier_id").references(() => membershipTiers.id, { onDelete: "set null" }),
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (t) => [index("membership_history_user_id_idx").on(t.userId, t.createdAt)],
);

export const userSpending = pgTable(
  "user_spending",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    amount: numeric("amount", { precision: 12, scale: 2 }).notNull(),
    description: text("description"),
    periodStart: timestamp("period_start", { withTimezone: true }).notNull(),
    periodEnd: timestamp("period_end", { withTimezone: true }).notNull(),
    // The order this was spent on; a cancelled order's spending is given back.
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("user_spending_user_period_idx").on(t.userId, t.periodStart),
    check("user_spending_amount_check", sql`${t.amount} >= 0`),
    check("user_spending_period_check", sql`${t.periodEnd} > ${t.periodStart}`),
  ],
);

export const userBudgetRollover = pgTable(
  "user_budget_rollover",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    rolloverAmount: numeric("rollover_amount", { precision: 12, scale: 2 }).notNull().default("0"),
    lastCalculatedPeriod: timestamp("last_calculated_period", { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [check("user_budget_rollover_amount_check", sql`${t.rolloverAmount} >= 0`)],
);

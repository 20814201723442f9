import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns";
import { orders } from "./orders";
import { users } from "./users";

export const membershipTiers = pgTable(
  "membership_tiers",
  {
    id: id(),
    name: text("name").notNull(),
    displayName: text("display_name").notNull(),
    // Dollars per month, exact.
    priceMonthly: numeric("price_monthly", { precision: 12, scale: 2 }).notNull(),
    tierLevel: integer("tier_level").notNull(),
    description: text("description"),
    features: text("features").array().notNull().default(sql`'{}'::text[]`),
    // Stars per 30 days when the tier is sold as a Telegram Stars subscription (at most 10000).
    priceStars: integer("price_stars"),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("membership_tiers_name_key").on(t.name),
    uniqueIndex("membership_tiers_tier_level_key").on(t.tierLevel),
    check("membership_tiers_price_monthly_check", sql`${t.priceMonthly} >= 0`),
    check("membership_tiers_display_name_check", sql`length(btrim(${t.displayName})) > 0`),
    check("membership_tiers_price_stars_check", sql`${t.priceStars} between 1 and 10000`),
  ],
);

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

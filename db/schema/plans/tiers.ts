import { sql } from "drizzle-orm";
import { boolean, check, integer, numeric, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "../columns";

/** The plans members choose from: a tier references nothing, so profiles and spending may reference it. */
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
    // Free days a member who never held this tier may try it for (null: no trial; issue 39).
    trialDays: integer("trial_days"),
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
    check(
      "membership_tiers_trial_days_check",
      // TRIAL_DAYS_MAX of api/contracts/plan-payments.ts.
      sql`${t.trialDays} between 1 and 90`,
    ),
  ],
);

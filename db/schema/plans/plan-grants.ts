import { sql } from "drizzle-orm";
import { check, index, numeric, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "../accounts/users";
import { createdAt, id } from "../columns";
import { membershipTiers } from "./tiers";

/* Free days on a tier (promo codes, trials, referral rewards) and credits added to a month's budget. */

/** Where free days on a tier came from. */
export const GRANT_KINDS = ["trial", "promo", "referral"] as const;
export type GrantKind = (typeof GRANT_KINDS)[number];

/**
 * A member's free days on a tier: while it runs the member holds `tierId`; at `endsAt` the plan goes
 * back to `previousTierId` (or to no plan) unless the member paid for a plan meanwhile. One per member.
 */
export const planGrants = pgTable(
  "plan_grants",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    tierId: uuid("tier_id").references(() => membershipTiers.id, { onDelete: "set null" }),
    /** The tier's display name when granted, so the plan still reads after the tier is gone. */
    tierName: text("tier_name").notNull(),
    kind: text("kind", { enum: GRANT_KINDS }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    /** The tier the member held before; the plan goes back to it at the end (null: no plan). */
    previousTierId: uuid("previous_tier_id").references(() => membershipTiers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("plan_grants_ends_idx").on(t.endsAt),
    check("plan_grants_kind_check", sql`${t.kind} in ('trial', 'promo', 'referral')`),
  ],
);

/**
 * Credits added to one month's budget (calendar month, UTC, starting at `periodStart`): the month's
 * budget is the tier's monthly price + rollover + these − spending, and what is left rolls over.
 */
export const budgetCredits = pgTable(
  "budget_credits",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    amount: numeric("amount", { precision: 12, scale: 2 }).notNull(),
    periodStart: timestamp("period_start", { withTimezone: true }).notNull(),
    /** "promo" or "referral". */
    source: text("source").notNull(),
    /** The promo code or the referral it came from. */
    sourceId: uuid("source_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("budget_credits_user_period_idx").on(t.userId, t.periodStart),
    check("budget_credits_amount_check", sql`${t.amount} > 0`),
  ],
);

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
import { users } from "../accounts/users";
import { createdAt, id, updatedAt } from "../columns";
import { membershipTiers } from "../plans/tiers";
import { PROMO_REWARD_KINDS } from "./promo-codes";

/* Who brought whom, each member's referral code, and the programme's settings (decision 111). */

/** A member's own referral link code (`startapp=ref_<code>`, `/?ref=<code>`), made when first asked. */
export const referralCodes = pgTable(
  "referral_codes",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("referral_codes_code_key").on(t.code),
    check("referral_codes_code_check", sql`${t.code} ~ '^[a-z0-9]{4,32}$'`),
  ],
);

/**
 * Who brought whom: written once, at the friend's first sign-in. The reward is due `REFERRAL_HOLD_DAYS`
 * after the friend's first paid plan starts, and given once (`rewardedAt`); a refund before then
 * voids it.
 */
export const referrals = pgTable(
  "referrals",
  {
    refereeId: uuid("referee_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    referrerId: uuid("referrer_id").references(() => users.id, { onDelete: "set null" }),
    attributedAt: createdAt(),
    /** When the friend's first paid plan started (the payment's charge, for a refund to void it). */
    qualifiedAt: timestamp("qualified_at", { withTimezone: true }),
    qualifyingChargeId: text("qualifying_charge_id"),
    rewardDueAt: timestamp("reward_due_at", { withTimezone: true }),
    rewardedAt: timestamp("rewarded_at", { withTimezone: true }),
    voidedAt: timestamp("voided_at", { withTimezone: true }),
  },
  (t) => [
    index("referrals_referrer_idx").on(t.referrerId, t.attributedAt),
    index("referrals_due_idx")
      .on(t.rewardDueAt)
      .where(sql`${t.rewardedAt} is null and ${t.voidedAt} is null and ${t.rewardDueAt} is not null`),
    check("referrals_not_self_check", sql`${t.referrerId} is null or ${t.referrerId} <> ${t.refereeId}`),
  ],
);

/** The referral programme's settings: one row. Off until an admin sets a reward and turns it on. */
export const referralProgram = pgTable(
  "referral_program",
  {
    id: id(),
    singleton: boolean("singleton").notNull().default(true),
    enabled: boolean("enabled").notNull().default(false),
    rewardKind: text("reward_kind", { enum: PROMO_REWARD_KINDS }).notNull().default("credits"),
    credits: numeric("credits", { precision: 12, scale: 2 }),
    tierId: uuid("tier_id").references(() => membershipTiers.id, { onDelete: "set null" }),
    days: integer("days"),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("referral_program_singleton_key").on(t.singleton),
    check("referral_program_singleton_check", sql`${t.singleton}`),
    check("referral_program_credits_check", sql`${t.credits} is null or ${t.credits} > 0`),
    check("referral_program_days_check", sql`${t.days} is null or ${t.days} between 1 and 3650`),
  ],
);

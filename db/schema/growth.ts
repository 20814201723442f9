import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns";
import { membershipTiers } from "./tiers";
import { users } from "./users";

/*
 * Issue 39, "Grow": free days on a tier (promo codes, trials, referral rewards), credits added to a
 * month's budget (promo codes, referral rewards), and who brought whom (decision 111).
 */

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

export const PROMO_REWARD_KINDS = ["days", "credits"] as const;

/** A code admins hand out: free days on a tier, or credits added to this month's budget. */
export const promoCodes = pgTable(
  "promo_codes",
  {
    id: id(),
    /** As the admin wrote it (letters and digits); unique whatever the letter case. */
    code: text("code").notNull(),
    rewardKind: text("reward_kind", { enum: PROMO_REWARD_KINDS }).notNull(),
    tierId: uuid("tier_id").references(() => membershipTiers.id, { onDelete: "set null" }),
    days: integer("days"),
    credits: numeric("credits", { precision: 12, scale: 2 }),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    maxUses: integer("max_uses").notNull(),
    usesPerMember: integer("uses_per_member").notNull().default(1),
    /** Redemptions so far, counted in the redeeming transaction: never above max_uses. */
    uses: integer("uses").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("promo_codes_code_lower_key").on(sql`lower(${t.code})`),
    check("promo_codes_code_check", sql`${t.code} ~ '^[A-Za-z0-9]{1,32}$'`),
    check(
      "promo_codes_reward_check",
      sql`(${t.rewardKind} = 'days' and ${t.days} between 1 and 3650 and ${t.credits} is null)
        or (${t.rewardKind} = 'credits' and ${t.credits} > 0 and ${t.days} is null and ${t.tierId} is null)`,
    ),
    check("promo_codes_uses_check", sql`${t.uses} >= 0 and ${t.uses} <= ${t.maxUses}`),
    check("promo_codes_max_uses_check", sql`${t.maxUses} >= 1`),
    check("promo_codes_uses_per_member_check", sql`${t.usesPerMember} >= 1`),
    check(
      "promo_codes_window_check",
      sql`${t.endsAt} is null or ${t.startsAt} is null or ${t.endsAt} > ${t.startsAt}`,
    ),
  ],
);

/** One use of a code: who, when, and what it gave. Kept (member set null) when the account goes. */
export const promoRedemptions = pgTable(
  "promo_redemptions",
  {
    id: id(),
    promoCodeId: uuid("promo_code_id")
      .notNull()
      .references(() => promoCodes.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    days: integer("days"),
    credits: numeric("credits", { precision: 12, scale: 2 }),
    redeemedAt: createdAt(),
  },
  (t) => [index("promo_redemptions_code_user_idx").on(t.promoCodeId, t.userId)],
);

/**
 * A code's uses per person key (decision 115): the limit per member reads these, so it outlives a
 * deleted account. Written with each redemption, under the code's row lock.
 */
export const promoPersonUses = pgTable(
  "promo_person_uses",
  {
    promoCodeId: uuid("promo_code_id")
      .notNull()
      .references(() => promoCodes.id, { onDelete: "cascade" }),
    /** A person key: hex HMAC-SHA256 of "telegram:<id>" or "email:<mailbox>" (decision 115). */
    personKey: text("person_key").notNull(),
    uses: integer("uses").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.promoCodeId, t.personKey] }),
    check("promo_person_uses_uses_check", sql`${t.uses} >= 1`),
  ],
);

/**
 * Who has had a tier's trial, by keyed hash (HMAC) of the Telegram id and of the verified email:
 * kept when the account is deleted, so a new account of the same person gets no second trial.
 */
export const trialClaims = pgTable(
  "trial_claims",
  {
    tierId: uuid("tier_id")
      .notNull()
      .references(() => membershipTiers.id, { onDelete: "cascade" }),
    /** A person key (decision 115): hex HMAC-SHA256 of "telegram:<id>" or "email:<mailbox>". */
    subject: text("subject").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    claimedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tierId, t.subject] })],
);

/**
 * Every person key an account ever had (decision 115), noted when the account gets it (a Telegram
 * account made or linked, an email proven) and kept when the account goes: a person who ever had an
 * account brings nobody a referral.
 */
export const personsSeen = pgTable("persons_seen", {
  personKey: text("person_key").primaryKey(),
  firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull(),
});

/**
 * Accounts whose person keys are still to be noted: the accounts that existed when persons_seen was
 * made (the key lives in the database and the hash needs code, so no migration can compute them).
 * The start notes them and empties this; nothing else writes here.
 */
export const personsSeenPending = pgTable("persons_seen_pending", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
});

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

/**
 * Keys the server makes for itself once, at first use, and keeps with the data (backups carry them):
 * "trial_claims" keys every person key (decision 115; named for the trial claims it keyed first), so a
 * leaked table names nobody.
 */
export const serverKeys = pgTable("server_keys", {
  name: text("name").primaryKey(),
  key: text("key").notNull(),
  createdAt: createdAt(),
});

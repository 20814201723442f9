import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "../accounts/users";
import { createdAt, id } from "../columns";
import { membershipTiers } from "./tiers";

/** A member's request for a paid tier (PLAN_PAYMENTS=manual), decided by an admin. */
export const planRequests = pgTable(
  "plan_requests",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tierId: uuid("tier_id").references(() => membershipTiers.id, { onDelete: "set null" }),
    // The tier's display name when asked, so a decided request still reads after the tier is gone.
    tierName: text("tier_name").notNull(),
    status: text("status").notNull().default("pending"),
    createdAt: createdAt(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    check("plan_requests_status_check", sql`${t.status} in ('pending', 'approved', 'declined')`),
    // One open request per member: a new one replaces it.
    uniqueIndex("plan_requests_one_pending_key").on(t.userId).where(sql`${t.status} = 'pending'`),
    index("plan_requests_user_idx").on(t.userId, t.createdAt),
  ],
);

/**
 * An invoice link the bot made for a member and a tier; the payload names it by nonce. `stars` is the
 * amount in the currency's smallest unit: Stars for XTR, cents for a provider's EUR (decision 109).
 */
export const planInvoices = pgTable("plan_invoices", {
  nonce: text("nonce").primaryKey(),
  userId: uuid("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  tierId: uuid("tier_id")
    .notNull()
    .references(() => membershipTiers.id, { onDelete: "cascade" }),
  stars: integer("stars").notNull(),
  /** XTR (Telegram Stars) or a payment provider's currency (PLAN_PAYMENTS=invoice). */
  currency: text("currency").notNull().default("XTR"),
  createdAt: createdAt(),
});

/**
 * Every payment that reaches the bot, once per Telegram charge id, applied or not (decision 116):
 * Telegram Stars, or a payment provider's (currency other than XTR; `stars` is then the amount in
 * its smallest unit). A payment not applied to a plan carries `flag` (why) and granted nothing.
 */
export const starPayments = pgTable(
  "star_payments",
  {
    id: id(),
    chargeId: text("charge_id").notNull(),
    // The provider's own id of the charge (a provider payment; null for Stars): what its refund names.
    providerChargeId: text("provider_charge_id"),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    // The payer, kept for a refund after the account is gone.
    telegramId: bigint("telegram_id", { mode: "bigint" }).notNull(),
    tierId: uuid("tier_id").references(() => membershipTiers.id, { onDelete: "set null" }),
    // The tier's name when paid; null when the payment named no tier of ours.
    tierName: text("tier_name"),
    stars: integer("stars").notNull(),
    renewal: boolean("renewal").notNull().default(false),
    currency: text("currency").notNull().default("XTR"),
    // Why the payment was not applied (paymentFlags in api/contracts/plan-payments.ts); null: applied.
    flag: text("flag"),
    paidAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("star_payments_charge_id_key").on(t.chargeId),
    index("star_payments_paid_idx").on(t.paidAt),
    // The payments not applied and not refunded yet: listed for admins whatever their age.
    index("star_payments_open_flag_idx")
      .on(t.paidAt)
      .where(sql`${t.flag} is not null and ${t.refundedAt} is null`),
    check(
      "star_payments_flag_check",
      sql`${t.flag} is null or ${t.flag} in ('unknown_invoice', 'account_gone', 'other_payer', 'currency', 'amount', 'tier_not_sold')`,
    ),
  ],
);

/**
 * A member's running Stars subscription; the row goes when it ends: at its expiry when its renewal
 * was cancelled, else PLAN_GRACE_DAYS after it when no renewal came (decision 107).
 */
export const planSubscriptions = pgTable("plan_subscriptions", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  tierId: uuid("tier_id").references(() => membershipTiers.id, { onDelete: "set null" }),
  tierName: text("tier_name").notNull(),
  stars: integer("stars").notNull(),
  // The first payment's charge id names the subscription to Telegram (editUserStarSubscription).
  chargeId: text("charge_id").notNull(),
  // The end of the paid period: Telegram renews it then, unless its renewal was cancelled.
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  // When the member stopped the renewal (editUserStarSubscription is_canceled); null while it renews.
  renewalCancelledAt: timestamp("renewal_cancelled_at", { withTimezone: true }),
  /**
   * XTR: a Stars subscription Telegram renews. Another currency: a plan paid by provider invoice,
   * one period at a time; "renews" then means the member is asked to pay the next one (decision 109).
   */
  currency: text("currency").notNull().default("XTR"),
  createdAt: createdAt(),
});

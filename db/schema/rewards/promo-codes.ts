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
import { users } from "../accounts/users";
import { createdAt, id, updatedAt } from "../columns";
import { membershipTiers } from "../plans/tiers";

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

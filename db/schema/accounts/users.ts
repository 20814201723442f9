import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "../columns";
import { membershipTiers } from "../plans/tiers";

/** One person, whichever way they sign in (Telegram, email and password, or both). */
export const users = pgTable(
  "users",
  {
    id: id(),
    // Telegram ids exceed 32 bits.
    telegramId: bigint("telegram_id", { mode: "bigint" }),
    telegramUsername: text("telegram_username"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_telegram_id_key").on(t.telegramId),
    // The admin users list's order (oldest first, the id breaking ties), page by page.
    index("users_created_id_idx").on(t.createdAt, t.id),
  ],
);

export const profiles = pgTable(
  "profiles",
  {
    id: uuid("id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email"),
    fullName: text("full_name"),
    avatarUrl: text("avatar_url"),
    ageVerified: boolean("age_verified").notNull().default(false),
    /** When the owner proved `email` through a mailed link; null until then, and again after any change of it. */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    /**
     * When a web sign-up (an account made with this email and a password) claimed `email`: no other
     * sign-up may give it from then on. Null for an address a Telegram member attached; null again
     * once the account links a Telegram, and after any change of the email (decision 097).
     */
    emailClaimedAt: timestamp("email_claimed_at", { withTimezone: true }),
    /** "Email me about orders" in Settings: order mail for members the bot does not reach (on by default). */
    orderEmails: boolean("order_emails").notNull().default(true),
    /**
     * The language the app, the bot and mail speak to this person (api/contracts/languages.ts): set
     * at each sign-in from the launch's or the browser's language until the person chooses one.
     */
    language: text("language"),
    /** When the person chose `language` in Settings; from then on sign-ins leave it alone. */
    languageChosenAt: timestamp("language_chosen_at", { withTimezone: true }),
    /**
     * When the bot was last allowed to write to this person: they started it, or a launch said
     * allows_write_to_pm. Null: never, so the outbox counts them unreachable (decision 106).
     */
    botWritableAt: timestamp("bot_writable_at", { withTimezone: true }),
    /** When Telegram answered 403 (the bot is blocked); cleared when they open the bot again. */
    botBlockedAt: timestamp("bot_blocked_at", { withTimezone: true }),
    /** Settings › Notifications: news from the shop (broadcasts). */
    newsMessages: boolean("news_messages").notNull().default(true),
    /** Settings › Notifications: reminders before a plan ends, while payment is due, when it lapses. */
    planReminders: boolean("plan_reminders").notNull().default(true),
    /** Settings › Notifications: one reminder of a cart left behind. */
    cartReminders: boolean("cart_reminders").notNull().default(true),
    membershipTierId: uuid("membership_tier_id").references(() => membershipTiers.id, {
      onDelete: "restrict",
    }),
    membershipStartedAt: timestamp("membership_started_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // An address is taken by the account that proved it or the web sign-up that claims it, one at a
    // time; the unproven addresses Telegram members attached may be several besides.
    uniqueIndex("profiles_taken_email_lower_key")
      .on(sql`lower(${t.email})`)
      .where(sql`${t.emailVerifiedAt} is not null or ${t.emailClaimedAt} is not null`),
    index("profiles_email_lower_idx").on(sql`lower(${t.email})`),
    index("profiles_membership_tier_id_idx").on(t.membershipTierId),
  ],
);

export const credentials = pgTable("credentials", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  passwordHash: text("password_hash").notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sessions = pgTable(
  "sessions",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // sha256 of the opaque token; the token itself is never stored.
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("sessions_token_hash_key").on(t.tokenHash), index("sessions_user_id_idx").on(t.userId)],
);

export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    /** The address the link was mailed to: opening it proves that address. */
    email: text("email"),
    /** The Telegram the bot sent the link to: opening it shows that Telegram's holder asked. */
    telegramId: bigint("telegram_id", { mode: "bigint" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("password_reset_tokens_token_hash_key").on(t.tokenHash),
    index("password_reset_tokens_user_id_idx").on(t.userId),
  ],
);

/**
 * Single-use, expiring links that prove an email address: stored as the token's hash, for the
 * address it was mailed to (a link for an earlier address proves nothing about the current one).
 */
export const emailVerificationTokens = pgTable(
  "email_verification_tokens",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("email_verification_tokens_token_hash_key").on(t.tokenHash),
    index("email_verification_tokens_user_id_idx").on(t.userId),
  ],
);

/** One-time codes behind the bot deep link `/start link_<code>` that joins a web account to Telegram. */
export const telegramLinkCodes = pgTable(
  "telegram_link_codes",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("telegram_link_codes_code_hash_key").on(t.codeHash)],
);

export const appRole = pgEnum("app_role", ["admin", "moderator", "employee"]);

/**
 * How a role was given (decision 122): by ADMIN_EMAILS or ADMIN_TELEGRAM_IDS at a sign-in
 * ("configured"), or on purpose: `npm run admin -- grant` ("command"), the first start's setup link
 * ("setup_link"), an admin on the Users screen ("admin").
 */
export const ROLE_GRANTS = ["configured", "command", "setup_link", "admin"] as const;
export type RoleGrant = (typeof ROLE_GRANTS)[number];

export const userRoles = pgTable(
  "user_roles",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: appRole("role").notNull(),
    /** One of ROLE_GRANTS; null for a role given before this was recorded. */
    grantedBy: text("granted_by").$type<RoleGrant>(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.role] }),
    check(
      "user_roles_granted_by_check",
      sql`${t.grantedBy} in ('configured', 'command', 'setup_link', 'admin')`,
    ),
  ],
);

/**
 * The one-time links that make the first admin (decision 122): printed at a start while no account
 * holds admin, stored as the token's hash, good for an hour and once.
 */
export const setupLinks = pgTable(
  "setup_links",
  {
    id: id(),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    /** Who became the admin through it. */
    usedBy: uuid("used_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [uniqueIndex("setup_links_token_hash_key").on(t.tokenHash)],
);

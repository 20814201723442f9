import { pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "../accounts/users";
import { createdAt } from "../columns";

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

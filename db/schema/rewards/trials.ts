import { pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { users } from "../accounts/users";
import { createdAt } from "../columns";
import { membershipTiers } from "../plans/tiers";

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

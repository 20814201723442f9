import { sql } from "drizzle-orm";
import { check, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { channelMessages } from "./channel";

/**
 * A feed message's text in another language, made once by the model (docs/decisions/103). One row
 * per message and language: the first request inserts it `pending` under its own claim and asks
 * the model; every other request, in any process, waits for it to turn `done` (or `failed`, which
 * the next request claims again, as it does a `pending` claim older than the model's time limit).
 * An edit of the message's text deletes its rows; deleting the message deletes them too.
 */
export const messageTranslations = pgTable(
  "message_translations",
  {
    messageId: uuid("message_id")
      .notNull()
      .references(() => channelMessages.id, { onDelete: "cascade" }),
    language: text("language").notNull(),
    status: text("status").notNull().default("pending"),
    /** The translation, once done. */
    text: text("text"),
    /** Which request is asking the model: only its answer may complete the row. */
    claimId: uuid("claim_id").notNull(),
    claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.language] }),
    check("message_translations_status_check", sql`${t.status} in ('pending', 'done', 'failed')`),
    check("message_translations_text_check", sql`(${t.status} = 'done') = (${t.text} is not null)`),
  ],
);

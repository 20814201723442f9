import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "../accounts/users";
import { createdAt, id } from "../columns";
import { orders } from "../orders/orders";

/**
 * A member's one conversation with the shop (docs/decisions/105-support-inbox.md). The row changes
 * with every message (its time, the unread count) and when staff read it: its trigger announces the
 * change to the member and to the staff who answer (the event streams decide who hears).
 */
export const supportConversations = pgTable(
  "support_conversations",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The newest message's time: the inbox lists conversations newest first. */
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
    /** The member's messages since staff last read the conversation. */
    staffUnread: integer("staff_unread").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index("support_conversations_recent_idx").on(t.lastMessageAt.desc(), t.id),
    check("support_conversations_unread_check", sql`${t.staffUnread} >= 0`),
  ],
);

/** One message of a conversation: the member's (from the app or the bot) or a staff reply. */
export const supportMessages = pgTable(
  "support_messages",
  {
    id: id(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => supportConversations.id, { onDelete: "cascade" }),
    /** "member" or "staff". */
    sender: text("sender").notNull(),
    /** Who wrote it; null once a staff writer's account is gone (the reply stays). */
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull().default(""),
    imageUrl: text("image_url"),
    /** The order the member asked about ("Ask about this order"). */
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    /** Where it was written: "app" or "bot". */
    via: text("via").notNull().default("app"),
    createdAt: createdAt(),
  },
  (t) => [
    index("support_messages_conversation_idx").on(t.conversationId, t.createdAt.desc()),
    check("support_messages_sender_check", sql`${t.sender} in ('member', 'staff')`),
    check("support_messages_via_check", sql`${t.via} in ('app', 'bot')`),
    check("support_messages_content_check", sql`${t.body} <> '' or ${t.imageUrl} is not null`),
  ],
);

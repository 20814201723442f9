import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  pgView,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns";
import { users } from "./users";

export const channelSettings = pgTable(
  "channel_settings",
  {
    id: id(),
    // Always true: the unique index on it keeps the table to one row.
    singleton: boolean("singleton").notNull().default(true),
    channelName: text("channel_name"),
    channelUsername: text("channel_username"),
    memberCount: text("member_count"),
    logoUrl: text("logo_url"),
    heroVideoUrl: text("hero_video_url"),
    welcomeMessage: text("welcome_message"),
    storeDescription: text("store_description"),
    featuredProductsCount: integer("featured_products_count"),
    featureBullet1: text("feature_bullet_1"),
    featureBullet2: text("feature_bullet_2"),
    featureBullet3: text("feature_bullet_3"),
    featureBullet1Emoji: text("feature_bullet_1_emoji"),
    featureBullet2Emoji: text("feature_bullet_2_emoji"),
    featureBullet3Emoji: text("feature_bullet_3_emoji"),
    ageVerificationEnabled: boolean("age_verification_enabled").notNull().default(true),
    emailNotifications: boolean("email_notifications").notNull().default(true),
    lowStockAlerts: boolean("low_stock_alerts").notNull().default(true),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("channel_settings_singleton_key").on(t.singleton),
    check("channel_settings_singleton_check", sql`${t.singleton}`),
  ],
);

/** Read-only view with the spec's defaults; created in custom SQL (0001), always exactly one row. */
export const publicChannelInfo = pgView("public_channel_info", {
  channelName: text("channel_name").notNull(),
  channelUsername: text("channel_username"),
  memberCount: text("member_count").notNull(),
  logoUrl: text("logo_url"),
  featuredProductsCount: integer("featured_products_count").notNull(),
  heroVideoUrl: text("hero_video_url"),
  featureBullet1: text("feature_bullet_1").notNull(),
  featureBullet2: text("feature_bullet_2").notNull(),
  featureBullet3: text("feature_bullet_3").notNull(),
  featureBullet1Emoji: text("feature_bullet_1_emoji").notNull(),
  featureBullet2Emoji: text("feature_bullet_2_emoji").notNull(),
  featureBullet3Emoji: text("feature_bullet_3_emoji").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }),
}).existing();

export const channelMessages = pgTable(
  "channel_messages",
  {
    id: id(),
    content: text("content"),
    link: text("link"),
    imageUrl: text("image_url"),
    isPinned: boolean("is_pinned").notNull().default(false),
    isPublished: boolean("is_published").notNull().default(true),
    displayOrder: integer("display_order").notNull().default(0),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    hearts: integer("hearts").notNull().default(0),
    flames: integer("flames").notNull().default(0),
    trending: integer("trending").notNull().default(0),
    // Set when the message was relayed from a Telegram channel post.
    telegramChatId: bigint("telegram_chat_id", { mode: "bigint" }),
    telegramMessageId: bigint("telegram_message_id", { mode: "bigint" }),
    mediaGroupId: text("media_group_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The feed's keyset pages: published messages, pinned first, newest first, id breaking ties.
    index("channel_messages_feed_page_idx")
      .on(t.isPinned.desc(), t.createdAt.desc(), t.id.desc())
      .where(sql`${t.isPublished}`),
    uniqueIndex("channel_messages_telegram_key").on(t.telegramChatId, t.telegramMessageId),
    check("channel_messages_counts_check", sql`${t.hearts} >= 0 and ${t.flames} >= 0 and ${t.trending} >= 0`),
  ],
);

export const messageReactions = pgTable(
  "message_reactions",
  {
    messageId: uuid("message_id")
      .notNull()
      .references(() => channelMessages.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reaction: text("reaction").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.userId, t.reaction] }),
    check("message_reactions_reaction_check", sql`${t.reaction} in ('heart', 'flame')`),
  ],
);

/** Telegram redelivers updates; each update_id is handled once. */
export const processedUpdates = pgTable("processed_telegram_updates", {
  updateId: bigint("update_id", { mode: "bigint" }).primaryKey(),
  processedAt: timestamp("processed_at", { withTimezone: true }).notNull().defaultNow(),
});

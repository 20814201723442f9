import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  pgView,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "../accounts/users";
import { createdAt, id, updatedAt } from "../columns";

/** A formatting span of a relayed post, as Telegram gives it (offsets in UTF-16 code units). */
export interface TelegramEntity {
  type: string;
  offset: number;
  length: number;
  url?: string;
  language?: string;
}

/**
 * One attachment of a relayed post. `url` is null when the file was too large to fetch through the
 * Bot API: the app links to the post in Telegram instead. `telegramMessageId` places it in an album.
 */
export interface RelayedMedia {
  kind: "image" | "video" | "animation" | "document";
  url: string | null;
  telegramMessageId: number;
  fileUniqueId: string;
  name?: string;
}

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
    // The channel's IANA time zone: the owner's dashboard counts its days in it.
    timeZone: text("time_zone").notNull().default("UTC"),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("channel_settings_singleton_key").on(t.singleton),
    check("channel_settings_singleton_check", sql`${t.singleton}`),
  ],
);

/** Read-only view with defaults for unset fields; created in custom SQL (0001), always exactly one row. */
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
    // A relayed post's formatting (Telegram's MessageEntity list for content), rendered safely by the app.
    entities: jsonb("entities").$type<TelegramEntity[]>(),
    // A relayed post's attachments, in the post's order (an album holds several); see RelayedMedia.
    media: jsonb("media").$type<RelayedMedia[]>().notNull().default(sql`'[]'::jsonb`),
    // The post in Telegram, for media too large to fetch ("Watch in Telegram").
    telegramUrl: text("telegram_url"),
    // The channel's own reaction counts (message_reaction_count), shown added to the app's.
    telegramHearts: integer("telegram_hearts").notNull().default(0),
    telegramFlames: integer("telegram_flames").notNull().default(0),
    // The membership tiers the post is for (decision 118): empty, it is for every member; else only
    // members on one of these tiers (and staff) read it. No foreign key: a deleted tier opens nothing.
    tierIds: uuid("tier_ids").array().notNull().default(sql`'{}'::uuid[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The feed's keyset pages: published messages, pinned first, newest first, id breaking ties.
    index("channel_messages_feed_page_idx")
      .on(t.isPinned.desc(), t.createdAt.desc(), t.id.desc())
      .where(sql`${t.isPublished}`),
    uniqueIndex("channel_messages_telegram_key").on(t.telegramChatId, t.telegramMessageId),
    // The few posts for some tiers: /media looks a file up among them alone.
    index("channel_messages_tiered_idx").on(t.id).where(sql`${t.tierIds} <> '{}'::uuid[]`),
    // An album's posts arrive one by one and gather into one message.
    uniqueIndex("channel_messages_album_key")
      .on(t.telegramChatId, t.mediaGroupId)
      .where(sql`${t.mediaGroupId} is not null`),
    check(
      "channel_messages_counts_check",
      sql`${t.hearts} >= 0 and ${t.flames} >= 0 and ${t.trending} >= 0 and ${t.telegramHearts} >= 0 and ${t.telegramFlames} >= 0`,
    ),
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

/**
 * What an admin sent the bot to post, waiting for "Post to channel" or "Cancel". An album's items
 * gather into one draft; the status moves once, so a double tap posts once.
 */
export const botDrafts = pgTable(
  "bot_drafts",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    chatId: bigint("chat_id", { mode: "bigint" }).notNull(),
    messageIds: bigint("message_ids", { mode: "bigint" }).array().notNull(),
    mediaGroupId: text("media_group_id"),
    status: text("status").notNull().default("pending"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("bot_drafts_album_key")
      .on(t.chatId, t.mediaGroupId)
      .where(sql`${t.mediaGroupId} is not null`),
    check("bot_drafts_status_check", sql`${t.status} in ('pending', 'posted', 'cancelled')`),
  ],
);

/** Channel posts the bot made for an admin: the relay credits them to that admin. */
export const channelPostCredits = pgTable(
  "channel_post_credits",
  {
    chatId: bigint("chat_id", { mode: "bigint" }).notNull(),
    messageId: bigint("message_id", { mode: "bigint" }).notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.chatId, t.messageId] })],
);

/** Telegram redelivers updates; each update_id is handled once. */
export const processedUpdates = pgTable("processed_telegram_updates", {
  updateId: bigint("update_id", { mode: "bigint" }).primaryKey(),
  processedAt: timestamp("processed_at", { withTimezone: true }).notNull().defaultNow(),
});

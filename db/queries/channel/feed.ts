import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../client";
import { channelMessages, messageReactions, profiles, publicChannelInfo } from "../../schema";
import type { RelayedMedia, TelegramEntity } from "../../schema/channel/channel";
import { type PostTier, postTiers, readerColumns } from "./post-access";

/** Where a feed page ended: the last message's place in the order (pinned, created, id). */
export interface FeedCursor {
  pinned: boolean;
  createdAt: Date;
  id: string;
}

export interface FeedRow {
  id: string;
  content: string | null;
  link: string | null;
  imageUrl: string | null;
  isPinned: boolean;
  createdAt: Date;
  hearts: number;
  flames: number;
  entities: TelegramEntity[] | null;
  media: RelayedMedia[];
  telegramUrl: string | null;
  hasAuthor: boolean;
  authorName: string | null;
  authorAvatarUrl: string | null;
  /** The channel's name and logo (with the view's defaults), for posts without an author. */
  channelName: string;
  channelLogoUrl: string | null;
  /** The viewer's own reactions, in order. */
  myReactions: Reaction[];
  /** The app's reactions since the viewer's `since` (for trending). */
  recentReactions: number;
  /** The tiers the post is for (empty: every member), and those of them that still exist. */
  tierIds: string[];
  tiers: PostTier[];
  /** The viewer's current tier and staff role, which decide whether they may read it. */
  readerTierId: string | null;
  readerIsStaff: boolean;
}

/** Who reads the feed, and from when reactions count as recent (the trending window). */
export interface FeedViewer {
  id: string;
  since: Date;
}

/** What a message shows: the app's reactions plus, for relayed posts, the channel's own in Telegram. */
const shownCounts = {
  hearts: sql<number>`(${channelMessages.hearts} + ${channelMessages.telegramHearts})::int`,
  flames: sql<number>`(${channelMessages.flames} + ${channelMessages.telegramFlames})::int`,
};

/**
 * Feed rows as the API shows them, with their authors and the viewer's reactions, published only:
 * one statement (on PGlite each statement is a trip into the engine). The reactions are
 * subqueries on message_reactions' primary key (message, user, reaction), run for the page's rows.
 */
function feedRows(db: Db, viewer: FeedViewer, where: SQL | undefined) {
  const m = channelMessages;
  const r = messageReactions;
  return (
    db
      .select({
        id: m.id,
        content: m.content,
        link: m.link,
        imageUrl: m.imageUrl,
        isPinned: m.isPinned,
        createdAt: m.createdAt,
        ...shownCounts,
        entities: m.entities,
        media: m.media,
        telegramUrl: m.telegramUrl,
        hasAuthor: sql<boolean>`${m.createdBy} is not null`,
        authorName: profiles.fullName,
        authorAvatarUrl: profiles.avatarUrl,
        // Never null: the view always has its row, with a default name.
        channelName: sql<string>`${publicChannelInfo.channelName}`,
        channelLogoUrl: publicChannelInfo.logoUrl,
        myReactions: sql<
          Reaction[]
        >`coalesce((select array_agg(${r.reaction} order by ${r.reaction}) from ${r}
          where ${r.messageId} = ${m.id} and ${r.userId} = ${viewer.id}), '{}')`,
        recentReactions: sql<number>`(select count(*)::int from ${r}
          where ${r.messageId} = ${m.id} and ${r.createdAt} >= ${viewer.since.toISOString()}::timestamptz)`,
        tierIds: m.tierIds,
        tiers: postTiers,
        ...readerColumns(viewer.id),
      })
      .from(m)
      .leftJoin(profiles, eq(profiles.id, m.createdBy))
      // The view is always one row: every message gets the channel's name and logo in the same read.
      .leftJoin(publicChannelInfo, sql`true`)
      .where(and(eq(m.isPublished, true), where))
  );
}

/**
 * One page of the feed: published messages, pinned first, newest first, the id breaking ties. The
 * page after `after` continues below it in that order (a keyset page: no OFFSET, so page 500 costs
 * what page 1 does), read from channel_messages_feed_page_idx.
 */
export function feedPageQuery(db: Db, viewer: FeedViewer, after: FeedCursor | null, limit: number) {
  const m = channelMessages;
  const below = after
    ? sql`(${m.isPinned}, ${m.createdAt}, ${m.id}) < (${after.pinned}, ${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
    : undefined;
  return feedRows(db, viewer, below)
    .orderBy(
      sql`${m.isPinned} desc nulls last`,
      sql`${m.createdAt} desc nulls last`,
      sql`${m.id} desc nulls last`,
    )
    .limit(limit);
}

/** These messages, where still published (a live change names them). */
export const listFeedMessages = (db: Db, viewer: FeedViewer, ids: string[]): Promise<FeedRow[]> =>
  ids.length === 0 ? Promise.resolve([]) : feedRows(db, viewer, inArray(channelMessages.id, ids));

export const listFeedPage = (
  db: Db,
  viewer: FeedViewer,
  after: FeedCursor | null,
  limit: number,
): Promise<FeedRow[]> => feedPageQuery(db, viewer, after, limit);

export type Reaction = "heart" | "flame";

const countColumn = (reaction: Reaction) =>
  reaction === "heart" ? channelMessages.hearts : channelMessages.flames;

/**
 * Adds or takes back one person's reaction, with the message's count moved only when the
 * reaction row itself changed: two taps racing count once. The counts after, or undefined when
 * the message is not there.
 */
export async function setReaction(
  db: Db,
  messageId: string,
  userId: string,
  reaction: Reaction,
  on: boolean,
): Promise<{ hearts: number; flames: number } | undefined> {
  return db.transaction(async (tx) => {
    // The message row is locked first, so concurrent reactions on it queue here.
    const [message] = await tx
      .select(shownCounts)
      .from(channelMessages)
      .where(and(eq(channelMessages.id, messageId), eq(channelMessages.isPublished, true)))
      .for("update");
    if (!message) return undefined;
    const mine = and(
      eq(messageReactions.messageId, messageId),
      eq(messageReactions.userId, userId),
      eq(messageReactions.reaction, reaction),
    );
    const changed = on
      ? await tx
          .insert(messageReactions)
          .values({ messageId, userId, reaction })
          .onConflictDoNothing()
          .returning()
      : await tx.delete(messageReactions).where(mine).returning();
    if (changed.length === 0) return message;
    const moved = sql`greatest(${countColumn(reaction)} + ${on ? 1 : -1}, 0)`;
    const [counts] = await tx
      .update(channelMessages)
      .set(reaction === "heart" ? { hearts: moved } : { flames: moved })
      .where(eq(channelMessages.id, messageId))
      .returning(shownCounts);
    return counts;
  });
}

/** The viewer's own reactions on these messages. */
export async function reactionsOf(
  db: Db,
  userId: string,
  messageIds: string[],
): Promise<Map<string, Reaction[]>> {
  const mine = new Map<string, Reaction[]>();
  if (messageIds.length === 0) return mine;
  const rows = await db
    .select({ messageId: messageReactions.messageId, reaction: messageReactions.reaction })
    .from(messageReactions)
    .where(and(eq(messageReactions.userId, userId), inArray(messageReactions.messageId, messageIds)));
  for (const row of rows)
    mine.set(row.messageId, [...(mine.get(row.messageId) ?? []), row.reaction as Reaction]);
  return mine;
}

/** Pins or unpins a message; false when there is no such message. */
export async function setPinned(db: Db, messageId: string, pinned: boolean): Promise<boolean> {
  const rows = await db
    .update(channelMessages)
    .set({ isPinned: pinned })
    .where(eq(channelMessages.id, messageId))
    .returning({ id: channelMessages.id });
  return rows.length > 0;
}

/** Deletes a message (its reactions go with it); false when there is no such message. */
export async function deleteMessage(db: Db, messageId: string): Promise<boolean> {
  const rows = await db
    .delete(channelMessages)
    .where(eq(channelMessages.id, messageId))
    .returning({ id: channelMessages.id });
  return rows.length > 0;
}

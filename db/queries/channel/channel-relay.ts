import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../client";
import { channelMessages, channelPostCredits, messageTranslations } from "../../schema";
import type { RelayedMedia, TelegramEntity } from "../../schema/channel/channel";

/** A channel post as the feed keeps it. */
export interface RelayedPost {
  chatId: bigint;
  messageId: bigint;
  mediaGroupId: string | null;
  content: string | null;
  entities: TelegramEntity[] | null;
  media: RelayedMedia[];
  telegramUrl: string;
  createdAt: Date;
}

const m = channelMessages;

/** The feed message holding a channel post: its own, or the album it belongs to. */
const holds = (chatId: bigint, messageId: bigint) =>
  and(
    eq(m.telegramChatId, chatId),
    or(
      eq(m.telegramMessageId, messageId),
      sql`${m.media} @> ${JSON.stringify([{ telegramMessageId: Number(messageId) }])}::jsonb`,
    ),
  );

/** Who the bot posted this for, when an admin posted it through the bot. */
const creditedAuthor = (chatId: bigint, messageId: bigint) =>
  sql`(select ${channelPostCredits.userId} from ${channelPostCredits} where ${channelPostCredits.chatId} = ${chatId} and ${channelPostCredits.messageId} = ${messageId})`;

/**
 * Stores a channel post once: a redelivered post changes nothing, and an album's posts, arriving one
 * by one (concurrently too), gather into one message with their media in the album's order and the
 * caption of whichever item carries one. Returns false when nothing new was stored.
 */
export async function storeRelayedPost(db: Db, post: RelayedPost): Promise<boolean> {
  const values = {
    content: post.content,
    entities: post.entities,
    media: post.media,
    imageUrl: post.media.find((item) => item.kind === "image")?.url ?? null,
    telegramChatId: post.chatId,
    telegramMessageId: post.messageId,
    mediaGroupId: post.mediaGroupId,
    telegramUrl: post.telegramUrl,
    createdAt: post.createdAt,
    createdBy: creditedAuthor(post.chatId, post.messageId),
  };
  if (!post.mediaGroupId) {
    const rows = await db.insert(m).values(values).onConflictDoNothing().returning({ id: m.id });
    return rows.length > 0;
  }
  const merged = sql`(
    select jsonb_agg(item order by (item->>'telegramMessageId')::bigint)
    from (
      select distinct on (item->>'telegramMessageId') item
      from jsonb_array_elements(${m.media} || excluded.media) as item
    ) as items
  )`;
  const rows = await db
    .insert(m)
    .values(values)
    .onConflictDoUpdate({
      target: [m.telegramChatId, m.mediaGroupId],
      targetWhere: sql`${m.mediaGroupId} is not null`,
      set: {
        media: merged,
        // The album's first post is its link and its place in Telegram.
        telegramMessageId: sql`least(${m.telegramMessageId}, excluded.telegram_message_id)`,
        telegramUrl: sql`case when excluded.telegram_message_id < ${m.telegramMessageId} then excluded.telegram_url else ${m.telegramUrl} end`,
        content: sql`coalesce(${m.content}, excluded.content)`,
        entities: sql`case when ${m.content} is null then excluded.entities else ${m.entities} end`,
        imageUrl: sql`(select item->>'url' from jsonb_array_elements(${merged}) as item where item->>'kind' = 'image' limit 1)`,
        createdBy: sql`coalesce(${m.createdBy}, excluded.created_by)`,
      },
      // A redelivered album item is already there: nothing to change.
      setWhere: sql`not ${m.media} @> ${JSON.stringify([{ telegramMessageId: Number(post.messageId) }])}::jsonb`,
    })
    .returning({ id: m.id });
  return rows.length > 0;
}

/** The message holding a channel post, with what an edit may change. */
export async function findRelayedPost(db: Db, chatId: bigint, messageId: bigint) {
  const [row] = await db
    .select({ id: m.id, content: m.content, media: m.media, telegramMessageId: m.telegramMessageId })
    .from(m)
    .where(holds(chatId, messageId))
    .limit(1);
  return row;
}

/**
 * An edited post: its text (the album's caption, when the edit is on the item that carries it) and
 * media. An edit of the text drops the text's translations in the same transaction.
 */
export async function updateRelayedPost(
  db: Db,
  id: string,
  change: { content?: string | null; entities?: TelegramEntity[] | null; media: RelayedMedia[] },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(m)
      .set({
        ...change,
        imageUrl: change.media.find((item) => item.kind === "image")?.url ?? null,
      })
      .where(eq(m.id, id));
    if (change.content !== undefined)
      await tx.delete(messageTranslations).where(eq(messageTranslations.messageId, id));
  });
}

/** A post pinned in the channel is pinned in the feed; false when the post was never relayed. */
export async function pinRelayedPost(db: Db, chatId: bigint, messageId: bigint): Promise<boolean> {
  const rows = await db
    .update(m)
    .set({ isPinned: true })
    .where(holds(chatId, messageId))
    .returning({ id: m.id });
  return rows.length > 0;
}

/** The channel's own reaction counts on a post (Telegram's totals, so a redelivery is harmless). */
export async function setTelegramReactions(
  db: Db,
  chatId: bigint,
  messageId: bigint,
  counts: { hearts: number; flames: number },
): Promise<boolean> {
  const rows = await db
    .update(m)
    .set({ telegramHearts: counts.hearts, telegramFlames: counts.flames })
    .where(and(eq(m.telegramChatId, chatId), eq(m.telegramMessageId, messageId)))
    .returning({ id: m.id });
  return rows.length > 0;
}

/**
 * The channel posts the bot made for an admin: a post relayed later is credited when stored, and one
 * relayed already (a webhook can be quicker than copyMessage's answer) is credited now.
 */
export async function creditChannelPosts(
  db: Db,
  chatId: bigint,
  messageIds: bigint[],
  userId: string,
): Promise<void> {
  if (messageIds.length === 0) return;
  await db.transaction(async (tx) => {
    await tx
      .insert(channelPostCredits)
      .values(messageIds.map((messageId) => ({ chatId, messageId, userId })))
      .onConflictDoNothing();
    for (const messageId of messageIds) {
      await tx
        .update(m)
        .set({ createdBy: userId })
        .where(and(holds(chatId, messageId), isNull(m.createdBy)));
    }
  });
}

import {
  creditChannelPosts as creditPosts,
  findRelayedPost,
  pinRelayedPost,
  setTelegramReactions,
  storeRelayedPost,
  updateRelayedPost,
} from "#db/queries/channel/channel-relay";
import { insertFeedPost, linkFeedPost } from "#db/queries/channel/feed-posts";
import { setPostTiers } from "#db/queries/channel/post-access";
import type { RelayedMedia, TelegramEntity } from "#db/schema/channel/channel";
import type { ServiceContext } from "../context";
import { isUniqueViolation } from "../db-errors";
import { checkedTiers } from "./post-access";

/*
 * The one way a feed message is written. Two callers: the composer (api/domain/channel/composer-post.ts: an
 * admin's message stored, then linked to the channel post it was published as) and the bot's relay
 * of the channel (bot/features/channel-relay.ts: new posts, albums gathered into one, edits, pins,
 * the channel's reaction counts, and the credit for posts an admin made through the bot). The rules
 * live here; the bot only reads Telegram's updates and fetches files.
 */

/** A channel post's attachment, fetched only when the feed needs its file. */
export interface PostAttachment {
  kind: RelayedMedia["kind"];
  /** Telegram's id of the file itself: the same file in an edit is not fetched again. */
  fileUniqueId: string;
  name?: string;
  /** Stores the file and answers its URL; null when it cannot be (the feed links to the post then). */
  fetch: () => Promise<string | null>;
}

/** A channel post as Telegram has it now: new, or edited. */
export interface ChannelPostContent {
  chatId: bigint;
  messageId: bigint;
  content: string | null;
  entities: TelegramEntity[] | null;
  attachment: PostAttachment | undefined;
}

/** A new channel post, with what places it in the feed and in Telegram. */
export interface NewChannelPost extends ChannelPostContent {
  /** Telegram's album: the posts of one album gather into one message. */
  mediaGroupId: string | null;
  telegramUrl: string;
  createdAt: Date;
}

/** The attachment fetched and described as the feed keeps it, placed in its album by its post. */
async function fetched(messageId: bigint, attachment: PostAttachment): Promise<RelayedMedia> {
  return {
    kind: attachment.kind,
    url: await attachment.fetch(),
    telegramMessageId: Number(messageId),
    fileUniqueId: attachment.fileUniqueId,
    ...(attachment.name ? { name: attachment.name } : {}),
  };
}

/**
 * A new channel post becomes a feed message, once. A post the feed holds already (published from
 * the composer and linked to it, or a redelivery) changes nothing, and its file is not fetched
 * again, so no unreferenced copy is left in storage. An album's posts, arriving one by one (in any
 * order, concurrently too), gather into one message: its media in the album's order, the caption
 * of whichever item carries one, the first post as its link. Returns false when nothing new was
 * stored.
 */
export async function relayChannelPost(
  ctx: Pick<ServiceContext, "db">,
  post: NewChannelPost,
): Promise<boolean> {
  if (await findRelayedPost(ctx.db, post.chatId, post.messageId)) return false;
  return storeRelayedPost(ctx.db, {
    chatId: post.chatId,
    messageId: post.messageId,
    mediaGroupId: post.mediaGroupId,
    content: post.content,
    entities: post.entities,
    media: post.attachment ? [await fetched(post.messageId, post.attachment)] : [],
    telegramUrl: post.telegramUrl,
    createdAt: post.createdAt,
  });
}

/**
 * An edited channel post changes the message holding it: a replaced photo or video is fetched again
 * (an unchanged one is kept), and in an album only the item carrying the caption (or the first)
 * speaks for the message's text. Returns false when no message holds the post (never relayed).
 */
export async function relayChannelEdit(
  ctx: Pick<ServiceContext, "db">,
  edit: ChannelPostContent,
): Promise<boolean> {
  const stored = await findRelayedPost(ctx.db, edit.chatId, edit.messageId);
  if (!stored) return false;
  const { attachment } = edit;
  const mine = stored.media.find((item) => item.telegramMessageId === Number(edit.messageId));
  const media =
    attachment && mine?.fileUniqueId !== attachment.fileUniqueId
      ? [...stored.media.filter((item) => item !== mine), await fetched(edit.messageId, attachment)].sort(
          (a, b) => a.telegramMessageId - b.telegramMessageId,
        )
      : stored.media;
  const text = { content: edit.content, entities: edit.entities };
  const ownsText =
    text.content !== null || stored.content === null || edit.messageId === stored.telegramMessageId;
  await updateRelayedPost(ctx.db, stored.id, { ...(ownsText ? text : {}), media });
  return true;
}

/** A post pinned in the channel is pinned in the feed; false when the post was never relayed. */
export async function pinChannelPost(
  ctx: Pick<ServiceContext, "db">,
  chatId: bigint,
  messageId: bigint,
): Promise<boolean> {
  return pinRelayedPost(ctx.db, chatId, messageId);
}

/**
 * The channel's own ❤ and 🔥 counts on a post, shown added to the app's. Telegram sends totals, so a
 * redelivery is harmless. False when no message is that post.
 */
export async function setChannelReactions(
  ctx: Pick<ServiceContext, "db">,
  chatId: bigint,
  messageId: bigint,
  counts: { hearts: number; flames: number },
): Promise<boolean> {
  return setTelegramReactions(ctx.db, chatId, messageId, counts);
}

/**
 * The channel posts the bot made for an admin are theirs: a post relayed later is credited when
 * stored, and one relayed already (a webhook can be quicker than copyMessage's answer) now.
 */
export async function creditChannelPosts(
  ctx: Pick<ServiceContext, "db">,
  chatId: bigint,
  messageIds: bigint[],
  userId: string,
): Promise<void> {
  await creditPosts(ctx.db, chatId, messageIds, userId);
}

/** A message from the composer, checked already: stored and published at once. Its id. */
export async function storeComposedMessage(
  ctx: Pick<ServiceContext, "db">,
  message: { content: string | null; imageUrl: string | null; createdBy: string; tierIds?: string[] },
): Promise<string> {
  return insertFeedPost(ctx.db, message);
}

/**
 * The tiers a relayed post is for (decision 118), set by the gate for posts relayed from a chat
 * gated to them; an empty list makes it every member's again. Unknown tiers are refused
 * (invalid_post); false when the post was never relayed.
 * @public the gate (issue 46) calls it for posts relayed from a gated chat.
 */
export async function setRelayedPostTiers(
  ctx: Pick<ServiceContext, "db">,
  chatId: bigint,
  messageId: bigint,
  tierIds: string[],
): Promise<boolean> {
  const tiers = await checkedTiers(ctx, tierIds);
  const stored = await findRelayedPost(ctx.db, chatId, messageId);
  return stored ? setPostTiers(ctx.db, stored.id, tiers) : false;
}

/**
 * A composed message is linked to the channel post it was published as. The relay may hold that
 * post already (its update can come before Telegram's answer): its copy is deleted, so the post is
 * one message, ours. A copy being inserted meanwhile fails the link once; committed by then, it is
 * deleted by a second pass.
 */
export async function linkChannelPost(
  ctx: Pick<ServiceContext, "db">,
  id: string,
  post: { chatId: bigint; messageId: bigint },
): Promise<void> {
  await linkFeedPost(ctx.db, id, post).catch((error: unknown) => {
    if (!isUniqueViolation(error)) throw error;
    return linkFeedPost(ctx.db, id, post);
  });
}

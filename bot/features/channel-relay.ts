import { Composer } from "grammy";
import type { Message } from "grammy/types";
import { errorFields } from "#api/logger";
import type { ServiceContext } from "#api/services/context";
import {
  findRelayedPost,
  pinRelayedPost,
  setTelegramReactions,
  storeRelayedPost,
  updateRelayedPost,
} from "#db/queries/channel-relay";
import type { RelayedMedia } from "#db/schema/channel";
import { isFeedPost, type MediaRef, mediaOf, postText, postUrl, reactionTotals } from "../channel-post";
import type { ChannelTarget } from "../channel-target";
import type { BotContext } from "../context";
import type { FileFetcher } from "../relay-files";

/**
 * The channel's posts become feed messages: new posts, albums gathered into one, edits, pins and the
 * channel's reaction counts. Posts from any other chat are ignored. Telegram does not tell bots about
 * deleted posts: staff delete those in the app.
 */
export function channelRelay(
  services: Pick<ServiceContext, "db" | "log">,
  deps: { channel: ChannelTarget; fetchFile: FileFetcher },
) {
  const composer = new Composer<BotContext>();
  const channel = composer.filter((ctx) => {
    const chat = ctx.chat ?? ctx.messageReactionCount?.chat;
    return chat !== undefined && deps.channel.matches(chat);
  });

  /** The attachment as stored, or as a link when it cannot be fetched (too large, not playable). */
  const fetchMedia = async (message: Message, ref: MediaRef): Promise<RelayedMedia> => {
    const stem = `telegram/${String(message.chat.id).replace("-", "")}-${message.message_id}-${ref.fileUniqueId}`;
    let url: string | null = null;
    try {
      url = (await deps.fetchFile(ref, stem)) ?? null;
    } catch (error) {
      // The post still reaches the feed, with a link to watch it in Telegram.
      services.log.warn("channel file not fetched", { messageId: message.message_id, ...errorFields(error) });
    }
    return {
      kind: ref.kind,
      url,
      telegramMessageId: message.message_id,
      fileUniqueId: ref.fileUniqueId,
      ...(ref.name ? { name: ref.name } : {}),
    };
  };

  channel.on("channel_post", async (ctx) => {
    const post = ctx.channelPost;
    if (post.pinned_message) {
      await pinRelayedPost(services.db, BigInt(post.chat.id), BigInt(post.pinned_message.message_id));
      return;
    }
    if (!isFeedPost(post)) return;
    // Already here: posted from the composer (linked to this post), or a redelivery. Its file is
    // not fetched again, so no unreferenced copy is left in storage.
    if (await findRelayedPost(services.db, BigInt(post.chat.id), BigInt(post.message_id))) return;
    const ref = mediaOf(post);
    await storeRelayedPost(services.db, {
      chatId: BigInt(post.chat.id),
      messageId: BigInt(post.message_id),
      mediaGroupId: post.media_group_id ?? null,
      ...postText(post),
      media: ref ? [await fetchMedia(post, ref)] : [],
      telegramUrl: postUrl(post.chat, post.message_id),
      createdAt: new Date(post.date * 1000),
    });
  });

  channel.on("edited_channel_post", async (ctx) => {
    const post = ctx.editedChannelPost;
    const stored = await findRelayedPost(services.db, BigInt(post.chat.id), BigInt(post.message_id));
    if (!stored) return;
    const ref = mediaOf(post);
    const mine = stored.media.find((item) => item.telegramMessageId === post.message_id);
    // A replaced photo or video is fetched again; an unchanged one is kept.
    const media =
      ref && mine?.fileUniqueId !== ref.fileUniqueId
        ? [...stored.media.filter((item) => item !== mine), await fetchMedia(post, ref)].sort(
            (a, b) => a.telegramMessageId - b.telegramMessageId,
          )
        : stored.media;
    const text = postText(post);
    // In an album only the item carrying the caption (or the first) speaks for the message's text.
    const ownsText =
      text.content !== null ||
      stored.content === null ||
      BigInt(post.message_id) === stored.telegramMessageId;
    await updateRelayedPost(services.db, stored.id, { ...(ownsText ? text : {}), media });
  });

  channel.on("message_reaction_count", async (ctx) => {
    const update = ctx.messageReactionCount;
    await setTelegramReactions(
      services.db,
      BigInt(update.chat.id),
      BigInt(update.message_id),
      reactionTotals(update.reactions),
    );
  });

  return composer;
}

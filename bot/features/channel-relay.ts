import { Composer } from "grammy";
import type { Message } from "grammy/types";
import {
  type PostAttachment,
  pinChannelPost,
  relayChannelEdit,
  relayChannelPost,
  setChannelReactions,
} from "#api/domain/channel";
import type { ServiceContext } from "#api/domain/context";
import { errorFields } from "#api/process/logger";
import { isFeedPost, mediaOf, postText, postUrl, reactionTotals } from "../channel-post-content";
import type { ChannelTarget } from "../channel-target";
import type { BotContext } from "../context";
import type { FileFetcher } from "../relay-files";

/**
 * The channel's posts become feed messages: new posts, albums gathered into one, edits, pins and the
 * channel's reaction counts. Posts from any other chat are ignored. Telegram does not tell bots about
 * deleted posts: staff delete those in the app. The rules are the messages service's
 * (api/domain/channel/channel-messages.ts); this reads the updates and fetches the files.
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

  /** The post's attachment, fetched when the service asks: stored, or a link when it cannot be (too large, not playable). */
  const attachmentOf = (message: Message): PostAttachment | undefined => {
    const ref = mediaOf(message);
    if (!ref) return undefined;
    const stem = `telegram/${String(message.chat.id).replace("-", "")}-${message.message_id}-${ref.fileUniqueId}`;
    return {
      kind: ref.kind,
      fileUniqueId: ref.fileUniqueId,
      ...(ref.name ? { name: ref.name } : {}),
      fetch: async () => {
        try {
          return (await deps.fetchFile(ref, stem)) ?? null;
        } catch (error) {
          // The post still reaches the feed, with a link to watch it in Telegram.
          services.log.warn("channel file not fetched", {
            messageId: message.message_id,
            ...errorFields(error),
          });
          return null;
        }
      },
    };
  };

  /** The post as the service reads it: where it is, its text and its attachment. */
  const contentOf = (post: Message) => ({
    chatId: BigInt(post.chat.id),
    messageId: BigInt(post.message_id),
    ...postText(post),
    attachment: attachmentOf(post),
  });

  channel.on("channel_post", async (ctx) => {
    const post = ctx.channelPost;
    if (post.pinned_message) {
      await pinChannelPost(services, BigInt(post.chat.id), BigInt(post.pinned_message.message_id));
      return;
    }
    if (!isFeedPost(post)) return;
    await relayChannelPost(services, {
      ...contentOf(post),
      mediaGroupId: post.media_group_id ?? null,
      telegramUrl: postUrl(post.chat, post.message_id),
      createdAt: new Date(post.date * 1000),
    });
  });

  channel.on("edited_channel_post", async (ctx) => {
    await relayChannelEdit(services, contentOf(ctx.editedChannelPost));
  });

  channel.on("message_reaction_count", async (ctx) => {
    const update = ctx.messageReactionCount;
    await setChannelReactions(
      services,
      BigInt(update.chat.id),
      BigInt(update.message_id),
      reactionTotals(update.reactions),
    );
  });

  return composer;
}

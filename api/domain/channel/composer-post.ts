import { BOT_UPLOAD_BYTES, type PostMessageResult, postMessageFieldsSchema } from "#api/contracts/feed";
import { hasInvalidText } from "#api/contracts/text";
import { type IncomingForm, type ReceivedForm, storeForm } from "#api/domain/uploads";
import { errorFields } from "#api/process/logger";
import type { ServiceContext } from "../context";
import type { ChannelPost } from "../ports/telegram-notifier";
import { Refusal } from "../refusal";
import { linkChannelPost, storeComposedMessage } from "./channel-messages";
import { checkedTiers } from "./post-access";

/**
 * An admin's message from the composer: checked, stored in the feed, then published to the channel
 * when the bot has one. The feed keeps the message when Telegram refuses it; the answer says
 * whether it reached the channel. A post for some tiers stays in the feed: the channel is anyone's
 * to read (decision 118). (The message's text never goes to the log; its id does.)
 */
export async function postMessage(
  ctx: ServiceContext,
  userId: string,
  incoming: IncomingForm,
): Promise<PostMessageResult> {
  const form = await storeForm(incoming, ctx, "messageAttachment", {
    owner: userId,
    at: ctx.now().getTime(),
  });
  const { id, post, forTiers } = await storeMessage(ctx, userId, form);
  if (!ctx.telegram.channelConfigured) return { id, channel: "none" };
  if (forTiers) return { id, channel: "for_tiers" };
  if ((form.upload?.size ?? 0) > BOT_UPLOAD_BYTES) return { id, channel: "too_large" };
  const published = await ctx.telegram.publishPost(post).catch((error: unknown) => {
    ctx.log.warn("could not publish a feed message to the channel", { messageId: id, ...errorFields(error) });
    return undefined;
  });
  if (!published) return { id, channel: "failed" };
  try {
    await linkChannelPost(ctx, id, published);
  } catch (error) {
    // Posted in both places all the same; at worst the relayed copy shows as a second message.
    ctx.log.error("could not link a feed message to its channel post", {
      messageId: id,
      ...errorFields(error),
    });
  }
  return { id, channel: "published" };
}

/** The message checked and stored; a refused or failed one removes its file, leaving nothing behind. */
async function storeMessage(
  ctx: ServiceContext,
  userId: string,
  { fields, upload }: ReceivedForm,
): Promise<{ id: string; post: ChannelPost; forTiers: boolean }> {
  try {
    const { content, tierIds } = checkedContent(fields, upload !== undefined);
    const tiers = await checkedTiers(ctx, tierIds ? tierIds.split(",") : []);
    const id = await storeComposedMessage(ctx, {
      content: content || null,
      imageUrl: upload?.url ?? null,
      createdBy: userId,
      tierIds: tiers,
    });
    const kind = upload?.contentType.startsWith("video/") ? "video" : "image";
    return {
      id,
      forTiers: tiers.length > 0,
      post: {
        text: content,
        ...(upload ? { file: { kind, bucket: upload.bucket, name: upload.name } } : {}),
      },
    };
  } catch (error) {
    if (upload) {
      await ctx.storage.remove(upload.bucket, upload.name).catch((removal: unknown) => {
        ctx.log.warn("could not remove a refused message's file", {
          name: upload.name,
          ...errorFields(removal),
        });
      });
    }
    throw error;
  }
}

/** The trimmed text and the tiers field, or a refusal: text or a file is needed, within Telegram's length. */
function checkedContent(fields: Record<string, string>, hasFile: boolean) {
  if (hasInvalidText(fields.content)) throw new Refusal("invalid_text");
  const parsed = postMessageFieldsSchema.safeParse(fields);
  if (!parsed.success)
    throw new Refusal("invalid_post", { message: parsed.error.issues[0]?.message ?? "Invalid request" });
  if (!parsed.data.content && !hasFile) throw new Refusal("empty_post");
  return parsed.data;
}

import { Composer, GrammyError, InlineKeyboard } from "grammy";
import type { ServiceContext } from "#api/domain/context";
import {
  addToDraft,
  channelAdminByTelegramId,
  reopenDraft,
  settleDraft,
} from "#api/domain/services/channel-drafts";
import { creditChannelPosts } from "#api/domain/services/channel-messages";
import type { ChannelTarget } from "../channel-target";
import type { BotContext } from "../context";

export const postingReplies = {
  refused:
    "Sorry, only the channel's admins can post through me. Send /start to open the shop, or /help to see what I can do.",
  noChannel: "No channel is set up yet (TELEGRAM_CHANNEL_ID), so there is nowhere to post this.",
  preview: "Post this to the channel?",
  albumPreview: "Post this album to the channel?",
  posted: "Posted to the channel.",
  cancelled: "Cancelled. Nothing was posted.",
  alreadyDone: "This one was already posted or cancelled.",
  failed: (reason: string) => `Could not post to the channel: ${reason}. Tap Post to channel to try again.`,
} as const;

/** Takes the buttons off the preview; a preview too old to edit keeps them (a tap then says it is done). */
const dropButtons = (ctx: BotContext) =>
  ctx.callbackQuery?.message ? ctx.editMessageReplyMarkup().then(() => undefined) : Promise.resolve();

const postButtons = (draftId: string) =>
  new InlineKeyboard().text("Post to channel", `post:${draftId}`).text("Cancel", `cancel:${draftId}`);

/**
 * An admin (by the app's roles, matched by Telegram id) sends the bot a text, photo, video or album;
 * the bot shows it back with "Post to channel" and "Cancel"; on confirm it copies it to the channel,
 * where the relay turns it into a feed message credited to that admin. Anyone else is refused politely.
 */
export function channelPosting(
  services: Pick<ServiceContext, "db" | "log">,
  deps: { channel: ChannelTarget | undefined },
) {
  const composer = new Composer<BotContext>();
  const privateChats = composer.chatType("private");

  const adminOf = (telegramId: number) => channelAdminByTelegramId(services, BigInt(telegramId));

  privateChats.on(["message:text", "message:photo", "message:video", "message:animation"], async (ctx) => {
    if (ctx.message.text?.startsWith("/")) return;
    const admin = await adminOf(ctx.from.id);
    if (!admin) {
      // One refusal per album, not one per photo.
      if (!ctx.message.media_group_id || ctx.message.caption) await ctx.reply(postingReplies.refused);
      return;
    }
    if (!deps.channel) {
      await ctx.reply(postingReplies.noChannel);
      return;
    }
    const draft = await addToDraft(services, {
      userId: admin.id,
      chatId: BigInt(ctx.chat.id),
      messageId: BigInt(ctx.message.message_id),
      mediaGroupId: ctx.message.media_group_id ?? null,
    });
    if (!draft.created) return;
    if (ctx.message.media_group_id) {
      // An album takes no buttons: the question goes under it.
      await ctx.reply(postingReplies.albumPreview, {
        reply_markup: postButtons(draft.id),
        reply_parameters: { message_id: ctx.message.message_id },
      });
      return;
    }
    // The preview is the post as the channel will show it, with the two buttons under it.
    await ctx.api.copyMessage(ctx.chat.id, ctx.chat.id, ctx.message.message_id, {
      reply_markup: postButtons(draft.id),
    });
  });

  composer.callbackQuery(/^(post|cancel):([0-9a-f-]{36})$/, async (ctx) => {
    const [, action, draftId = ""] = ctx.match;
    const admin = await adminOf(ctx.from.id);
    if (!admin) {
      await ctx.answerCallbackQuery({ text: postingReplies.refused, show_alert: true });
      return;
    }
    const draft = await settleDraft(services, draftId, admin.id, action === "post" ? "posted" : "cancelled");
    if (!draft) {
      await ctx.answerCallbackQuery({ text: postingReplies.alreadyDone });
      return;
    }
    const channel = deps.channel;
    if (action === "cancel" || !channel) {
      await ctx.answerCallbackQuery({ text: postingReplies.cancelled });
      await dropButtons(ctx);
      return;
    }
    const ids = draft.messageIds.map(Number);
    let posted: number[];
    try {
      posted =
        ids.length === 1
          ? [(await ctx.api.copyMessage(channel.id, Number(draft.chatId), ids[0] ?? 0)).message_id]
          : (await ctx.api.copyMessages(channel.id, Number(draft.chatId), ids)).map((m) => m.message_id);
    } catch (error) {
      await reopenDraft(services, draftId);
      const reason = error instanceof GrammyError ? error.description : "Telegram did not answer";
      await ctx.answerCallbackQuery({ text: postingReplies.failed(reason), show_alert: true });
      return;
    }
    await creditChannelPosts(services, await channel.chatId(ctx.api), posted.map(BigInt), admin.id);
    services.log.info("posted to the channel through the bot", { userId: admin.id, posts: posted.length });
    await ctx.answerCallbackQuery({ text: postingReplies.posted });
    await dropButtons(ctx);
  });

  return composer;
}

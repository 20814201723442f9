import { Composer, GrammyError, InlineKeyboard } from "grammy";
import type { Language } from "#api/contracts/languages";
import {
  addToDraft,
  channelAdminByTelegramId,
  creditChannelPosts,
  reopenDraft,
  settleDraft,
} from "#api/domain/channel";
import type { ServiceContext } from "#api/domain/context";
import { type ServerTextKey, serverText, type TextValues } from "#api/domain/i18n/translate";
import type { ChannelTarget } from "../channel-target";
import type { BotContext } from "../context";

/** What the bot tells someone posting through it, in their language. */
export const postingReply = (language: Language, key: ServerTextKey & `bot.${string}`, values?: TextValues) =>
  serverText(language, key, values);

/** Takes the buttons off the preview; a preview too old to edit keeps them (a tap then says it is done). */
const dropButtons = (ctx: BotContext) =>
  ctx.callbackQuery?.message ? ctx.editMessageReplyMarkup().then(() => undefined) : Promise.resolve();

const postButtons = (language: Language, draftId: string) =>
  new InlineKeyboard()
    .text(serverText(language, "bot.postToChannel"), `post:${draftId}`)
    .text(serverText(language, "bot.cancel"), `cancel:${draftId}`);

/**
 * An admin (by the app's roles, matched by Telegram id) sends the bot a text, photo, video or album;
 * the bot shows it back with "Post to channel" and "Cancel"; on confirm it copies it to the channel,
 * where the relay turns it into a feed message credited to that admin. Anyone else is refused politely.
 * The bot answers in the sender's language (ctx.language).
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
    const { language } = ctx;
    if (!admin) {
      // One refusal per album, not one per photo.
      if (!ctx.message.media_group_id || ctx.message.caption)
        await ctx.reply(postingReply(language, "bot.postRefused"));
      return;
    }
    if (!deps.channel) {
      await ctx.reply(postingReply(language, "bot.noChannel"));
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
      await ctx.reply(postingReply(language, "bot.albumPreview"), {
        reply_markup: postButtons(language, draft.id),
        reply_parameters: { message_id: ctx.message.message_id },
      });
      return;
    }
    // The preview is the post as the channel will show it, with the two buttons under it.
    await ctx.api.copyMessage(ctx.chat.id, ctx.chat.id, ctx.message.message_id, {
      reply_markup: postButtons(language, draft.id),
    });
  });

  composer.callbackQuery(/^(post|cancel):([0-9a-f-]{36})$/, async (ctx) => {
    const [, action, draftId = ""] = ctx.match;
    const admin = await adminOf(ctx.from.id);
    const { language } = ctx;
    if (!admin) {
      await ctx.answerCallbackQuery({ text: postingReply(language, "bot.postRefused"), show_alert: true });
      return;
    }
    const draft = await settleDraft(services, draftId, admin.id, action === "post" ? "posted" : "cancelled");
    if (!draft) {
      await ctx.answerCallbackQuery({ text: postingReply(language, "bot.alreadyDone") });
      return;
    }
    const channel = deps.channel;
    if (action === "cancel" || !channel) {
      await ctx.answerCallbackQuery({ text: postingReply(language, "bot.cancelled") });
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
      const reason =
        error instanceof GrammyError ? error.description : serverText(language, "bot.telegramNoAnswer");
      await ctx.answerCallbackQuery({
        text: postingReply(language, "bot.postFailed", { reason }),
        show_alert: true,
      });
      return;
    }
    await creditChannelPosts(services, await channel.chatId(ctx.api), posted.map(BigInt), admin.id);
    services.log.info("posted to the channel through the bot", { userId: admin.id, posts: posted.length });
    await ctx.answerCallbackQuery({ text: postingReply(language, "bot.posted") });
    await dropButtons(ctx);
  });

  return composer;
}

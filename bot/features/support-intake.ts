import { randomBytes } from "node:crypto";
import { Composer } from "grammy";
import { tooManyAttemptsMessage } from "#api/domain/auth";
import { channelAdminByTelegramId } from "#api/domain/channel";
import type { ServiceContext } from "#api/domain/context";
import { openedBot } from "#api/domain/messaging";
import { writeFromBot } from "#api/domain/support";
import type { BotContext } from "../context";
import type { FileFetcher } from "../relay-files";

/** A photo the inbox keeps: the support upload's cap (api/contracts/uploads.ts, supportImage). */
const SUPPORT_PHOTO_BYTES = 5 * 1024 * 1024;

/** What a member may send that the inbox does not keep. */
const OTHER_CONTENT = [
  "video",
  "animation",
  "document",
  "sticker",
  "voice",
  "audio",
  "video_note",
  "location",
  "contact",
  "poll",
];

/**
 * Members writing to the bot in a private chat (docs/decisions/105-support-inbox.md): a text or a
 * photo becomes a message of their conversation with the shop, and the bot acknowledges the first
 * of a run of messages in their language. Anything else (a video, a sticker, a file) gets a word
 * that only text and photos reach the shop. The channel's admins go on to posting through the bot
 * (post-through-bot.ts, registered after this); commands go on to their own handlers.
 */
export function supportIntake(services: ServiceContext, deps: { fetchFile: FileFetcher }) {
  const composer = new Composer<BotContext>();
  const privateChats = composer.chatType("private");

  privateChats.on("message", async (ctx, next) => {
    const message = ctx.message;
    if (message.text?.startsWith("/")) return next();
    if (await channelAdminByTelegramId(services, BigInt(ctx.from.id))) return next();
    const photo = message.photo?.at(-1);
    if (message.text === undefined && !photo) {
      // Service messages (a payment, a member joining) are no one's words: they go on.
      if (!OTHER_CONTENT.some((kind) => kind in message)) return next();
      // One word per album, not one per item.
      if (!message.media_group_id || message.caption) await ctx.reply(ctx.t("support.onlyTextAndPhotos"));
      return;
    }
    const intake = await writeFromBot(
      services,
      {
        telegramId: BigInt(ctx.from.id),
        username: ctx.from.username ?? null,
        fullName: [ctx.from.first_name, ctx.from.last_name].filter(Boolean).join(" ") || null,
        languageCode: ctx.from.language_code ?? null,
      },
      {
        text: message.text ?? message.caption ?? "",
        ...(photo && (photo.file_size ?? 0) <= SUPPORT_PHOTO_BYTES
          ? {
              storeImage: (owner: string) =>
                deps.fetchFile(
                  {
                    kind: "image",
                    fileId: photo.file_id,
                    fileUniqueId: photo.file_unique_id,
                    size: photo.file_size,
                  },
                  `${owner}/${Date.now()}-${randomBytes(8).toString("hex")}`,
                  "support-images",
                ),
            }
          : {}),
      },
    );
    // Writing to the bot opens its chat as /start does: replies and reminders may reach them now.
    await openedBot(services, BigInt(ctx.from.id));
    if (!intake.stored) await ctx.reply(tooManyAttemptsMessage(intake.retryAfterSeconds, ctx.language));
    else if (intake.acknowledge) await ctx.reply(ctx.t("support.received"));
  });

  return composer;
}

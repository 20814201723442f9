import { Composer, InlineKeyboard } from "grammy";
import type { ServiceContext } from "#api/domain/context";
import { readChannelName } from "#api/domain/services/channel-info";
import { LINK_PREFIX, type LinkOutcome, redeemTelegramLink } from "#api/domain/services/telegram-link";
import type { BotContext } from "../context";

export const linkReplies: Record<LinkOutcome["result"], string> = {
  linked:
    "Done! Your Telegram account is now linked. You can sign in with Telegram or with your email and password.",
  "already-linked": "This Telegram account is already linked to that account. Nothing to do.",
  invalid:
    "This link is invalid or has expired. Create a new one in Settings → Password and Security and open it within 15 minutes.",
  "telegram-taken":
    "This Telegram account already belongs to another account, so it can't be linked. Sign in with Telegram to use that account, or delete it first and try again.",
  "account-taken": "That account is already linked to a different Telegram account.",
};

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
/** `/start product_<id>` and `/start msg_<id>` (the links members share) open that screen of the Mini App. */
const DEEP_LINKS: { pattern: RegExp; path: (id: string) => string; label: string }[] = [
  {
    pattern: new RegExp(`^product_(${UUID})$`, "i"),
    path: (id) => `/products/${id}`,
    label: "Open the product",
  },
  { pattern: new RegExp(`^msg_(${UUID})$`, "i"), path: (id) => `/?message=${id}`, label: "Open the message" },
];

/** The commands the chat's menu lists (setMyCommands at start). */
export const BOT_COMMANDS = [
  { command: "start", description: "Open the shop" },
  { command: "help", description: "What this bot does" },
];

export const helpText = (channelName: string) =>
  [
    `This bot opens ${channelName}: the members' channel and shop.`,
    "/start: open the shop (the menu button does too).",
    "Admins: send me a text, photo, video or album and I'll post it to the channel after you confirm.",
  ].join("\n");

/** /start: a greeting with the Mini App button, a deep link's screen, or `/start link_<code>` from a web account. */
export function startFeature(services: ServiceContext) {
  const composer = new Composer<BotContext>();
  const privateChats = composer.chatType("private");
  privateChats.command("start", async (ctx) => {
    const payload = ctx.match.trim();
    if (payload.startsWith(LINK_PREFIX)) {
      const outcome = await redeemTelegramLink(services, {
        code: payload.slice(LINK_PREFIX.length),
        telegramId: BigInt(ctx.from.id),
        username: ctx.from.username,
      });
      if (outcome.result === "linked") services.log.info("telegram linked", { userId: outcome.userId });
      await ctx.reply(linkReplies[outcome.result]);
      return;
    }
    const channelName = await readChannelName(services);
    const publicUrl = services.config.PUBLIC_URL;
    if (!publicUrl) {
      await ctx.reply(`Welcome to ${channelName}! Members only, 21+.`);
      return;
    }
    for (const link of DEEP_LINKS) {
      const id = link.pattern.exec(payload)?.[1];
      if (id) {
        await ctx.reply(`Welcome to ${channelName}! Tap the button below to open it.`, {
          reply_markup: new InlineKeyboard().webApp(link.label, new URL(link.path(id), publicUrl).toString()),
        });
        return;
      }
    }
    await ctx.reply(`Welcome to ${channelName}! Tap the button below to open the shop.`, {
      reply_markup: new InlineKeyboard().webApp("Open the shop", publicUrl),
    });
  });
  privateChats.command("help", async (ctx) => {
    const channelName = await readChannelName(services);
    await ctx.reply(helpText(channelName));
  });
  return composer;
}

import { Composer, InlineKeyboard } from "grammy";
import { publicPageUrl, startParamRoute, startParams } from "#api/contracts/app-links";
import { defaultLanguage, type Language } from "#api/contracts/languages";
import { LINK_PREFIX, type LinkOutcome, redeemTelegramLink } from "#api/domain/accounts";
import { readChannelName } from "#api/domain/channel";
import type { ServiceContext } from "#api/domain/context";
import { type ServerTextKey, serverText } from "#api/domain/i18n/translate";
import { openedBot, recipientLanguage } from "#api/domain/messaging";
import type { BotContext } from "../context";

/** The bot's answer to each outcome of `/start link_<code>`. */
const linkReplyKeys = {
  linked: "bot.linked",
  "already-linked": "bot.alreadyLinked",
  invalid: "bot.linkInvalid",
  "telegram-taken": "bot.telegramTaken",
  "account-taken": "bot.accountTaken",
} as const satisfies Record<LinkOutcome["result"], ServerTextKey>;

export const linkReply = (language: Language, result: LinkOutcome["result"]) =>
  serverText(language, linkReplyKeys[result]);

const DEEP_LINK_LABELS: [prefix: string, label: ServerTextKey][] = [
  [startParams.product, "bot.openProduct"],
  [startParams.message, "bot.openMessage"],
];

/**
 * `/start product_<id>` and `/start msg_<id>` (the links members share): the Mini App's path they
 * open, as a launch with that start parameter does (app-links' startParamRoute), and the button's
 * label; null for any other payload.
 */
export function deepLinkOf(payload: string): { path: string; label: ServerTextKey } | null {
  const label = DEEP_LINK_LABELS.find(([prefix]) => payload.startsWith(prefix))?.[1];
  const path = label ? startParamRoute(payload) : null;
  return label && path ? { path, label } : null;
}

/** The commands the chat's menu lists (setMyCommands at start), in `language`. */
export const botCommands = (language: Language) => [
  { command: "start", description: serverText(language, "bot.commandStart") },
  { command: "help", description: serverText(language, "bot.commandHelp") },
];

/** The Mini App as a chat's menu button, labelled in `language`. */
export const menuButton = (language: Language, url: string) => ({
  type: "web_app" as const,
  text: serverText(language, "bot.menuButton"),
  web_app: { url },
});

export const helpText = (language: Language, channelName: string) =>
  serverText(language, "bot.help", { channelName });

/**
 * /start: a greeting with the Mini App button, a deep link's screen, or `/start link_<code>` from a
 * web account; in the member's language (ctx.language), the linked account's once linked.
 */
export function startFeature(services: ServiceContext) {
  const composer = new Composer<BotContext>();
  const privateChats = composer.chatType("private");
  privateChats.command("start", async (ctx) => {
    // Opening the bot lets it write to the member again (decision 104), blocked or not before.
    await openedBot(services, BigInt(ctx.from.id));
    const payload = ctx.match.trim();
    if (payload.startsWith(LINK_PREFIX)) {
      const outcome = await redeemTelegramLink(services, {
        code: payload.slice(LINK_PREFIX.length),
        telegramId: BigInt(ctx.from.id),
        username: ctx.from.username,
      });
      if (outcome.result === "linked") {
        services.log.info("telegram linked", { userId: outcome.userId });
        await openedBot(services, BigInt(ctx.from.id));
        // The sender is now that account: its stored language speaks from here on.
        ctx.language = recipientLanguage(outcome.language, ctx.from.language_code);
      }
      await ctx.reply(linkReply(ctx.language, outcome.result));
      return;
    }
    const channelName = await readChannelName(services);
    const { language } = ctx;
    const publicUrl = services.config.PUBLIC_URL;
    if (!publicUrl) {
      await ctx.reply(ctx.t("bot.welcome", { channelName }));
      return;
    }
    // The chat's menu button in the member's language (every chat's default is English); a failure
    // leaves the default, never the reply.
    if (language !== defaultLanguage) {
      await ctx.api
        .setChatMenuButton({ chat_id: ctx.chat.id, menu_button: menuButton(language, publicUrl) })
        .catch((error: unknown) => services.log.warn("menu button not set", { error: String(error) }));
    }
    const link = deepLinkOf(payload);
    if (link) {
      await ctx.reply(ctx.t("bot.welcomeOpenIt", { channelName }), {
        reply_markup: new InlineKeyboard().webApp(ctx.t(link.label), publicPageUrl(publicUrl, link.path)),
      });
      return;
    }
    await ctx.reply(ctx.t("bot.welcomeOpenShop", { channelName }), {
      reply_markup: new InlineKeyboard().webApp(ctx.t("bot.openShop"), publicUrl),
    });
  });
  privateChats.command("help", async (ctx) => {
    const channelName = await readChannelName(services);
    await ctx.reply(helpText(ctx.language, channelName));
  });
  return composer;
}

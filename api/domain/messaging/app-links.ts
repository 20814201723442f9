import { publicPageUrl, startAppUrl } from "#api/contracts/app-links";
import type { ServiceContext } from "../context";

/**
 * Where a start parameter (app-links' `startParams`) opens the Mini App inside Telegram, or null
 * without a bot; the parameter comes last, so a prefix such as "msg_" makes a link prefix.
 */
export function telegramStartAppLink(ctx: ServiceContext, startParam: string): string | null {
  const bot = ctx.telegram.botUsername;
  return bot ? startAppUrl(bot, ctx.config.TELEGRAM_APP_SHORT_NAME, startParam) : null;
}

/** A page of the app at PUBLIC_URL (never the request's Host header), or null without it. */
export function publicPageLink(ctx: Pick<ServiceContext, "config">, path: string): string | null {
  const base = ctx.config.PUBLIC_URL;
  return base ? publicPageUrl(base, path) : null;
}

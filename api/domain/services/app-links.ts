import type { ServiceContext } from "../context";

/**
 * Where a start parameter (product_<id>, msg_<id>) opens the Mini App inside Telegram, or null
 * without a bot; the parameter comes last, so a prefix such as "msg_" makes a link prefix.
 */
export function telegramStartAppLink(ctx: ServiceContext, startParam: string): string | null {
  const bot = ctx.telegram.botUsername;
  if (!bot) return null;
  const app = ctx.config.TELEGRAM_APP_SHORT_NAME;
  return app
    ? `https://t.me/${bot}/${app}?startapp=${startParam}`
    : `https://t.me/${bot}?startapp=${startParam}`;
}

/** A page of the app at PUBLIC_URL (never the request's Host header), or null without it. */
export function publicPageLink(ctx: Pick<ServiceContext, "config">, path: string): string | null {
  const base = ctx.config.PUBLIC_URL?.replace(/\/+$/, "");
  return base ? `${base}${path}` : null;
}

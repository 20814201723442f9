import type { MiddlewareFn } from "grammy";
import { defaultLanguage } from "#api/contracts/languages";
import type { ServiceContext } from "#api/domain/context";
import { serverText } from "#api/domain/i18n/translate";
import { telegramUserLanguage } from "#api/domain/messaging";
import type { BotContext } from "../context";

/**
 * Sets the language of the person behind the update once, before any handler, and gives handlers
 * `ctx.t` in it (the grammY i18n plugin's pattern, over the server's own catalogs). An update from
 * no person (a channel's post, its reaction counts) looks nothing up and speaks English.
 */
export function memberLanguage(services: Pick<ServiceContext, "db">): MiddlewareFn<BotContext> {
  return async (ctx, next) => {
    ctx.language = ctx.from ? await telegramUserLanguage(services.db, ctx.from) : defaultLanguage;
    ctx.t = (key, values) => serverText(ctx.language, key, values);
    await next();
  };
}

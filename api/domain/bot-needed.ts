import { broadcastsCanGo } from "#api/contracts/bot-status";
import type { ServiceContext } from "./context";
import { Refusal } from "./refusal";

/**
 * Work this process asks of the bot itself (Sync from Telegram, a personal invite link, an
 * announcement) is refused while the bot cannot do it, saying why: not set up, or set up and not
 * running, with Telegram's reason (decision 121).
 */
export function requireBot(ctx: Pick<ServiceContext, "telegram" | "bot">): void {
  if (!ctx.telegram.enabled) throw new Refusal("bot_not_running", { bot: ctx.bot.state() });
}

/**
 * A broadcast is refused while nothing would send it (broadcastsCanGo: no BOT_TOKEN, or the bot here
 * starting or failing), instead of reaching nobody and ending "Done".
 */
export function requireBroadcastsCanGo(ctx: Pick<ServiceContext, "bot">): void {
  const bot = ctx.bot.state();
  if (!broadcastsCanGo(bot)) throw new Refusal("bot_not_running", { bot });
}

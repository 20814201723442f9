import { Composer } from "grammy";
import type { ServiceContext } from "#api/domain/context";
import { type ServerTextKey, serverText } from "#api/domain/i18n/translate";
import { stopKind } from "#api/domain/messaging";
import type { BotContext } from "../context";

/** The answer to a stop button, by the switch it turned off; none: nothing to turn off. */
const stoppedKeys = {
  newsMessages: "bot.stoppedNews",
  planReminders: "bot.stoppedPlanReminders",
  cartReminders: "bot.stoppedCartReminders",
} as const satisfies Record<string, ServerTextKey>;

/**
 * The `stop:<kind>` button under a message the bot sent on its own: turns that kind's switch off
 * (Settings › Notifications shows it), says so in the member's language, and takes the stop button
 * off that message (its other buttons stay), so it is not offered again for a switch already off.
 */
export function stopMessages(services: ServiceContext) {
  const composer = new Composer<BotContext>();
  composer.callbackQuery(/^stop:([a-z_]+)$/, async (ctx) => {
    const { which, language } = await stopKind(
      services,
      BigInt(ctx.from.id),
      ctx.match[1] ?? "",
      ctx.from.language_code,
    );
    await ctx.answerCallbackQuery({
      text: serverText(language, which ? stoppedKeys[which] : "bot.stopNothing"),
      show_alert: true,
    });
    const rows = ctx.callbackQuery.message?.reply_markup?.inline_keyboard;
    if (!rows) return;
    const kept = rows
      .map((row) =>
        row.filter((button) => !("callback_data" in button && button.callback_data?.startsWith("stop:"))),
      )
      .filter((row) => row.length > 0);
    // A message too old to edit, or already edited: the switch is off all the same.
    await ctx.editMessageReplyMarkup({ reply_markup: { inline_keyboard: kept } }).catch(() => undefined);
  });
  return composer;
}

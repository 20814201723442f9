import type { BotProblem, BotState } from "#api/contracts/bot-status";
import type { AdminTextKey, TextValues } from "../i18n/i18n";

type Translate = (key: AdminTextKey, values?: TextValues) => string;

/** Why a bot that is set up does not run, in a few words (decision 121). */
export const botProblemTexts: Record<BotProblem, AdminTextKey> = {
  token_refused: "admin.bot.problem.tokenRefused",
  telegram_unreachable: "admin.bot.problem.telegramUnreachable",
  webhook_refused: "admin.bot.problem.webhookRefused",
  conflict: "admin.bot.problem.conflict",
  telegram_error: "admin.bot.problem.telegramError",
};

/**
 * The bot's state in one sentence, for every screen that needs the bot (Setup, Broadcasts, Chats):
 * running, not set up, not run here, starting, or set up but not running and why.
 */
export function botSentence(t: Translate, bot: BotState): string {
  switch (bot.state) {
    case "running":
      return t("admin.bot.running", { username: bot.username });
    case "off":
      return t(bot.reason === "no_token" ? "admin.bot.off" : "admin.bot.offHere");
    case "starting":
      return t("admin.bot.starting");
    case "not_running":
      return t("admin.bot.notRunning", { reason: t(botProblemTexts[bot.problem]) });
  }
}

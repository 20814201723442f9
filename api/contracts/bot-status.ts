import { z } from "zod";

/**
 * The bot as this process runs it (docs/decisions/121-the-setup-report.md): off (no BOT_TOKEN, or
 * BOT_MODE=off), starting (its first start is under way), running (Telegram answered getMe and takes
 * its webhook, or it polls), or set up and not running: why, with Telegram's last words, retried
 * every 30 s. Administration › Setup, Broadcasts and Chats show it; /api/ready and the metrics carry it.
 */
/** Where Telegram posts the bot's updates in webhook mode, under PUBLIC_URL. */
export const WEBHOOK_PATH = "/telegram/webhook";
export const webhookUrl = (publicUrl: string) => new URL(WEBHOOK_PATH, publicUrl).toString();

export const botStates = ["off", "starting", "running", "not_running"] as const;

export const botOffReasons = ["no_token", "mode_off"] as const;

/** Why a bot that is set up does not run: the kind of Telegram's last answer. */
export const botProblems = [
  // 401 or 404 to getMe: BOT_TOKEN is not a token Telegram knows.
  "token_refused",
  // No answer at all: the network, a proxy, BOT_API_ROOT.
  "telegram_unreachable",
  // setWebhook refused PUBLIC_URL's address.
  "webhook_refused",
  // 409: another process or server takes this bot's updates (polling, or a webhook set elsewhere).
  "conflict",
  // Any other refusal, in Telegram's words.
  "telegram_error",
] as const;
export type BotProblem = (typeof botProblems)[number];

export const botModes = ["webhook", "polling"] as const;
export type BotMode = (typeof botModes)[number];

export const botStateSchema = z.discriminatedUnion("state", [
  z.object({ state: z.literal("off"), reason: z.enum(botOffReasons) }),
  z.object({ state: z.literal("starting"), mode: z.enum(botModes) }),
  z.object({ state: z.literal("running"), mode: z.enum(botModes), username: z.string() }),
  z.object({
    state: z.literal("not_running"),
    mode: z.enum(botModes),
    problem: z.enum(botProblems),
    /** Telegram's (or the network's) last error, as grammY words it: it names the method, never the token. */
    error: z.string(),
    /** When the bot last failed to start (ISO). */
    since: z.string(),
  }),
]);
export type BotState = z.infer<typeof botStateSchema>;

/**
 * A broadcast can go out: the bot runs here, or BOT_MODE=off says another process runs it (the
 * outbox is shared, and that process's sender sends the rows). Without a token, or with the bot
 * here starting or failing, nothing would be sent.
 */
export const broadcastsCanGo = (bot: BotState) =>
  bot.state === "running" || (bot.state === "off" && bot.reason === "mode_off");

import { createHash } from "node:crypto";
import { type RunnerHandle, run } from "@grammyjs/runner";
import { type Bot, webhookCallback } from "grammy";
import type { Handler } from "hono";
import { webhookUrl } from "#api/contracts/bot-status";
import { defaultLanguage, languages } from "#api/contracts/languages";
import type { ServiceContext } from "#api/domain/context";
import type { TelegramNotifier } from "#api/domain/ports/telegram-notifier";
import type { Config } from "#api/process/config";
import { createBot } from "./bot";
import type { BotContext } from "./context";
import { learnChannel } from "./features/gate";
import { botCommands, menuButton } from "./features/start";
import { runtimeStatus } from "./status";

/** Exactly the updates the features handle; polling and the webhook both ask for these. */
export const ALLOWED_UPDATES = [
  "message",
  "edited_message",
  "channel_post",
  "edited_channel_post",
  "message_reaction_count",
  "callback_query",
  "pre_checkout_query",
  "inline_query",
  "subscription",
  "chat_member",
  "my_chat_member",
  "chat_join_request",
] as const;
const INIT_RETRY_MS = 30_000;
const DRAIN_POLL_MS = 20;

/**
 * Polling stops after the batch in hand: the runner stops fetching (the long poll is aborted),
 * the updates it already took are all handled, then one getUpdates with the next offset confirms
 * them, so Telegram does not hand them to the next process again (the dedupe table would drop
 * them anyway). Updates not fetched yet stay with Telegram for the next process. The caller
 * bounds how long this may take (SHUTDOWN_TIMEOUT_SECONDS).
 */
async function stopPolling(bot: Bot<BotContext>, runner: RunnerHandle, lastUpdateId: number | undefined) {
  if (runner.isRunning()) await runner.stop();
  while (runner.size() > 0) await new Promise((resolve) => setTimeout(resolve, DRAIN_POLL_MS));
  if (lastUpdateId !== undefined) {
    await bot.api.getUpdates({ offset: lastUpdateId + 1, limit: 1, timeout: 0 }).catch(() => undefined);
  }
}

export interface TelegramRuntime {
  mode: "webhook" | "polling";
  notifier: TelegramNotifier;
  /** The POST /telegram/webhook handler in webhook mode. */
  webhook?: Handler;
  stop(): Promise<void>;
}

/** WEBHOOK_SECRET, or one derived from the token so every process of a deployment agrees on it. */
export function webhookSecret(config: Pick<Config, "BOT_TOKEN" | "WEBHOOK_SECRET">): string {
  if (config.WEBHOOK_SECRET) return config.WEBHOOK_SECRET;
  return createHash("sha256")
    .update(`webhook:${config.BOT_TOKEN ?? ""}`)
    .digest("hex");
}

/** BOT_MODE: off without a token; auto is webhook; polling and webhook as asked. */
export function botMode(config: Pick<Config, "BOT_TOKEN" | "BOT_MODE">): "off" | "webhook" | "polling" {
  if (!config.BOT_TOKEN || config.BOT_MODE === "off") return "off";
  // A running bot always has PUBLIC_URL (config.ts refuses it without one): auto means webhook.
  return config.BOT_MODE === "auto" ? "webhook" : config.BOT_MODE;
}

/**
 * The bot's three modes: off (no BOT_TOKEN or BOT_MODE=off; returns undefined), webhook (Telegram
 * posts to PUBLIC_URL/telegram/webhook with the secret header) or long polling (@grammyjs/runner).
 * The app starts even when Telegram is unreachable: getMe is retried in the background and the
 * bot stays quiet (notifier disabled) until it answers. Its state (starting, running, not running
 * and why) goes into the context for the domain (services.bot, decision 121).
 */
export function startTelegram(services: ServiceContext): TelegramRuntime | undefined {
  const config = services.config;
  const token = config.BOT_TOKEN;
  const mode = botMode(config);
  if (!token || mode === "off") {
    services.log.info(token ? "bot off: BOT_MODE=off" : "bot off: BOT_TOKEN is not set");
    return undefined;
  }
  const log = services.log;
  /** The highest update_id handed to the bot: confirmed to Telegram when polling stops. */
  let lastUpdateId: number | undefined;
  const bot = createBot({
    token,
    services,
    log,
    apiRoot: config.BOT_API_ROOT,
    onUpdate: (update) => {
      lastUpdateId = Math.max(lastUpdateId ?? 0, update.update_id);
    },
  });
  const secret = webhookSecret(config);
  const status = runtimeStatus(bot, mode, services.now);
  services.bot = status;
  let runner: RunnerHandle | undefined;
  let stopped = false;

  let retry: NodeJS.Timeout | undefined;
  const failed = (message: string, error: unknown) => {
    status.failed(error);
    // grammY's errors name the method, never the token.
    log.error(message, { mode, error: String(error) });
    if (!stopped) retry = setTimeout(() => void begin(), INIT_RETRY_MS);
  };

  const begin = async () => {
    try {
      // getMe ourselves: bot.init() would retry network errors silently, forever.
      if (!bot.isInited()) bot.botInfo = await bot.api.getMe();
      if (stopped) return;
      await bot.api.setMyCommands(botCommands("en"));
      const channelId = config.TELEGRAM_CHANNEL_ID;
      if (channelId)
        await learnChannel(bot.api, services, channelId, bot.botInfo.id).catch((error: unknown) =>
          log.warn("the channel's rights were not read", { error: String(error) }),
        );
      if (config.PUBLIC_URL) {
        // Every private chat with the bot gets the Mini App as its menu button.
        await bot.api.setChatMenuButton({ menu_button: menuButton(defaultLanguage, config.PUBLIC_URL) });
      }
      if (mode === "webhook" && config.PUBLIC_URL) {
        await bot.api.setWebhook(webhookUrl(config.PUBLIC_URL), {
          secret_token: secret,
          allowed_updates: ALLOWED_UPDATES,
        });
      } else {
        // Polling and a webhook exclude each other.
        await bot.api.deleteWebhook();
        const polling = run(bot, { runner: { fetch: { allowed_updates: ALLOWED_UPDATES } } });
        runner = polling;
        // Polling ends on a refusal it cannot retry (401: the token revoked; 409: another taker).
        polling.task()?.catch((error: unknown) => {
          if (runner === polling && !stopped) failed("bot stopped polling; retrying", error);
        });
      }
      // The menu's commands in each other language, for chats whose app speaks it; English otherwise.
      for (const language of languages.filter((l) => l !== defaultLanguage))
        await bot.api
          .setMyCommands(botCommands(language), { language_code: language })
          .catch((error: unknown) => log.warn("bot commands not set", { language, error: String(error) }));
      status.running(bot.botInfo.username);
      log.info("bot running", { mode, username: bot.botInfo.username });
    } catch (error) {
      failed("bot could not start; retrying", error);
    }
  };
  void begin();

  return {
    mode,
    notifier: bot.notifier,
    webhook:
      mode === "webhook" ? (webhookCallback(bot, "hono", { secretToken: secret }) as Handler) : undefined,
    async stop() {
      stopped = true;
      clearTimeout(retry);
      if (runner) await stopPolling(bot, runner, lastUpdateId);
    },
  };
}

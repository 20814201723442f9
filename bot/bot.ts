import { autoRetry } from "@grammyjs/auto-retry";
import { Bot, type Transformer } from "grammy";
import type { Update, UserFromGetMe } from "grammy/types";
import type { ServiceContext } from "#api/domain/context";
import type { TelegramNotifier } from "#api/domain/ports/telegram-notifier";
import { errorFields, type Logger } from "#api/process/logger";
import { channelTarget } from "./channel-target";
import type { BotContext } from "./context";
import { channelRelay } from "./features/channel-relay";
import { dedupeUpdates } from "./features/dedupe";
import { gateFeature } from "./features/gate";
import { inlineShare } from "./features/inline-share";
import { memberLanguage } from "./features/member-language";
import { planPayments } from "./features/plan-payments";
import { planSubscriptions } from "./features/plan-subscriptions";
import { channelPosting } from "./features/post-through-bot";
import { startFeature } from "./features/start";
import { stopMessages } from "./features/stop-messages";
import { supportIntake } from "./features/support-intake";
import { botNotifier } from "./notifier";
import { fileFetcher } from "./relay-files";

export interface BotDeps {
  token: string;
  /** Skips getMe: tests pass it, production leaves it out and calls bot.init(). */
  botInfo?: UserFromGetMe;
  /**
   * The one context (api/compose.ts): the bot puts its notifier in, so its features, and the routes
   * and jobs sharing the context, reach Telegram through this bot.
   */
  services: ServiceContext;
  log: Logger;
  /** Tests record outgoing calls here instead of reaching Telegram. */
  transformer?: Transformer;
  /** BOT_API_ROOT: a self-hosted Bot API server (or a test's fake one). */
  apiRoot?: string;
  /** Sees every update first, before deduplication (the runtime's offset bookkeeping). */
  onUpdate?: (update: Update) => void;
}

/** The bot, with the notifier the services use (the channel included when TELEGRAM_CHANNEL_ID is set). */
export type AppBot = Bot<BotContext> & { readonly notifier: TelegramNotifier };

/** The update's kind (message, channel_post, callback_query, ...): the one key besides update_id. */
const updateType = (update: Update) => Object.keys(update).find((key) => key !== "update_id") ?? "unknown";

/** When Telegram stamped the update (Unix seconds), where it says: an edit's time for edits. */
function updateDate(update: Update): number | undefined {
  const message = update.message ?? update.channel_post;
  if (message) return message.date;
  const edited = update.edited_message ?? update.edited_channel_post;
  if (edited) return edited.edit_date ?? edited.date;
  return update.message_reaction_count?.date;
}

export function createBot(deps: BotDeps): AppBot {
  const bot = new Bot<BotContext>(deps.token, {
    ...(deps.botInfo ? { botInfo: deps.botInfo } : {}),
    ...(deps.apiRoot ? { client: { apiRoot: deps.apiRoot } } : {}),
  });
  // 429s and 5xx from Telegram wait retry_after and go again. Network failures surface instead of
  // being retried forever: start-up has its own retry, the runner its own backoff, and a reset
  // message that cannot go out is logged.
  bot.api.config.use(autoRetry({ maxRetryAttempts: 3, maxDelaySeconds: 60, rethrowHttpErrors: true }));
  if (deps.transformer) bot.api.config.use(deps.transformer);
  const channelId = deps.services.config.TELEGRAM_CHANNEL_ID;
  const channel = channelId ? channelTarget(channelId) : undefined;
  const fetchFile = fileFetcher({
    api: bot.api,
    token: deps.token,
    apiRoot: deps.apiRoot ?? "https://api.telegram.org",
    storage: deps.services.storage,
  });
  const notifier = botNotifier(bot, channel, deps.services.storage, fetchFile);
  const services = deps.services;
  services.telegram = notifier;
  const { metrics } = services;
  bot.use((ctx, next) => {
    const { update } = ctx;
    deps.onUpdate?.(update);
    metrics.botUpdates.inc({ type: updateType(update) });
    const stamped = updateDate(update);
    if (stamped !== undefined) metrics.botUpdateLag.observe(Math.max(0, Date.now() / 1000 - stamped));
    return next();
  });
  bot.use(dedupeUpdates(services));
  bot.use(memberLanguage(services));
  bot.use(startFeature(services));
  bot.use(inlineShare(services));
  if (channel) bot.use(channelRelay(services, { channel, fetchFile }));
  bot.use(planPayments(services));
  bot.use(planSubscriptions(services));
  bot.use(gateFeature(services));
  bot.use(stopMessages(services));
  // Members' messages go to the support inbox; the channel's admins' go on to posting.
  bot.use(supportIntake(services, { fetchFile }));
  bot.use(channelPosting(services, { channel }));
  bot.catch((error) => {
    // The update id, not its content: messages are people's words.
    deps.log.error("bot update failed", {
      updateId: error.ctx.update.update_id,
      ...errorFields(error.error),
    });
  });
  return Object.assign(bot, { notifier });
}

import { type BotState, webhookUrl } from "#api/contracts/bot-status";
import type { ChannelRight, SetupReport } from "#api/contracts/setup-report";
import { botIsAdministrator, missingRights, recordBotStatus } from "#api/domain/gate";
import { withTimeout } from "#api/domain/operations";
import type { ServiceContext } from "../context";
import type { WebhookFacts } from "../ports/bot-status";

/** How long Telegram gets to answer one of the report's questions. */
export const TELEGRAM_TIMEOUT_MS = 5000;
/**
 * Telegram keeps a webhook's last delivery error after deliveries resume: an older one is history,
 * not a problem.
 */
const RECENT_ERROR_MS = 60 * 60 * 1000;

export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Running is green; BOT_MODE=off grey (another process may run it); anything else red. */
export function botLine(bot: BotState): SetupReport["bot"] {
  if (bot.state === "running") return { state: "ok", bot };
  return { state: bot.state === "off" && bot.reason === "mode_off" ? "off" : "problem", bot };
}

type UpdatesProblem = SetupReport["updates"]["problem"];

function updatesProblem(
  mode: "webhook" | "polling",
  info: WebhookFacts,
  expectedUrl: string | null,
  now: Date,
): UpdatesProblem {
  if (mode === "polling") return info.url ? "webhook_while_polling" : null;
  if (!info.url) return "webhook_missing";
  if (info.url !== expectedUrl) return "webhook_elsewhere";
  const failedAt = info.lastError?.at.getTime();
  return failedAt !== undefined && now.getTime() - failedAt < RECENT_ERROR_MS ? "webhook_failing" : null;
}

/** How updates reach the bot: polling, or the webhook URL Telegram holds (getWebhookInfo). */
export async function updatesLine(
  ctx: Pick<ServiceContext, "bot" | "config" | "now">,
): Promise<SetupReport["updates"]> {
  const bot = ctx.bot.state();
  const mode = bot.state === "off" ? null : bot.mode;
  const expectedUrl = mode === "webhook" && ctx.config.PUBLIC_URL ? webhookUrl(ctx.config.PUBLIC_URL) : null;
  const unknown = {
    mode,
    expectedUrl,
    url: null,
    pendingUpdates: null,
    lastError: null,
    lastErrorAt: null,
    error: null,
  };
  if (mode === null) return { ...unknown, state: "off", problem: null };
  let info: WebhookFacts;
  try {
    info = await withTimeout(ctx.bot.webhookInfo(), TELEGRAM_TIMEOUT_MS);
  } catch (error) {
    return { ...unknown, state: "problem", problem: "not_read", error: errorText(error) };
  }
  const problem = updatesProblem(mode, info, expectedUrl, ctx.now());
  return {
    ...unknown,
    state: problem ? "problem" : "ok",
    problem,
    url: info.url,
    pendingUpdates: info.pendingUpdates,
    lastError: info.lastError?.message ?? null,
    lastErrorAt: info.lastError?.at.toISOString() ?? null,
  };
}

/**
 * The channel of TELEGRAM_CHANNEL_ID as Telegram shows it to the bot now: readable, a channel, the
 * bot an administrator with the rights posting (post messages) and the gate (the gate's own check,
 * decision 120) need. What it learns of the bot's standing goes to the gate too, as at start.
 */
export async function channelLine(
  ctx: Pick<ServiceContext, "bot" | "config" | "db">,
): Promise<SetupReport["channel"]> {
  const configured = ctx.config.TELEGRAM_CHANNEL_ID ?? null;
  const facts = { configured, title: null, username: null, missing: [], error: null };
  if (!configured) return { ...facts, state: "off", problem: "not_set" };
  const bot = ctx.bot.state();
  if (bot.state === "off") return { ...facts, state: "problem", problem: "bot_not_running" };
  let standing: Awaited<ReturnType<ServiceContext["bot"]["chatStanding"]>>;
  try {
    standing = await withTimeout(ctx.bot.chatStanding(configured), TELEGRAM_TIMEOUT_MS);
  } catch (error) {
    // A bot that does not start cannot read any chat: its own line says why.
    const problem = bot.state === "running" ? "unreadable" : "bot_not_running";
    return { ...facts, state: "problem", problem, error: errorText(error) };
  }
  const { kind, title, username, botStatus, rights } = standing;
  const seen = { ...facts, title, username };
  if (kind !== "channel") return { ...seen, state: "problem", problem: "not_a_channel" };
  await recordBotStatus(ctx, {
    chatId: standing.chatId,
    kind,
    title,
    username,
    botStatus,
    canInviteUsers: rights.inviteUsers,
    canBanUsers: rights.banUsers,
    canManageTags: rights.manageTags,
  });
  if (!botIsAdministrator(botStatus)) return { ...seen, state: "problem", problem: "not_admin" };
  const missing: ChannelRight[] = [
    ...(rights.postMessages ? [] : ["postMessages" as const]),
    // A channel has no tags: the gate asks it only for inviting and banning.
    ...missingRights("channel", rights).filter(
      (right): right is Exclude<typeof right, "manageTags"> => right !== "manageTags",
    ),
  ];
  return missing.length > 0
    ? { ...seen, missing, state: "problem", problem: "missing_rights" }
    : { ...seen, state: "ok", problem: null };
}

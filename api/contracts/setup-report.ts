import { z } from "zod";
import { botModes, botStateSchema } from "./bot-status";
import { planPaymentModes } from "./plan-payments";

/**
 * Administration › Setup (docs/decisions/121-the-setup-report.md): one line per part of the shop a
 * real deployment needs, each ok (green), a problem (red: something set up does not work, or a part
 * the shop needs is missing) or off (grey: an optional part not set up). A line names its problem;
 * the screen words it and its fix in plain language. The facts beside it are the deployment's own
 * (addresses, names, Telegram's words), never a secret (no token, password or key).
 */
export const setupLineStates = ["ok", "problem", "off"] as const;
export type SetupLineState = (typeof setupLineStates)[number];

const state = z.enum(setupLineStates);
const nullableText = z.string().nullable();

/** The bot: its state says the problem (off and why, starting, not running and why). */
const botLine = z.object({ state, bot: botStateSchema });

/** How updates reach the bot: polling, or the webhook Telegram holds (getWebhookInfo). */
export const updatesProblems = [
  // Telegram could not be asked (the bot off, or not answering): `error` says why.
  "not_read",
  // Webhook mode, and Telegram holds none: setWebhook was refused (the bot's line says why).
  "webhook_missing",
  // Webhook mode, and Telegram holds another address: another deployment with this token set it.
  "webhook_elsewhere",
  // Polling, and Telegram holds a webhook: polling gets nothing until it is deleted.
  "webhook_while_polling",
  // Telegram failed to deliver to the webhook within the last hour: `lastError` in its words.
  "webhook_failing",
] as const;
const updatesLine = z.object({
  state,
  problem: z.enum(updatesProblems).nullable(),
  mode: z.enum(botModes).nullable(),
  /** The webhook URL Telegram holds (empty: none), or null when it could not be asked. */
  url: nullableText,
  /** PUBLIC_URL/telegram/webhook in webhook mode. */
  expectedUrl: nullableText,
  pendingUpdates: z.number().int().nullable(),
  /** Telegram's last delivery error, and when (ISO). */
  lastError: nullableText,
  lastErrorAt: nullableText,
  /** Why Telegram could not be asked. */
  error: nullableText,
});

/** PUBLIC_URL: where Telegram opens the Mini App and posts the webhook. */
export const miniAppProblems = ["not_set", "not_https", "local_address"] as const;
const miniAppLine = z.object({
  state,
  problem: z.enum(miniAppProblems).nullable(),
  url: nullableText,
  /** TELEGRAM_APP_SHORT_NAME, when set. */
  shortName: nullableText,
});

/** The rights the channel needs of the bot: posting from the app, and the gate's (decision 120). */
export const channelRights = ["postMessages", "inviteUsers", "banUsers"] as const;
export type ChannelRight = (typeof channelRights)[number];

export const channelProblems = [
  // TELEGRAM_CHANNEL_ID is not set: the feed holds only posts made in the app (off).
  "not_set",
  // The bot cannot be asked: it is off or not running.
  "bot_not_running",
  // Telegram does not show the bot this chat (a wrong id, or the bot is not in it): `error`.
  "unreadable",
  // The id names a group or a private chat, not a channel.
  "not_a_channel",
  "not_admin",
  "missing_rights",
] as const;
const channelLine = z.object({
  state,
  problem: z.enum(channelProblems).nullable(),
  /** TELEGRAM_CHANNEL_ID as set. */
  configured: nullableText,
  title: nullableText,
  username: nullableText,
  missing: z.array(z.enum(channelRights)),
  error: nullableText,
});

export const paymentsProblems = [
  // PLAN_PAYMENTS=free: paid tiers are given away (demos only).
  "free_mode",
  // Stars or invoices, and the bot cannot make an invoice: members are refused.
  "needs_bot",
  // Stars, and active paid tiers without a Stars price: `unsold` names them.
  "tiers_not_sold",
] as const;
const paymentsLine = z.object({
  state,
  problem: z.enum(paymentsProblems).nullable(),
  mode: z.enum(planPaymentModes),
  /** PAYMENT_PROVIDER_TOKEN is set (invoice mode needs it). */
  providerToken: z.boolean(),
  /** PAYMENT_CURRENCY, what invoices charge in. */
  currency: z.string(),
  /** Active paid tiers members cannot buy in this mode, by name. */
  unsold: z.array(z.string()),
});

export const mailProblems = ["not_configured", "unreachable"] as const;
const mailLine = z.object({
  state,
  problem: z.enum(mailProblems).nullable(),
  /** SMTP_URL's host and port (never its credentials). */
  server: nullableText,
  from: z.string(),
  error: nullableText,
});

const storageLine = z.object({
  state,
  problem: z.enum(["unreachable"]).nullable(),
  kind: z.enum(["local", "s3"]),
  /** The media folder, or the bucket (and its endpoint). */
  where: z.string(),
  error: nullableText,
});

const databaseLine = z.object({
  state,
  problem: z.enum(["migrations_pending"]).nullable(),
  kind: z.enum(["pglite", "postgres"]),
  /** This version's migrations not applied, and newer ones applied (a rolling upgrade). */
  pending: z.number().int(),
  newer: z.number().int(),
});

/** The OpenAI-compatible model (strain analysis, post translations): configured or not (off). */
const modelLine = z.object({
  state,
  model: nullableText,
  /** The server's host. */
  server: nullableText,
});

/** GET /api/admin/setup. */
export const setupReportSchema = z.object({
  bot: botLine,
  updates: updatesLine,
  miniApp: miniAppLine,
  channel: channelLine,
  payments: paymentsLine,
  mail: mailLine,
  storage: storageLine,
  database: databaseLine,
  model: modelLine,
});
export type SetupReport = z.infer<typeof setupReportSchema>;
export type SetupLineName = keyof SetupReport;

/** POST /api/admin/setup/test-mail: the address the test went to. */
export const testMailSchema = z.object({ sentTo: z.string() });
export type TestMail = z.infer<typeof testMailSchema>;

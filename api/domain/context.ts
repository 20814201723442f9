import type { Db } from "#db/client";

/** The database a process opened (PGlite or Postgres): the edges hold it, the services its `db`. */
export type { Database } from "#db/client";

import type { Passwords } from "#api/domain/auth";
import type { Config } from "#api/process/config";
import type { Logger } from "#api/process/logger";
import type { Metrics } from "#api/process/metrics";
import type { BackgroundTasks } from "./background";
import type { Subscribers } from "./events";
import type { BotStatus } from "./ports/bot-status";
import type { Mailer } from "./ports/mailer";
import type { MediaStorage } from "./ports/media-storage";
import type { TelegramNotifier } from "./ports/telegram-notifier";

/**
 * The one bag the domain receives: what the services work with, built by createServiceContext
 * (api/compose.ts) for the HTTP app (whose AppDeps extends it), the bot and the command line.
 */
export interface ServiceContext {
  db: Db;
  config: Config;
  log: Logger;
  /** The clock; tests move it to expire tokens and sessions. */
  now: () => Date;
  passwords: Passwords;
  mailer: Mailer | undefined;
  telegram: TelegramNotifier;
  /** The bot's runtime: its state (off, starting, running, not running and why) and its questions to Telegram. */
  bot: BotStatus;
  storage: MediaStorage;
  /** Work after the answer (notices); drained before the database closes. */
  background: BackgroundTasks;
  /** The process's Prometheus counters. */
  metrics: Metrics;
  /** Each feature's reactions to the domain's events (events.ts), listed by the composition root. */
  subscribers: readonly Subscribers[];
}

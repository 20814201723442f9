import type { Db } from "#db/client";
import type { Passwords } from "../auth/passwords";
import type { Config } from "../config";
import type { Mailer } from "../integrations/mailer";
import type { Logger } from "../logger";
import type { Metrics } from "../metrics/metrics";
import type { MediaStorage } from "../storage/media-storage";
import type { BackgroundTasks } from "./background";
import type { TelegramNotifier } from "./telegram-notifier";

/** What the services work with: one shape for the routes (serviceContext), the bot and the admin command, all built by compose.ts createServiceContext. */
export interface ServiceContext {
  db: Db;
  config: Config;
  log: Logger;
  /** The clock; tests move it to expire tokens and sessions. */
  now: () => Date;
  passwords: Passwords;
  mailer: Mailer | undefined;
  telegram: TelegramNotifier;
  storage: MediaStorage;
  /** Work after the answer (notices); drained before the database closes. */
  background: BackgroundTasks;
  /** The process's Prometheus counters. */
  metrics: Metrics;
}

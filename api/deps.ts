import type { Handler } from "hono";
import type { Database } from "#db/client";
import type { Passwords } from "./auth/passwords";
import type { Config } from "./config";
import type { Mailer } from "./integrations/mailer";
import type { Logger } from "./logger";
import type { Metrics } from "./metrics/metrics";
import type { ChangeHub } from "./realtime/change-hub";
import type { BackgroundTasks } from "./services/background";
import type { CatalogueCache } from "./services/catalogue-cache";
import type { ServiceContext } from "./services/context";
import type { TelegramNotifier } from "./services/telegram-notifier";
import type { MediaStorage } from "./storage/media-storage";

/** Everything the HTTP app needs, built once by main.ts (or a test). */
export interface AppDeps {
  config: Config;
  database: Database;
  log: Logger;
  hub: ChangeHub;
  catalogue: CatalogueCache;
  storage: MediaStorage;
  background: BackgroundTasks;
  metrics: Metrics;
  /** The clock: sessions, reset links, link codes, initData age and rate limits all read it. */
  now: () => Date;
  /** argon2 behind the process's bounded queue. */
  passwords: Passwords;
  /** Present when SMTP_URL is set. */
  mailer: Mailer | undefined;
  /** The bot, as far as the services need it; a no-op while the bot is off. */
  telegram: TelegramNotifier;
  /** Telegram's webhook (POST /telegram/webhook) when the bot runs in webhook mode. */
  telegramWebhook?: Handler | undefined;
  /** Set once the process starts shutting down: readiness answers 503 from then on. */
  lifecycle: { draining: boolean };
  /** Where the built Mini App lives; absent in API-only tests. */
  staticDir?: string | undefined;
  heartbeatMs?: number;
}

export const serviceContext = (deps: AppDeps): ServiceContext => ({
  db: deps.database.db,
  config: deps.config,
  log: deps.log,
  now: deps.now,
  passwords: deps.passwords,
  mailer: deps.mailer,
  telegram: deps.telegram,
  storage: deps.storage,
  background: deps.background,
  metrics: deps.metrics,
});

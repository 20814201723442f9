import { join, resolve } from "node:path";
import { warnAboutConfiguredAdmins } from "#api/domain/accounts";
import { createPasswords, notePendingPersons } from "#api/domain/auth";
import { BackgroundTasks } from "#api/domain/background";
import { CatalogueCache, stockAlertSubscribers } from "#api/domain/catalogue";
import { ChangeHub } from "#api/domain/change-hub";
import type { ServiceContext } from "#api/domain/context";
import { gateSubscribers } from "#api/domain/gate";
import { warnAboutTiersWithoutStars } from "#api/domain/plans";
import { botNotStarted } from "#api/domain/ports/bot-status";
import { LocalStorage } from "#api/domain/ports/local-storage";
import { createSmtpMailer, type Mailer } from "#api/domain/ports/mailer";
import type { MediaStorage } from "#api/domain/ports/media-storage";
import { S3Storage } from "#api/domain/ports/s3-storage";
import { type TelegramNotifier, telegramOff } from "#api/domain/ports/telegram-notifier";
import { referralSubscribers } from "#api/domain/rewards";
import type { AppDeps } from "#api/http/deps";
import type { Config } from "#api/process/config";
import type { Logger } from "#api/process/logger";
import { createMetrics, type Metrics } from "#api/process/metrics";
import { createDb, type Database, type Db } from "#db/client";
import { connectionStates } from "#db/queries/operations/health";
import { seedDemoData, seedStrains } from "#db/seed/index";

export interface Services extends AppDeps {
  close(): Promise<void>;
}

export interface ServiceOverrides {
  /** A test clock. */
  now?: () => Date;
  /** A recording mailer in tests; otherwise SMTP when SMTP_URL is set. */
  mailer?: Mailer;
  /** A test double; otherwise off until the bot puts its own in (bot/bot.ts). */
  telegram?: TelegramNotifier;
  /** A process has one set of metrics; each test app its own. */
  metrics?: Metrics;
}

/** STORAGE=s3: one bucket shared by every process; otherwise files under DATA_DIR/media. */
export function mediaStorage(config: Config, dataDir: string): MediaStorage {
  if (config.STORAGE !== "s3") return new LocalStorage(join(dataDir, "media"));
  return new S3Storage({
    endpoint: config.S3_ENDPOINT,
    bucket: config.S3_BUCKET ?? "",
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID ?? "",
    secretAccessKey: config.S3_SECRET_ACCESS_KEY ?? "",
    publicUrl: config.S3_PUBLIC_URL,
  });
}

/** What the services work with over a database: the routes (through AppDeps), the bot and the admin command. */
export function createServiceContext(
  config: Config,
  log: Logger,
  db: Db,
  overrides: ServiceOverrides = {},
): ServiceContext {
  return {
    db,
    config,
    log,
    now: overrides.now ?? (() => new Date()),
    passwords: createPasswords(config.PASSWORD_WORKERS, config.PASSWORD_QUEUE),
    mailer:
      overrides.mailer ?? (config.SMTP_URL ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM) : undefined),
    telegram: overrides.telegram ?? telegramOff,
    // bot/runtime.ts puts the running bot's own in, as it does its notifier.
    bot: botNotStarted(config),
    storage: mediaStorage(config, resolve(config.DATA_DIR)),
    background: new BackgroundTasks(log),
    metrics: overrides.metrics ?? createMetrics(),
    subscribers: [referralSubscribers, stockAlertSubscribers, gateSubscribers],
  };
}

/** Database, migrations, demo data, realtime and caches: what main.ts and the tests both start. */
export async function startServices(
  config: Config,
  log: Logger,
  database?: Database,
  overrides: ServiceOverrides = {},
): Promise<Services> {
  const dataDir = resolve(config.DATA_DIR);
  const db =
    database ??
    (await createDb({
      databaseUrl: config.DATABASE_URL,
      dataDir: join(dataDir, "pglite"),
      poolSize: config.DB_POOL_SIZE,
    }));
  const context = createServiceContext(config, log, db.db, overrides);
  const { storage, metrics } = context;
  const { applicationName } = db;
  metrics.observeDatabase(async () => ({
    poolSize: db.poolSize,
    ...(applicationName ? { connections: await connectionStates(db.db, applicationName) } : {}),
  }));
  // The bot's runtime replaces context.bot when it starts: read at each scrape.
  metrics.observeBot(() => context.bot.state());
  if (config.METRICS_TOKEN || config.METRICS_PORT) metrics.collectProcessMetrics();
  await warnAboutConfiguredAdmins(context);
  // Accounts made before persons_seen existed are noted before the first request (decision 115).
  const noted = await notePendingPersons(context);
  if (noted) log.info("noted the person keys of accounts made before this version", { accounts: noted });
  await seedStrains(db.db);
  if (
    config.SEED_DEMO_DATA &&
    (await seedDemoData(db.db, (bucket: string, name: string, bytes: Uint8Array, type: string) =>
      storage.put(bucket, name, bytes, type),
    ))
  ) {
    log.info("seeded demo data into an empty database");
  }
  await warnAboutTiersWithoutStars(context);
  const catalogue = new CatalogueCache(db.db);
  const hub = new ChangeHub(log);
  hub.subscribe((event) => {
    if (event.table === "products") catalogue.invalidate();
  });
  await hub.start(db);
  // The one context: main.ts puts the bot's notifier in it, then starts the jobs (api/jobs.ts) on it.
  return Object.assign(context, {
    database: db,
    lifecycle: { draining: false },
    hub,
    catalogue,
    staticDir: config.STATIC_DIR ? resolve(config.STATIC_DIR) : resolve("dist/miniapp"),
    async close() {
      await context.background.drain();
      // Mail sent in the background has gone out; the SMTP pool's idle connections go.
      context.mailer?.close();
      await hub.close();
      // A database handed in belongs to the caller, who closes it.
      if (!database) await db.close();
    },
  });
}

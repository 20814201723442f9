import type { Handler } from "hono";
import type { CatalogueCache } from "#api/domain/catalogue";
import type { ChangeHub } from "#api/domain/change-hub";
import type { Database, ServiceContext } from "#api/domain/context";

/**
 * Everything the HTTP app needs, built once by main.ts (or a test): the domain's context, which
 * routes hand to the services as it is, and the parts only the HTTP edge uses.
 */
export interface AppDeps extends ServiceContext {
  database: Database;
  hub: ChangeHub;
  catalogue: CatalogueCache;
  /** Telegram's webhook (POST /telegram/webhook) when the bot runs in webhook mode. */
  telegramWebhook?: Handler | undefined;
  /** Set once the process starts shutting down: readiness answers 503 from then on. */
  lifecycle: { draining: boolean };
  /** Where the built Mini App lives; absent in API-only tests. */
  staticDir?: string | undefined;
  heartbeatMs?: number;
}

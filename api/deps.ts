import type { Database } from "#db/client";
import type { Config } from "./config";
import type { Logger } from "./logger";
import type { ChangeHub } from "./realtime/change-hub";
import type { CatalogueCache } from "./services/catalogue-cache";
import type { MediaStorage } from "./storage/media-storage";

/** Everything the HTTP app needs, built once by main.ts (or a test). */
export interface AppDeps {
  config: Config;
  database: Database;
  log: Logger;
  hub: ChangeHub;
  catalogue: CatalogueCache;
  storage: MediaStorage;
  /** Where the built Mini App lives; absent in API-only tests. */
  staticDir?: string | undefined;
  heartbeatMs?: number;
}

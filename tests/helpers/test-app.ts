import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ServiceOverrides, type Services, startServices } from "#api/compose";
import { createApp } from "#api/http/app";
import { loadConfig } from "#api/process/config";
import { createLogger, type Logger } from "#api/process/logger";
import { freshDatabase } from "./test-db";

export interface TestApp {
  app: ReturnType<typeof createApp>;
  services: Services;
  dataDir: string;
  /** The database's URL on Postgres (see freshDatabase). */
  databaseUrl: string | undefined;
  close(): Promise<void>;
}

/** The whole API over a fresh database (PGlite in memory, or a new Postgres database when DATABASE_URL is set). */
export async function startTestApp(
  options: { seed?: boolean; env?: Record<string, string>; log?: Logger } & ServiceOverrides = {},
): Promise<TestApp> {
  const { database, url, cleanup } = await freshDatabase();
  const dataDir = await mkdtemp(join(tmpdir(), "shop-test-"));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    SEED_DEMO_DATA: String(options.seed ?? false),
    // The test app never runs the bot (a test double stands in), so it needs no PUBLIC_URL for it.
    BOT_MODE: "off",
    ...options.env,
  });
  const { seed: _seed, env: _env, log, ...overrides } = options;
  const services = await startServices(config, log ?? createLogger("silent"), database, overrides);
  const app = createApp({ ...services, staticDir: undefined });
  return {
    app,
    services,
    dataDir,
    databaseUrl: url,
    async close() {
      await services.close();
      await cleanup();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Resolves when `check` passes, polling; NOTIFY is asynchronous. */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

import { existsSync, mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "@playwright/test";
import {
  E2E_ADMIN_EMAIL,
  E2E_BOT_TOKEN,
  EMPTY_ORIGIN,
  emptyPort,
  LAUNCHER_PORT,
  SEEDED_ORIGIN,
  SMTP_PORT,
  STOREFRONT_PORT,
  seededPort,
  seededServerLog,
  WORKERS,
} from "./support/env";
import type { AppServer } from "./support/start-servers";

const root = fileURLToPath(new URL("../..", import.meta.url));

// The servers run the compiled build, as in production: no TypeScript loader to start (seconds of
// CPU each, with two servers per worker).
for (const built of ["dist/miniapp/index.html", "dist/server/main.js"]) {
  if (!existsSync(join(root, built))) {
    throw new Error(`${built} is missing: build first (\`npm run build\`), then run the end-to-end tests.`);
  }
}

// The config is evaluated again in every worker: the environment (inherited by the workers) keeps
// one fresh data directory per run rather than one per process. support/teardown.ts removes them.
function runDir(variable: string, prefix: string): string {
  const existing = process.env[variable];
  if (existing) return existing;
  const created = mkdtempSync(join(tmpdir(), prefix));
  process.env[variable] = created;
  return created;
}
const dataDir = runDir("E2E_DATA_DIR", "e2e-data-");
runDir("E2E_LOG_DIR", "e2e-logs-");

/** A worker's own Postgres database of this kind (the test runner creates them), or PGlite files. */
function database(kind: "seeded" | "empty", worker: number): Record<string, string> {
  const url = process.env[`E2E_DATABASE_URLS_${kind.toUpperCase()}`]?.split(",")[worker];
  if (url) return { DATABASE_URL: url };
  const dir = join(dataDir, `${kind}-${worker}`);
  mkdirSync(dir, { recursive: true });
  return { DATA_DIR: dir };
}

const common = { LOG_LEVEL: "silent", STATIC_DIR: "dist/miniapp", HOST: "127.0.0.1" };

// The seeded servers check Telegram launches against the test bot token with the bot itself off
// (BOT_MODE=off: nothing tries to reach Telegram), mail reset and verification links through the
// fake SMTP server (so ADMIN_EMAILS makes an admin once its link is opened), and write their logs
// to files. They trust X-Forwarded-For so that API sign-ups come from addresses of their own
// (limited per address).
const seeded = (worker: number): AppServer => ({
  name: `seeded ${worker}`,
  port: seededPort(worker),
  log: seededServerLog(worker),
  env: {
    ...common,
    ...database("seeded", worker),
    BOT_TOKEN: E2E_BOT_TOKEN,
    BOT_MODE: "off",
    ADMIN_EMAILS: E2E_ADMIN_EMAIL,
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    PUBLIC_URL: `http://127.0.0.1:${seededPort(worker)}`,
    // Plans change at once, as in the spec's demo; plans.spec.ts routes the manual and Stars modes.
    PLAN_PAYMENTS: "free",
    SEED_DEMO_DATA: "true",
    LOG_LEVEL: "info",
    TRUST_PROXY: "true",
    // Every page of the suite streams events from 127.0.0.1, and a closed page's stream may
    // still be counted for a moment: the production limit of 20 per address would refuse some.
    SSE_MAX_PER_ADDRESS: "1000",
    SHOPIFY_API_URL: `http://127.0.0.1:${STOREFRONT_PORT}/api/2025-07/graphql.json`,
    SHOPIFY_STOREFRONT_TOKEN: "e2e-storefront-token",
  },
});
const empty = (worker: number): AppServer => ({
  name: `empty ${worker}`,
  port: emptyPort(worker),
  env: { ...common, ...database("empty", worker), SEED_DEMO_DATA: "false" },
});
const appServers = Array.from({ length: WORKERS }, (_, worker) => [seeded(worker), empty(worker)]).flat();

const systemChromium = "/usr/bin/chromium";

export default defineConfig({
  testDir: ".",
  outputDir: process.env.E2E_OUTPUT_DIR ?? "./test-results",
  globalTeardown: "./support/teardown.ts",
  // Each worker has servers of its own (E2E_WORKERS, support/env.ts), and every test makes its own
  // data: tests, not files, go to whichever worker is free, so the workers finish together.
  fullyParallel: true,
  workers: WORKERS,
  retries: 0,
  reporter: "list",
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: "en-US",
    colorScheme: "dark",
    // No trace: recording one costs every test CPU (the DOM at each step; the screencast alone was
    // about a quarter of the suite's, measured on admin-memberships.spec.ts) and CI has two cores. A
    // failed test keeps its screenshot and its error; `--trace on` brings the trace back locally.
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: existsSync(systemChromium) ? systemChromium : undefined,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    {
      name: "seeded",
      testIgnore: /empty-[\w-]+\.spec\.ts$/,
      use: { browserName: "chromium", baseURL: SEEDED_ORIGIN },
    },
    {
      name: "empty",
      testMatch: /empty-[\w-]+\.spec\.ts$/,
      use: { browserName: "chromium", baseURL: EMPTY_ORIGIN },
    },
  ],
  // Every server at once, through one launcher (Playwright starts its web servers one by one).
  webServer: {
    name: "servers",
    command: "node --import tsx tests/e2e/support/start-servers.ts",
    cwd: root,
    url: `http://127.0.0.1:${LAUNCHER_PORT}/`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: { E2E_APP_SERVERS: JSON.stringify(appServers) },
  },
});

import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "@playwright/test";
import {
  E2E_ADMIN_EMAIL,
  E2E_BOT_TOKEN,
  EMPTY_ORIGIN,
  EMPTY_PORT,
  SEEDED_ORIGIN,
  SEEDED_PORT,
  SMTP_PORT,
  STOREFRONT_PORT,
  seededServerLog,
} from "./support/env";

const root = fileURLToPath(new URL("../..", import.meta.url));

// The servers run the compiled build, as in production: no TypeScript loader to start (seconds of
// CPU each, with two servers per Playwright process).
for (const built of ["dist/miniapp/index.html", "dist/server/main.js"]) {
  if (!existsSync(join(root, built))) {
    throw new Error(`${built} is missing: build first (\`npm run build\`), then run the end-to-end tests.`);
  }
}
const serverCommand = "node --enable-source-maps dist/server/main.js";

// The config is evaluated again in every worker: the environment (inherited by the workers) keeps
// one fresh data directory per run rather than one per process. support/teardown.ts removes them.
function runDataDir(variable: string, prefix: string): string {
  const existing = process.env[variable];
  if (existing) return existing;
  const created = mkdtempSync(join(tmpdir(), prefix));
  process.env[variable] = created;
  return created;
}
const seededDataDir = runDataDir("E2E_DATA_DIR_SEEDED", "e2e-seeded-");
const emptyDataDir = runDataDir("E2E_DATA_DIR_EMPTY", "e2e-empty-");
runDataDir("E2E_LOG_DIR", "e2e-logs-");

const systemChromium = "/usr/bin/chromium";

const server = (name: string, port: number, env: Record<string, string>, command = serverCommand) => ({
  name,
  command,
  cwd: root,
  url: `http://127.0.0.1:${port}/api/health`,
  timeout: 120_000,
  reuseExistingServer: false,
  stdout: "ignore" as const,
  stderr: "pipe" as const,
  env: { LOG_LEVEL: "silent", STATIC_DIR: "dist/miniapp", HOST: "127.0.0.1", PORT: String(port), ...env },
});

export default defineConfig({
  testDir: ".",
  // One folder per Playwright process: the test runner runs shards side by side (tests/run-all.mjs).
  outputDir: process.env.E2E_OUTPUT_DIR ?? "./test-results",
  globalTeardown: "./support/teardown.ts",
  // One worker per Playwright process; fullyParallel lets `--shard` split the suite by test rather
  // than by file, so the shards run side by side finish together (every test makes its own data).
  fullyParallel: true,
  workers: 1,
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
    // A failed test keeps its trace: the DOM at each step, without the screencast (the screencast
    // frames cost about a quarter of the suite's CPU, measured on admin-memberships.spec.ts).
    trace: { mode: "retain-on-failure", screenshots: false, snapshots: true, sources: true },
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
  webServer: [
    // A Shopify store for the seeded server: the integration tests' fake Storefront endpoint.
    {
      name: "storefront",
      command: "node --import tsx tests/e2e/support/fake-storefront-server.ts",
      cwd: root,
      port: STOREFRONT_PORT,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: "ignore" as const,
      stderr: "pipe" as const,
      env: { PORT: String(STOREFRONT_PORT) },
    },
    // A mail server for the seeded server: the integration tests' fake SMTP server, writing to a file.
    {
      name: "smtp",
      command: "node --import tsx tests/e2e/support/fake-smtp-server.ts",
      cwd: root,
      port: SMTP_PORT,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: "ignore" as const,
      stderr: "pipe" as const,
      env: { PORT: String(SMTP_PORT) },
    },
    // The seeded server checks Telegram launches against the test bot token with the bot itself off
    // (BOT_MODE=off: nothing tries to reach Telegram), mails reset and verification links
    // through the fake SMTP server (so ADMIN_EMAILS makes an admin once its link is opened), and
    // writes its log to a file. It
    // trusts X-Forwarded-For so that API sign-ups come from addresses of their own (limited per address).
    server(
      "seeded",
      SEEDED_PORT,
      {
        DATA_DIR: seededDataDir,
        DATABASE_URL: process.env.E2E_DATABASE_URL_SEEDED ?? "",
        BOT_TOKEN: E2E_BOT_TOKEN,
        BOT_MODE: "off",
        ADMIN_EMAILS: E2E_ADMIN_EMAIL,
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        PUBLIC_URL: SEEDED_ORIGIN,
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
      `${serverCommand} >> "${seededServerLog()}"`,
    ),
    server("empty", EMPTY_PORT, {
      DATA_DIR: emptyDataDir,
      DATABASE_URL: process.env.E2E_DATABASE_URL_EMPTY ?? "",
      SEED_DEMO_DATA: "false",
    }),
  ],
});

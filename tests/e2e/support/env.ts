import { join } from "node:path";

/**
 * What the end-to-end servers are started with (playwright.config.ts) and the tests rely on.
 * A test bot token: Telegram launches are signed with it, as Telegram signs them with the real one.
 */
export const E2E_BOT_TOKEN = "7000000001:AAe2e-test-bot-token_for-the-suite";
/** Signs up, proves the address through the mailed link, and so is an admin (ADMIN_EMAILS). */
export const E2E_ADMIN_EMAIL = "admin@e2e.test";

/**
 * Playwright workers; each has a seeded and an empty server of its own, so tests go to whichever
 * worker is free and never share a server with a test running at the same time.
 */
export const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 1));
/** This worker's number, 0 to WORKERS - 1 (Playwright sets it; a restarted worker keeps it). */
const WORKER = Number(process.env.TEST_PARALLEL_INDEX ?? 0);

/**
 * The run's ports, from the first one on: worker i's seeded server, then its empty server, for
 * each worker; then the fake Shopify Storefront endpoint, the fake SMTP server and the server
 * launcher's ready port. The test runner passes a free block; a bare `playwright test` uses 4310 on.
 */
const FIRST_PORT = Number(process.env.E2E_FIRST_PORT ?? 4310);
export const seededPort = (worker: number) => FIRST_PORT + 2 * worker;
export const emptyPort = (worker: number) => FIRST_PORT + 2 * worker + 1;
/** The fake Shopify Storefront endpoint the seeded servers check storefront carts out with. */
export const STOREFRONT_PORT = FIRST_PORT + 2 * WORKERS;
/** The fake SMTP server the seeded servers mail reset and verification links through. */
export const SMTP_PORT = STOREFRONT_PORT + 1;
/** Answers once every server is up (tests/e2e/support/start-servers.ts). */
export const LAUNCHER_PORT = STOREFRONT_PORT + 2;

/** This worker's servers. */
export const SEEDED_ORIGIN = `http://127.0.0.1:${seededPort(WORKER)}`;
export const EMPTY_ORIGIN = `http://127.0.0.1:${emptyPort(WORKER)}`;

function logDir(): string {
  const dir = process.env.E2E_LOG_DIR;
  if (!dir) throw new Error("E2E_LOG_DIR is not set: run the tests through playwright.config.ts");
  return dir;
}

/** A seeded server's log (JSON lines). */
export const seededServerLog = (worker: number) => join(logDir(), `seeded-${worker}.log`);

/** What the fake SMTP server received, one JSON line per message: `{ to: string[], text }`. */
export const seededMailbox = () => join(logDir(), "mail.jsonl");

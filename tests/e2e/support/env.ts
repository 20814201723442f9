import { join } from "node:path";

/**
 * What the end-to-end servers are started with (playwright.config.ts) and the tests rely on.
 * A test bot token: Telegram launches are signed with it, as Telegram signs them with the real one.
 */
export const E2E_BOT_TOKEN = "7000000001:AAe2e-test-bot-token_for-the-suite";
/** Signs up, proves the address through the mailed link, and so is an admin (ADMIN_EMAILS). */
export const E2E_ADMIN_EMAIL = "admin@e2e.test";

/** Ports of the two servers; the test runner passes free ones, a bare `playwright test` uses these. */
export const SEEDED_PORT = Number(process.env.E2E_PORT_SEEDED ?? 4310);
export const EMPTY_PORT = Number(process.env.E2E_PORT_EMPTY ?? 4311);
/** The fake Shopify Storefront endpoint the seeded server checks storefront carts out with. */
export const STOREFRONT_PORT = Number(process.env.E2E_PORT_STOREFRONT ?? SEEDED_PORT + 2);
/** The fake SMTP server the seeded server mails reset and verification links through. */
export const SMTP_PORT = Number(process.env.E2E_PORT_SMTP ?? SEEDED_PORT + 3);
export const SEEDED_ORIGIN = `http://127.0.0.1:${SEEDED_PORT}`;
export const EMPTY_ORIGIN = `http://127.0.0.1:${EMPTY_PORT}`;

function logDir(): string {
  const dir = process.env.E2E_LOG_DIR;
  if (!dir) throw new Error("E2E_LOG_DIR is not set: run the tests through playwright.config.ts");
  return dir;
}

/** The seeded server's log (JSON lines). */
export const seededServerLog = () => join(logDir(), "seeded.log");

/** What the fake SMTP server received, one JSON line per message: `{ to: string[], text }`. */
export const seededMailbox = () => join(logDir(), "mail.jsonl");

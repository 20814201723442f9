import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig, settingsSchema } from "#api/process/config";
import { checkDirectories } from "#api/process/start-checks";

// The README's promise: a bad value of any setting stops the start with one readable line naming
// it. Each setting of api/process/config.ts has a bad value here (a new setting without one fails
// the first test); the parser refuses it, or, for the two paths, the check before they are used.
const scratch = mkdtempSync(join(tmpdir(), "config-every-setting-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const aFile = join(scratch, "a-file");
writeFileSync(aFile, "not a directory");
const noBuild = mkdtempSync(join(scratch, "no-build-"));

const badValues: Record<string, string> = {
  PORT: "eighty",
  HOST: "not a host!",
  DATABASE_URL: "mysql://db.example.com/shop",
  RESTORE_MAX_BYTES: "5G",
  PUBLIC_URL: "shop.example.com",
  LOG_LEVEL: "debug",
  SEED_DEMO_DATA: "yes",
  SEARCH_INDEXING: "1",
  DB_POOL_SIZE: "0",
  PASSWORD_WORKERS: "0",
  PASSWORD_QUEUE: "-1",
  BOT_TOKEN: "not-a-token",
  BOT_MODE: "on",
  BOT_API_ROOT: "api.telegram.org",
  TELEGRAM_CHANNEL_ID: "my channel",
  TELEGRAM_APP_SHORT_NAME: "my app",
  WEBHOOK_SECRET: "has a space",
  AUTH_MAX_AGE: "10",
  SESSION_TTL_DAYS: "1000",
  ADMIN_TELEGRAM_IDS: "@ada",
  ADMIN_EMAILS: "ada@example.com, ada",
  SMTP_URL: "mail.example.com:25",
  MAIL_FROM: "Members Shop",
  TRUST_PROXY: "maybe",
  JSON_BODY_LIMIT: "1",
  STORAGE: "disk",
  S3_ENDPOINT: "minio:9000",
  S3_BUCKET: "My_Bucket",
  S3_REGION: "US East",
  S3_ACCESS_KEY_ID: "AKIA 123",
  S3_SECRET_ACCESS_KEY: "secret\nkey",
  S3_PUBLIC_URL: "cdn.example.com",
  SSE_MAX_PER_ADDRESS: "0",
  SSE_MAX_STREAMS: "70000",
  SSE_MAX_LIFETIME_SECONDS: "0",
  MAX_CONNECTIONS: "many",
  SHUTDOWN_TIMEOUT_SECONDS: "-5",
  METRICS_TOKEN: "short",
  METRICS_PORT: "70000",
  PLAN_PAYMENTS: "cash",
  PAYMENT_PROVIDER_TOKEN: "284685063: TEST",
  PAYMENT_CURRENCY: "XTR",
  PLAN_GRACE_DAYS: "90",
  REFERRAL_HOLD_DAYS: "-1",
  CART_REMINDER_HOURS: "0",
  JOIN_REQUEST_WAIT_HOURS: "1000",
  BROADCAST_RATE: "0",
  BROADCAST_PAID_RATE: "5000",
  SHOPIFY_STORE_DOMAIN: "https://example.myshopify.com",
  SHOPIFY_STOREFRONT_TOKEN: "shpat 123",
  SHOPIFY_API_URL: "example.myshopify.com/api",
  OPENAI_API_KEY: "sk- 123",
  OPENAI_BASE_URL: "localhost:8080/v1",
  OPENAI_MODEL: "gpt 4o",
  OPENAI_TIMEOUT_MS: "10",
  LOW_STOCK_THRESHOLD: "-1",
};

/** The paths: any text parses; the start refuses one it cannot use, before anything opens it. */
const checkedAtStart: Record<string, Record<string, string>> = {
  DATA_DIR: { DATA_DIR: aFile },
  STATIC_DIR: { DATA_DIR: scratch, STATIC_DIR: noBuild },
};

/** What the start prints for `env`: the configuration's refusal, or the directories'. */
function refusal(env: Record<string, string>): string {
  try {
    checkDirectories(loadConfig(env));
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`${JSON.stringify(env)} was accepted`);
}

describe("every setting's bad value", () => {
  it("has a case here, for each setting of api/process/config.ts", () => {
    expect(Object.keys({ ...badValues, ...checkedAtStart }).sort()).toEqual(
      Object.keys(settingsSchema.shape).sort(),
    );
  });

  it.each(Object.entries(badValues))("%s=%j stops the start with one line naming it", (name, value) => {
    const message = refusal({ DATA_DIR: scratch, [name]: value });
    const lines = message.split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe("Invalid configuration:");
    expect(lines[1]).toMatch(new RegExp(`^  ${name}: \\S`));
    // Never the value itself: a secret pasted wrong stays out of the log.
    if (value.length > 3) expect(lines[1]).not.toContain(value);
  });

  it.each(Object.entries(checkedAtStart))(
    "%s that cannot be used stops the start with one line",
    (name, env) => {
      const message = refusal(env);
      expect(message.split("\n")).toHaveLength(1);
      expect(message.startsWith(`${name}: `)).toBe(true);
    },
  );

  it("each line says what a good value is", () => {
    const lines = Object.fromEntries(
      Object.entries(badValues).map(([name, value]) => [
        name,
        refusal({ DATA_DIR: scratch, [name]: value })
          .split("\n")[1]
          ?.trim(),
      ]),
    );
    expect(lines).toMatchObject({
      PORT: "PORT: must be a whole number from 0 to 65535",
      DB_POOL_SIZE: "DB_POOL_SIZE: must be a whole number from 1 to 100",
      JSON_BODY_LIMIT: "JSON_BODY_LIMIT: must be a whole number, at least 1024",
      HOST: "HOST: must be an IP address or a host name such as 0.0.0.0, :: or localhost",
      DATABASE_URL: "DATABASE_URL: must be a postgres://user:password@host:5432/database URL",
      PUBLIC_URL: "PUBLIC_URL: must be an http:// or https:// URL",
      ADMIN_EMAILS: "ADMIN_EMAILS: must be email addresses, separated by commas",
      MAIL_FROM: "MAIL_FROM: must be an address or Name <address>",
      S3_SECRET_ACCESS_KEY: "S3_SECRET_ACCESS_KEY: must have no spaces or line breaks (pasted whole?)",
    });
    expect(refusal({ DATA_DIR: aFile })).toBe(`DATA_DIR: cannot write to ${aFile} (EEXIST)`);
    expect(refusal({ DATA_DIR: scratch, STATIC_DIR: noBuild })).toBe(
      `STATIC_DIR: ${noBuild} holds no index.html: point it at the built Mini App (npm run build makes dist/miniapp)`,
    );
  });

  it("a setting given as nothing (NAME=) takes its default", () => {
    const config = loadConfig({ PORT: "", DB_POOL_SIZE: "", OPENAI_MODEL: "", DATA_DIR: "", S3_BUCKET: "" });
    expect(config).toMatchObject({
      PORT: 3000,
      DB_POOL_SIZE: 10,
      OPENAI_MODEL: "gpt-4o-mini",
      DATA_DIR: "./data",
    });
    expect(config.S3_BUCKET).toBeUndefined();
  });

  it("NODE_ENV is no setting: the app reads nothing from it (decision 122)", () => {
    expect(Object.keys(settingsSchema.shape)).not.toContain("NODE_ENV");
    expect(() => loadConfig({ NODE_ENV: "anything" })).not.toThrow();
  });
});

describe("PUBLIC_URL with a running bot", () => {
  const bot = { BOT_TOKEN: "123456:ABC-def" };
  it("must be https: Telegram opens the Mini App and sends the webhook only there", () => {
    expect(refusal({ ...bot, PUBLIC_URL: "http://shop.example.com", DATA_DIR: scratch })).toBe(
      "Invalid configuration:\n  PUBLIC_URL: must be an https:// URL with the bot (BOT_TOKEN without BOT_MODE=off): Telegram opens the Mini App and sends its webhook only over https",
    );
    expect(() => loadConfig({ ...bot, BOT_MODE: "polling", PUBLIC_URL: "http://shop.example.com" })).toThrow(
      /PUBLIC_URL: must be an https:\/\/ URL with the bot/,
    );
  });

  it("may be http without one (BOT_MODE=off keeps Telegram sign-in only, as the end-to-end servers do)", () => {
    expect(loadConfig({ ...bot, BOT_MODE: "off", PUBLIC_URL: "http://127.0.0.1:3000" }).PUBLIC_URL).toBe(
      "http://127.0.0.1:3000",
    );
    expect(loadConfig({ PUBLIC_URL: "http://localhost:3000" }).PUBLIC_URL).toBe("http://localhost:3000");
    expect(loadConfig({ ...bot, PUBLIC_URL: "https://shop.example.com" }).PUBLIC_URL).toBe(
      "https://shop.example.com",
    );
  });
});

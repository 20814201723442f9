import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "#api/process/config";

const configError = (env: Record<string, string>): string => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("expected a configuration error");
};

describe("BOT_MODE=webhook", () => {
  it("without PUBLIC_URL is a configuration error", () => {
    expect(configError({ BOT_MODE: "webhook" })).toBe(
      "Invalid configuration:\n  BOT_MODE: webhook needs PUBLIC_URL (the https address Telegram posts to)",
    );
  });

  it("is reported together with the other bad variables", () => {
    const message = configError({ BOT_MODE: "webhook", PORT: "eighty", DATABASE_URL: "mysql://x" });
    expect(message.split("\n").map((line) => line.trim().split(":")[0])).toEqual([
      "Invalid configuration",
      "PORT",
      "DATABASE_URL",
      "BOT_MODE",
    ]);
  });

  it("with PUBLIC_URL is fine, and so are the other modes without it", () => {
    expect(loadConfig({ BOT_MODE: "webhook", PUBLIC_URL: "https://shop.example.com" }).BOT_MODE).toBe(
      "webhook",
    );
    for (const mode of ["auto", "off", "polling"]) expect(loadConfig({ BOT_MODE: mode }).BOT_MODE).toBe(mode);
  });
});

describe("storage and body-limit configuration", () => {
  it("defaults to local disk and a 64 KB JSON body limit", () => {
    const config = loadConfig({});
    expect(config.STORAGE).toBe("local");
    expect(config.JSON_BODY_LIMIT).toBe(64 * 1024);
  });

  it("STORAGE=s3 without a bucket or keys names each missing variable", () => {
    const message = configError({ STORAGE: "s3", S3_ACCESS_KEY_ID: "id" });
    expect(message).toContain("S3_BUCKET: required when STORAGE=s3");
    expect(message).toContain("S3_SECRET_ACCESS_KEY: required when STORAGE=s3");
    expect(message).not.toContain("S3_ACCESS_KEY_ID");
  });

  it("accepts a complete S3 configuration and rejects a bad endpoint", () => {
    const s3 = { STORAGE: "s3", S3_BUCKET: "media", S3_ACCESS_KEY_ID: "id", S3_SECRET_ACCESS_KEY: "secret" };
    expect(loadConfig(s3)).toMatchObject({ ...s3, S3_REGION: "us-east-1" });
    expect(configError({ ...s3, S3_ENDPOINT: "not a url" })).toContain("S3_ENDPOINT");
  });
});

describe("RESTORE_MAX_BYTES", () => {
  it("is unset by default (restore derives its cap from the data) and a whole number of bytes when set", () => {
    expect(loadConfig({}).RESTORE_MAX_BYTES).toBeUndefined();
    expect(loadConfig({ RESTORE_MAX_BYTES: "" }).RESTORE_MAX_BYTES).toBeUndefined();
    expect(loadConfig({ RESTORE_MAX_BYTES: "5368709120" }).RESTORE_MAX_BYTES).toBe(5 * 1024 ** 3);
    for (const bad of ["5G", "-1", "100"])
      expect(configError({ RESTORE_MAX_BYTES: bad })).toContain("RESTORE_MAX_BYTES");
  });
});

describe("PLAN_PAYMENTS=invoice (decision 109)", () => {
  it("refuses to start without the payment provider's token", () => {
    expect(configError({ PLAN_PAYMENTS: "invoice" })).toBe(
      "Invalid configuration:\n  PAYMENT_PROVIDER_TOKEN: is required with PLAN_PAYMENTS=invoice: the payment provider's token from @BotFather",
    );
    expect(configError({ PLAN_PAYMENTS: "invoice", PAYMENT_PROVIDER_TOKEN: "" })).toContain(
      "PAYMENT_PROVIDER_TOKEN",
    );
  });

  it("takes the token and an ISO 4217 currency (USD by default, never XTR)", () => {
    const token = { PLAN_PAYMENTS: "invoice", PAYMENT_PROVIDER_TOKEN: "284685063:TEST:abc" };
    expect(loadConfig(token)).toMatchObject({ ...token, PAYMENT_CURRENCY: "USD" });
    expect(loadConfig({ ...token, PAYMENT_CURRENCY: "eur" }).PAYMENT_CURRENCY).toBe("EUR");
    for (const bad of ["XTR", "EURO", "ZZZ"])
      expect(configError({ ...token, PAYMENT_CURRENCY: bad })).toContain("PAYMENT_CURRENCY");
  });

  it("needs no token in the other modes", () => {
    for (const mode of ["free", "manual", "stars"])
      expect(loadConfig({ PLAN_PAYMENTS: mode }).PLAN_PAYMENTS).toBe(mode);
  });
});

import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "#api/process/config";

const TOKEN = "123456:ABC-def";

describe("PUBLIC_URL and reset-link delivery", () => {
  it.each([
    [{ SMTP_URL: "smtp://mail.example:25" }, "SMTP_URL"],
    [{ BOT_TOKEN: TOKEN }, "the bot"],
    [{ BOT_TOKEN: TOKEN, BOT_MODE: "polling" }, "the bot"],
  ])("refuses %o without PUBLIC_URL, naming why", (env, reason) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(
      new RegExp(`PUBLIC_URL: is required with ${reason}.*password reset links are built from it`),
    );
  });

  it.each([
    {},
    { BOT_TOKEN: TOKEN, BOT_MODE: "off" },
    { SMTP_URL: "smtp://mail.example:25", PUBLIC_URL: "https://shop.example.com" },
    { BOT_TOKEN: TOKEN, PUBLIC_URL: "https://shop.example.com" },
  ])("accepts %o", (env) => {
    expect(() => loadConfig(env)).not.toThrow();
  });
});

import { describe, expect, it } from "vitest";
import { adminTierMessages } from "#api/contracts/admin-tiers";
import type { BotState } from "#api/contracts/bot-status";
import { checkoutMessages } from "#api/contracts/checkout";
import { planPaymentMessages } from "#api/contracts/plan-payments";
import { Refusal, refusalReasons, refusedFor } from "#api/domain/refusal";
import { answerTo } from "#api/http/refusals";

describe("refusals as HTTP", () => {
  it("gives every thrown reason a code, a status and words", () => {
    for (const reason of refusalReasons) {
      const refusal = new (Refusal as new (reason: string, detail: unknown) => Refusal)(reason, {
        retryAfterSeconds: 1,
        latest: 1,
        members: 1,
        cause: "x",
        message: "x",
        title: "x",
        state: "CA",
        remaining: "1.00",
        bot: { state: "off", reason: "no_token" },
      });
      const answer = answerTo(refusal);
      expect(answer.status, reason).toBeGreaterThanOrEqual(400);
      expect(answer.message, reason).not.toBe("");
    }
  });

  it("words a refusal from its detail where the words depend on the case", () => {
    expect(answerTo(new Refusal("tier_in_use", { members: 3 }))).toEqual({
      code: "conflict",
      status: 409,
      message: adminTierMessages.inUse(3),
      headers: {},
    });
    expect(answerTo(new Refusal("restricted_state", { title: "Kush", state: "CA" }))).toMatchObject({
      status: 422,
      message: checkoutMessages.restricted("Kush", "California"),
    });
    expect(answerTo(new Refusal("unavailable", { title: null })).message).toBe(
      checkoutMessages.unavailable("A product in your cart"),
    );
    expect(answerTo(new Refusal("refund_failed", { cause: "CHARGE_ALREADY_REFUNDED" })).message).toBe(
      planPaymentMessages.refundFailed("CHARGE_ALREADY_REFUNDED"),
    );
  });

  it("says why the bot cannot do it: not set up, not here, starting, or set up and not running and why", () => {
    const words = (bot: BotState, language: "en" | "es" = "en") =>
      answerTo(new Refusal("bot_not_running", { bot }), language).message;
    const failing = { state: "not_running", mode: "webhook", since: "2026-01-01T00:00:00.000Z" } as const;
    expect(words({ state: "off", reason: "no_token" })).toBe("The bot is not configured: set BOT_TOKEN");
    expect(words({ state: "off", reason: "mode_off" })).toBe(
      "The bot does not run in this process (BOT_MODE=off)",
    );
    expect(words({ state: "starting", mode: "polling" })).toBe(
      "The bot is set up but not running yet: it is still starting",
    );
    expect(words({ ...failing, problem: "conflict", error: "getUpdates: 409 Conflict" })).toBe(
      "The bot is set up but not running: another server takes this bot’s updates",
    );
    expect(
      words({ ...failing, problem: "telegram_error", error: "getMe: 500 Internal Server Error" }, "es"),
    ).toBe(
      "El bot está configurado pero no está en marcha: Telegram respondió «getMe: 500 Internal Server Error»",
    );
  });

  it("tells a client when to come back", () => {
    expect(answerTo(new Refusal("rate_limited", { retryAfterSeconds: 90 }))).toEqual({
      code: "rate_limited",
      status: 429,
      message: "Too many attempts. Try again in 2 minutes.",
      headers: { "Retry-After": "90" },
    });
    expect(answerTo(new Refusal("server_busy")).headers).toEqual({ "Retry-After": "1" });
  });

  it("refuses to answer a reason it has no line for, rather than guessing a status", () => {
    // A reason not in the list (an older process's name, a typo) has no line in the table.
    const stray = new (Refusal as new (reason: string) => Refusal)("stock");
    expect(() => answerTo(stray)).toThrow(/no answer for refusal stock/);
  });

  it("lets the bot and the CLI branch on the rule, not the words", () => {
    expect(refusedFor(new Refusal("last_admin"), "last_admin")).toBe(true);
    expect(refusedFor(new Refusal("user_not_found"), "last_admin")).toBe(false);
    expect(refusedFor(new Error("last_admin"), "last_admin")).toBe(false);
  });
});

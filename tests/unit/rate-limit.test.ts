import { describe, expect, it } from "vitest";
import { RateLimiter, tooManyAttemptsMessage } from "#api/auth/rate-limit";

describe("RateLimiter", () => {
  it("allows `limit` hits per window, then says how long to wait, then forgets", () => {
    let now = 1_000_000;
    const limiter = new RateLimiter({ limit: 3, windowMs: 60_000 }, () => now);
    for (let i = 0; i < 3; i++) {
      expect(limiter.retryAfter("a")).toBe(0);
      limiter.record("a");
      now += 1000;
    }
    // The first hit was 3 s ago: it leaves the window in 57 s.
    expect(limiter.retryAfter("a")).toBe(57);
    expect(limiter.retryAfter("b")).toBe(0);
    now += 57_000;
    expect(limiter.retryAfter("a")).toBe(0);
  });

  it("slides: after the oldest hit expires one more is allowed", () => {
    let now = 0;
    const limiter = new RateLimiter({ limit: 2, windowMs: 10_000 }, () => now);
    limiter.record("k");
    now = 5000;
    limiter.record("k");
    expect(limiter.retryAfter("k")).toBe(5);
    now = 10_001;
    expect(limiter.retryAfter("k")).toBe(0);
    limiter.record("k");
    expect(limiter.retryAfter("k")).toBe(5);
  });

  it("reset clears a key", () => {
    const limiter = new RateLimiter({ limit: 1, windowMs: 10_000 }, () => 0);
    limiter.record("k");
    expect(limiter.retryAfter("k")).toBeGreaterThan(0);
    limiter.reset("k");
    expect(limiter.retryAfter("k")).toBe(0);
  });
});

describe("tooManyAttemptsMessage", () => {
  it("rounds up to whole minutes", () => {
    expect(tooManyAttemptsMessage(61)).toBe("Too many attempts. Try again in 2 minutes.");
    expect(tooManyAttemptsMessage(900)).toBe("Too many attempts. Try again in 15 minutes.");
    expect(tooManyAttemptsMessage(5)).toBe("Too many attempts. Try again in 1 minute.");
  });
});

import { AppError } from "../errors";

/** A sliding-window counter per key (an email, a client address), in memory. */
export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

export class RateLimiter {
  private readonly hits = new Map<string, number[]>();
  private lastSweep = 0;

  constructor(
    private readonly rule: RateLimitRule,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until the key may try again, or 0 when it may now. */
  retryAfter(key: string): number {
    const times = this.recent(key);
    if (times.length < this.rule.limit) return 0;
    const oldest = times[times.length - this.rule.limit] ?? this.now();
    return Math.max(1, Math.ceil((oldest + this.rule.windowMs - this.now()) / 1000));
  }

  record(key: string): void {
    const times = this.recent(key);
    times.push(this.now());
    this.hits.set(key, times);
    this.sweep();
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  private recent(key: string): number[] {
    const since = this.now() - this.rule.windowMs;
    const times = (this.hits.get(key) ?? []).filter((t) => t > since);
    if (times.length) this.hits.set(key, times);
    else this.hits.delete(key);
    return times;
  }

  // Keys nobody retries would stay forever; drop stale ones once per window.
  private sweep(): void {
    const now = this.now();
    if (now - this.lastSweep < this.rule.windowMs) return;
    this.lastSweep = now;
    for (const key of [...this.hits.keys()]) this.recent(key);
  }
}

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/**
 * The limits on guessing: login failures and reset requests, each per account (email) and per
 * client address. One process's memory: behind several processes each counts on its own.
 */
export function createAuthLimits(now: () => number) {
  return {
    loginAccount: new RateLimiter({ limit: 5, windowMs: FIFTEEN_MINUTES }, now),
    loginAddress: new RateLimiter({ limit: 20, windowMs: FIFTEEN_MINUTES }, now),
    resetAccount: new RateLimiter({ limit: 5, windowMs: FIFTEEN_MINUTES }, now),
    resetAddress: new RateLimiter({ limit: 20, windowMs: FIFTEEN_MINUTES }, now),
  };
}
export type AuthLimits = ReturnType<typeof createAuthLimits>;

export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}

/** 429 with Retry-After, the answer to any limited attempt. */
export function rateLimited(retryAfterSeconds: number): AppError {
  return new AppError("rate_limited", tooManyAttemptsMessage(retryAfterSeconds), {
    "Retry-After": String(retryAfterSeconds),
  });
}

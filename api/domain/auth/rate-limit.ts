import type { Language } from "#api/contracts/languages";
import type { Db } from "#db/client";
import { clearHits, countHits, uncountHits } from "#db/queries/auth/rate-limits";
import { serverText } from "../i18n/translate";
import { Refusal } from "../refusal";
import { hashToken } from "./tokens";

/** At most `limit` attempts per subject in a fixed window of `windowMs` from the first one. */
export interface LimitRule {
  scope: string;
  limit: number;
  windowMs: number;
}

const MINUTE = 60_000;

/**
 * Every limit on guessing and on cheap abuse (docs/decisions/082-rate-limits.md). A login counts
 * against its (account, address) pair, its address and its account: the pair is the tight one,
 * so an address that locks itself out of an account does not lock the owner out from elsewhere;
 * the account ceiling still bounds guessing from many addresses.
 */
export const limits = {
  loginPair: { scope: "login:account+address", limit: 5, windowMs: 15 * MINUTE },
  loginAddress: { scope: "login:address", limit: 20, windowMs: 15 * MINUTE },
  loginAccount: { scope: "login:account", limit: 50, windowMs: 15 * MINUTE },
  passwordChange: { scope: "password-change:account", limit: 5, windowMs: 15 * MINUTE },
  resetAccount: { scope: "reset-request:account", limit: 5, windowMs: 15 * MINUTE },
  resetAddress: { scope: "reset-request:address", limit: 20, windowMs: 15 * MINUTE },
  resetConfirmAddress: { scope: "reset-confirm:address", limit: 20, windowMs: 15 * MINUTE },
  verifyEmailAccount: { scope: "verify-email-request:account", limit: 5, windowMs: 15 * MINUTE },
  verifyEmailConfirmAddress: { scope: "verify-email-confirm:address", limit: 20, windowMs: 15 * MINUTE },
  signUpAddress: { scope: "signup:address", limit: 10, windowMs: 60 * MINUTE },
  // Translations not yet kept, each asking (or waiting for) the model (docs/decisions/103).
  translationMember: { scope: "translation:member", limit: 30, windowMs: MINUTE },
  // Messages to the shop, from the app and the bot together (docs/decisions/105-support-inbox.md).
  supportMember: { scope: "support:member", limit: 20, windowMs: 10 * MINUTE },
} as const satisfies Record<string, LimitRule>;

/** A rule and the subject it counts for (an email, an address, a user id, or a pair of them). */
export type LimitHit = readonly [LimitRule, string];

// The stored key is a digest: no emails or addresses in the table, and keys sort the same in every
// collation (db/queries/auth/rate-limits.ts locks them in key order).
const keyOf = ([rule, subject]: LimitHit) => hashToken(`${rule.scope}\n${subject}`);

export interface Attempt {
  /** Takes the attempt back from every counter: it did not run, or it succeeded and should not count. */
  release(): Promise<void>;
}

/**
 * Counts an attempt against each limit BEFORE the work it guards (argon2, a token lookup), in one
 * atomic upsert, so concurrent attempts cannot all pass a check before any of them is counted, and
 * every process sharing the database shares the counts. Over any limit the attempt is taken back
 * everywhere (a refused attempt costs nothing, so hammering one counter cannot use up another) and
 * the refusal (rate_limited) names the longest wait.
 */
export async function reserveAttempt(db: Db, now: Date, ...hits: LimitHit[]): Promise<Attempt> {
  const entries = hits.map((hit) => ({ key: keyOf(hit), rule: hit[0] }));
  const counted = await countHits(
    db,
    entries.map((e) => ({ key: e.key, windowMs: e.rule.windowMs })),
    now,
  );
  const keys = entries.map((e) => e.key);
  const release = () => uncountHits(db, keys);
  const over = counted.filter((row) => row.hits > (entries.find((e) => e.key === row.key)?.rule.limit ?? 0));
  if (over.length > 0) {
    await release();
    const latest = Math.max(...over.map((row) => row.resetsAt.getTime()));
    throw rateLimited(Math.max(1, Math.ceil((latest - now.getTime()) / 1000)));
  }
  return { release };
}

/** Starts a subject's count again (a login with the right password clears its pair). */
export const clearLimit = (db: Db, hit: LimitHit) => clearHits(db, keyOf(hit));

/** The wait in whole minutes (at least one), in `language`. */
export function tooManyAttemptsMessage(retryAfterSeconds: number, language: Language = "en"): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return serverText(language, "refusal.tooManyAttempts", { minutes });
}

/** The refusal of any limited attempt, with the wait (HTTP: 429 and Retry-After, api/http/refusals.ts). */
export const rateLimited = (retryAfterSeconds: number) => new Refusal("rate_limited", { retryAfterSeconds });

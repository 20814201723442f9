import { createHmac } from "node:crypto";
import type { Db } from "#db/client";
import {
  findLiveSession,
  findLiveSessionEnd,
  findLiveSessionLanguage,
  insertSession,
  revokeOldestSessions,
  revokeSession,
  type SessionRow,
} from "#db/queries/auth/sessions";
import { hashToken, newToken } from "./tokens";

export type SessionUser = SessionRow;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Live sessions a user may hold; a new one beyond this ends the oldest. */
export const MAX_SESSIONS_PER_USER = 20;

export interface StartedSession {
  token: string;
  expiresAt: Date;
}

/**
 * Issues an opaque token (only its hash is stored), or, given `token`, resumes the live session of
 * this user with that token. Either way the user keeps at most MAX_SESSIONS_PER_USER live ones.
 */
export async function startSession(
  db: Db,
  userId: string,
  now: Date,
  ttlDays: number,
  token = newToken(),
): Promise<StartedSession> {
  const expiresAt = new Date(now.getTime() + ttlDays * DAY_MS);
  const tokenHash = hashToken(token);
  if (await insertSession(db, { userId, tokenHash, expiresAt })) {
    await revokeOldestSessions(db, userId, MAX_SESSIONS_PER_USER, now);
    return { token, expiresAt };
  }
  const live = await findLiveSessionEnd(db, tokenHash, now);
  if (live?.userId === userId) return { token, expiresAt: live.expiresAt };
  // Ended (signed out, expired, pushed out by newer ones): a fresh random session instead.
  return startSession(db, userId, now, ttlDays);
}

/**
 * The session token for one Telegram launch: derived from the launch's signed hash with a key
 * only the server has, so repeated sign-ins with the same initData resume one session instead of
 * making one each time. Whoever holds that initData could sign in anyway; nobody can derive the
 * token from the stored hashes.
 */
export function launchSessionToken(botToken: string, initDataHash: string): string {
  return createHmac("sha256", `session:${botToken}`).update(initDataHash.toLowerCase()).digest("base64url");
}

/** The live session a token names: whose it is and when it ends. */
export const liveSessionEnd = (db: Db, token: string, now: Date) =>
  findLiveSessionEnd(db, hashToken(token), now);

/** Signing out: the session ends now, whatever its remaining lifetime. */
export const endSession = (db: Db, sessionId: string, now: Date) => revokeSession(db, sessionId, now);

/** The user behind a presented token, if the session is live. */
/** The language stored on a session's account (one indexed read); undefined for no live session. */
export function sessionLanguage(db: Db, token: string, now: Date): Promise<string | null | undefined> {
  if (token.length < 20 || token.length > 200) return Promise.resolve(undefined);
  return findLiveSessionLanguage(db, hashToken(token), now);
}

export function resolveSession(db: Db, token: string, now: Date): Promise<SessionUser | undefined> {
  // Real tokens are 43 characters; anything far off is not worth a query.
  if (token.length < 20 || token.length > 200) return Promise.resolve(undefined);
  return findLiveSession(db, hashToken(token), now);
}

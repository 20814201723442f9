import type { Db } from "#db/client";
import { findLiveSession, insertSession, type SessionRow } from "#db/queries/sessions";
import { hashToken, newToken } from "./tokens";

export type SessionUser = SessionRow;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Issues an opaque token; only its hash is stored. */
export async function startSession(db: Db, userId: string, now: Date, ttlDays: number) {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + ttlDays * DAY_MS);
  await insertSession(db, { userId, tokenHash: hashToken(token), expiresAt });
  return { token, expiresAt };
}

/** The user behind a presented token, if the session is live. */
export function resolveSession(db: Db, token: string, now: Date): Promise<SessionUser | undefined> {
  // Real tokens are 43 characters; anything far off is not worth a query.
  if (token.length < 20 || token.length > 200) return Promise.resolve(undefined);
  return findLiveSession(db, hashToken(token), now);
}

import { and, desc, eq, gt, isNotNull, isNull, lte, ne, notInArray, or } from "drizzle-orm";
import type { Db } from "../../client";
import { profiles, sessions, userRoles } from "../../schema";
import { passedAgeGate } from "../channel/channel";

export interface SessionRow {
  sessionId: string;
  userId: string;
  expiresAt: Date;
  ageVerified: boolean;
  roles: ("admin" | "moderator" | "employee")[];
}

/** Stores a session unless one with this token hash exists; true when this call stored it. */
export async function insertSession(
  db: Db,
  values: { userId: string; tokenHash: string; expiresAt: Date },
): Promise<boolean> {
  const created = await db
    .insert(sessions)
    .values(values)
    .onConflictDoNothing({ target: sessions.tokenHash })
    .returning({ id: sessions.id });
  return created.length > 0;
}

/** Whose the live session with this token hash is, and when it ends. */
export async function findLiveSessionEnd(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ userId: sessions.userId, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
  return row;
}

/** Ends the user's live sessions beyond the newest `keep`. */
export async function revokeOldestSessions(db: Db, userId: string, keep: number, now: Date) {
  const live = and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
  const newest = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(live, gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.createdAt))
    .limit(keep);
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(live, notInArray(sessions.id, newest)));
}

/** Expired and revoked sessions can never be used again. */
export async function deleteEndedSessions(db: Db, now: Date) {
  await db.delete(sessions).where(or(lte(sessions.expiresAt, now), isNotNull(sessions.revokedAt)));
}

/** The live (unrevoked, unexpired) session with this token hash, with what access checks need. */
/** The stored language tag (profiles.language) of a live session's account; undefined without one. */
export async function findLiveSessionLanguage(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<string | null | undefined> {
  const [row] = await db
    .select({ language: profiles.language })
    .from(sessions)
    .leftJoin(profiles, eq(profiles.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1);
  return row?.language;
}

export async function findLiveSession(db: Db, tokenHash: string, now: Date): Promise<SessionRow | undefined> {
  const rows = await db
    .select({
      sessionId: sessions.id,
      userId: sessions.userId,
      expiresAt: sessions.expiresAt,
      ageVerified: passedAgeGate(profiles.ageVerified),
    })
    .from(sessions)
    .leftJoin(profiles, eq(profiles.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1);
  const row = rows[0];
  if (!row) return undefined;
  const roleRows = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.userId, row.userId));
  return { ...row, ageVerified: row.ageVerified ?? false, roles: roleRows.map((r) => r.role) };
}

export async function revokeSession(db: Db, sessionId: string, now: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every session of the user, except `keepSessionId` when given (the one changing the password). */
export async function revokeUserSessions(db: Db, userId: string, now: Date, keepSessionId?: string) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
      ),
    );
}

import { and, eq, gt, inArray, isNull, ne } from "drizzle-orm";
import type { Db } from "../client";
import { profiles, sessions, userRoles } from "../schema/index";

export interface SessionRow {
  sessionId: string;
  userId: string;
  ageVerified: boolean;
  roles: ("admin" | "moderator" | "employee")[];
}

export async function insertSession(db: Db, values: { userId: string; tokenHash: string; expiresAt: Date }) {
  await db.insert(sessions).values(values);
}

/** The live (unrevoked, unexpired) session with this token hash, with what access checks need. */
export async function findLiveSession(db: Db, tokenHash: string, now: Date): Promise<SessionRow | undefined> {
  const rows = await db
    .select({ sessionId: sessions.id, userId: sessions.userId, ageVerified: profiles.ageVerified })
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

/** Which of these sessions are still live (not revoked, not expired, user not deleted): one query. */
export async function liveSessionIds(db: Db, sessionIds: string[], now: Date): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(inArray(sessions.id, sessionIds), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
  return new Set(rows.map((row) => row.id));
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

import { randomBytes } from "node:crypto";
import { and, eq, inArray, lt } from "drizzle-orm";
import type { Db } from "../../client";
import { personsSeen, personsSeenPending, profiles, serverKeys, users } from "../../schema";

/** The server's key named `name`, made (32 random bytes, hex) by whichever caller comes first. */
export async function serverKey(db: Db, name: string): Promise<string> {
  const read = async () =>
    (await db.select({ key: serverKeys.key }).from(serverKeys).where(eq(serverKeys.name, name)))[0]?.key;
  const known = await read();
  if (known) return known;
  await db
    .insert(serverKeys)
    .values({ name, key: randomBytes(32).toString("hex") })
    .onConflictDoNothing();
  const made = await read();
  if (!made) throw new Error(`server key ${name} missing`);
  return made;
}

/** Notes person keys as seen; a key seen before keeps its first time. */
export async function noteSeen(db: Db, keys: string[], at: Date): Promise<void> {
  if (!keys.length) return;
  await db
    .insert(personsSeen)
    .values(keys.map((personKey) => ({ personKey, firstSeenAt: at })))
    .onConflictDoNothing();
}

/** True when any of these person keys was seen (before `before`, when given). */
export async function anySeen(db: Db, keys: string[], before?: Date): Promise<boolean> {
  if (!keys.length) return false;
  const rows = await db
    .select({ key: personsSeen.personKey })
    .from(personsSeen)
    .where(
      and(inArray(personsSeen.personKey, keys), before ? lt(personsSeen.firstSeenAt, before) : undefined),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * Up to `limit` accounts whose person keys are still to be noted, with what names the person,
 * locked for the caller's transaction; rows another process holds are skipped.
 */
export const pendingPersons = (tx: Db, limit: number) =>
  tx
    .select({
      userId: personsSeenPending.userId,
      telegramId: users.telegramId,
      email: profiles.email,
      emailVerifiedAt: profiles.emailVerifiedAt,
    })
    .from(personsSeenPending)
    .innerJoin(users, eq(users.id, personsSeenPending.userId))
    .leftJoin(profiles, eq(profiles.id, personsSeenPending.userId))
    .limit(limit)
    .for("update", { of: personsSeenPending, skipLocked: true });

export async function dropPending(tx: Db, userIds: string[]): Promise<void> {
  if (userIds.length) await tx.delete(personsSeenPending).where(inArray(personsSeenPending.userId, userIds));
}

import { and, asc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "../client";
import { credentials, profiles, userRoles, users } from "../schema/index";
import { passedAgeGate } from "./channel";

export type Role = (typeof userRoles.$inferSelect)["role"];

export interface AccountRow {
  id: string;
  telegramId: bigint | null;
  telegramUsername: string | null;
  createdAt: Date;
  email: string | null;
  /** When the owner proved `email` (a mailed link); null when unproven. */
  emailVerifiedAt: Date | null;
  fullName: string | null;
  avatarUrl: string | null;
  ageVerified: boolean;
  /** "Email me about orders" (true for an account made without a profile row). */
  orderEmails: boolean;
  passwordHash: string | null;
}

const accountColumns = {
  id: users.id,
  telegramId: users.telegramId,
  telegramUsername: users.telegramUsername,
  createdAt: users.createdAt,
  email: profiles.email,
  emailVerifiedAt: profiles.emailVerifiedAt,
  fullName: profiles.fullName,
  avatarUrl: profiles.avatarUrl,
  // Past the age gate: verified, or age verification is off (the Mini App and the API agree on it).
  ageVerified: passedAgeGate(profiles.ageVerified),
  orderEmails: sql<boolean>`coalesce(${profiles.orderEmails}, true)`.mapWith(Boolean),
  passwordHash: credentials.passwordHash,
};

const accounts = (db: Db) =>
  db
    .select(accountColumns)
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(credentials, eq(credentials.userId, users.id));

export async function findAccountById(db: Db, id: string): Promise<AccountRow | undefined> {
  return (await accounts(db).where(eq(users.id, id)).limit(1))[0];
}

/** Emails are unique ignoring case (profiles_email_lower_key). */
export async function findAccountByEmail(db: Db, email: string): Promise<AccountRow | undefined> {
  return (await accounts(db).where(sql`lower(${profiles.email}) = lower(${email.trim()})`).limit(1))[0];
}

export async function findAccountByTelegramId(db: Db, telegramId: bigint): Promise<AccountRow | undefined> {
  return (await accounts(db).where(eq(users.telegramId, telegramId)).limit(1))[0];
}

export async function rolesOf(db: Db, userId: string): Promise<Role[]> {
  const rows = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.userId, userId))
    // The enum order: admin, moderator, employee.
    .orderBy(asc(userRoles.role));
  return rows.map((r) => r.role);
}

export async function rolesOfMany(db: Db, userIds: string[]): Promise<Map<string, Role[]>> {
  const map = new Map<string, Role[]>();
  if (!userIds.length) return map;
  const rows = await db
    .select({ userId: userRoles.userId, role: userRoles.role })
    .from(userRoles)
    .where(inArray(userRoles.userId, userIds))
    // The enum order: admin, moderator, employee.
    .orderBy(asc(userRoles.role));
  for (const row of rows) map.set(row.userId, [...(map.get(row.userId) ?? []), row.role]);
  return map;
}

/** The Telegram ids of everyone holding one of `roles` who has a Telegram account. */
export async function telegramIdsWithRoles(db: Db, roles: Role[]): Promise<bigint[]> {
  const rows = await db
    .selectDistinct({ telegramId: users.telegramId })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(inArray(userRoles.role, roles), isNotNull(users.telegramId)));
  return rows.flatMap((row) => (row.telegramId === null ? [] : [row.telegramId]));
}

/** Emails (of `emails`, lower case) whose accounts hold admin without having proven the address. */
export async function unprovenAdminEmails(db: Db, emails: string[]): Promise<string[]> {
  if (!emails.length) return [];
  const rows = await db
    .select({ email: profiles.email })
    .from(userRoles)
    .innerJoin(profiles, eq(profiles.id, userRoles.userId))
    .where(
      and(
        eq(userRoles.role, "admin"),
        isNull(profiles.emailVerifiedAt),
        inArray(sql`lower(${profiles.email})`, emails),
      ),
    );
  return rows.flatMap((row) => (row.email ? [row.email] : []));
}

export async function addRole(db: Db, userId: string, role: Role) {
  await db.insert(userRoles).values({ userId, role }).onConflictDoNothing();
}

export async function setPasswordHash(db: Db, userId: string, passwordHash: string) {
  await db
    .insert(credentials)
    .values({ userId, passwordHash })
    .onConflictDoUpdate({ target: credentials.userId, set: { passwordHash, updatedAt: sql`now()` } });
}

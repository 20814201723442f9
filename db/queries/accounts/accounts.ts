import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../client";
import { credentials, profiles, type RoleGrant, userRoles, users } from "../../schema";
import { passedAgeGate } from "../channel/channel";
import { botWritableSql } from "../messaging/recipients";

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
  /** Settings › Notifications' other switches (on for an account made without a profile row). */
  newsMessages: boolean;
  planReminders: boolean;
  cartReminders: boolean;
  /** The bot may write: allowed (bot_writable_at) and not blocked since (bot_blocked_at null). */
  botWritable: boolean;
  passwordHash: string | null;
  /** The stored language tag (profiles.language); null before the first sign-in noted one. */
  language: string | null;
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
  newsMessages: sql<boolean>`coalesce(${profiles.newsMessages}, true)`.mapWith(Boolean),
  planReminders: sql<boolean>`coalesce(${profiles.planReminders}, true)`.mapWith(Boolean),
  cartReminders: sql<boolean>`coalesce(${profiles.cartReminders}, true)`.mapWith(Boolean),
  botWritable: botWritableSql.mapWith(Boolean),
  passwordHash: credentials.passwordHash,
  language: profiles.language,
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

const givesEmail = (email: string) => sql`lower(${profiles.email}) = lower(${email.trim()})`;

/**
 * The order in which an address speaks for the accounts giving it: the one that proved it, else the
 * web sign-up that claims it (at most one of either, profiles_taken_email_lower_key), then accounts
 * whose only way in it is (no Telegram), newest first.
 */
export const claimOrder = [
  sql`${profiles.emailVerifiedAt} is null`,
  sql`${profiles.emailClaimedAt} is null`,
  sql`${users.telegramId} is not null`,
  desc(users.createdAt),
  asc(users.id),
];

/** Every account giving `email` (any case), in claimOrder: unproven, an address may be given by several. */
export async function emailClaimants(db: Db, email: string): Promise<AccountRow[]> {
  return accounts(db)
    .where(givesEmail(email))
    .orderBy(...claimOrder);
}

/** True when an account giving `email` (any case) meets `condition`. */
async function someAccountGives(db: Db, email: string, condition: SQL | undefined): Promise<boolean> {
  const rows = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(givesEmail(email), condition))
    .limit(1);
  return rows.length > 0;
}

/** True when an account has proven `email` (any case). */
export const isEmailProven = (db: Db, email: string) =>
  someAccountGives(db, email, isNotNull(profiles.emailVerifiedAt));

/** True when an account has proven `email` (any case) or a web sign-up claims it: no sign-up may give it. */
export const isEmailTaken = (db: Db, email: string) =>
  someAccountGives(db, email, or(isNotNull(profiles.emailVerifiedAt), isNotNull(profiles.emailClaimedAt)));

// The advisory lock namespace of claims on and proofs of one address (the key: its hashtext).
const EMAIL_LOCK = 725003;

/**
 * Until the transaction ends, claims on and proofs of `email` (any case) take turns: a claim sees a
 * proof made meanwhile, and of two proofs at once the second sees the first.
 */
export async function lockEmail(tx: Db, email: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${EMAIL_LOCK}, hashtext(lower(${email.trim()})))`);
}

/**
 * Marks `email` proven for `userId` if it is still that account's email (proven since its first
 * proof), and drops every other account's claim on it. Returns the address as stored, or undefined
 * when the account gives another one. Run under lockEmail.
 */
export async function markEmailProven(
  tx: Db,
  userId: string,
  email: string,
  now: Date,
): Promise<string | undefined> {
  const [own] = await tx
    .select({ email: profiles.email })
    .from(profiles)
    .where(and(eq(profiles.id, userId), givesEmail(email)));
  if (!own?.email) return undefined;
  // The others' first: the unique index holds one proven or claimed account an address at any time.
  await tx
    .update(profiles)
    .set({ email: null, updatedAt: sql`now()` })
    .where(and(givesEmail(email), ne(profiles.id, userId)));
  await tx
    .update(profiles)
    .set({
      emailVerifiedAt: sql`coalesce(${profiles.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: sql`now()`,
    })
    .where(eq(profiles.id, userId));
  return own.email;
}

/** Ends the account's Telegram link: its Telegram sign-in makes an account of its own from then on. */
export async function unlinkTelegram(db: Db, userId: string) {
  await db
    .update(users)
    .set({ telegramId: null, telegramUsername: null, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** The stored language of the account holding this Telegram id: undefined without one, null before one is noted. */
export async function storedLanguageByTelegramId(
  db: Db,
  telegramId: bigint,
): Promise<string | null | undefined> {
  const [row] = await db
    .select({ language: profiles.language })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.telegramId, telegramId))
    .limit(1);
  return row?.language;
}

export async function findAccountByTelegramId(db: Db, telegramId: bigint): Promise<AccountRow | undefined> {
  return (await accounts(db).where(eq(users.telegramId, telegramId)).limit(1))[0];
}

/** The accounts whose Telegram @username (without the @, any case) is `username`, newest first. */
export async function findAccountsByTelegramUsername(db: Db, username: string): Promise<AccountRow[]> {
  return accounts(db)
    .where(sql`lower(${users.telegramUsername}) = lower(${username})`)
    .orderBy(desc(users.createdAt), asc(users.id));
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

/** The Telegram accounts holding any of `roles`: each with whether the bot may write and its stored language tag. */
export async function telegramIdsWithRoles(
  db: Db,
  roles: Role[],
): Promise<{ userId: string; telegramId: bigint; botWritable: boolean; language: string | null }[]> {
  const rows = await db
    .selectDistinct({
      userId: users.id,
      telegramId: users.telegramId,
      botWritable: botWritableSql.mapWith(Boolean),
      language: profiles.language,
    })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(and(inArray(userRoles.role, roles), isNotNull(users.telegramId)));
  return rows.flatMap((row) =>
    row.telegramId === null
      ? []
      : [
          {
            userId: row.userId,
            telegramId: row.telegramId,
            botWritable: row.botWritable,
            language: row.language,
          },
        ],
  );
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
        // A role given on purpose (the admin command, the setup link, an admin) is no configured one.
        or(isNull(userRoles.grantedBy), eq(userRoles.grantedBy, "configured")),
        isNull(profiles.emailVerifiedAt),
        inArray(sql`lower(${profiles.email})`, emails),
      ),
    );
  return rows.flatMap((row) => (row.email ? [row.email] : []));
}

/**
 * Gives a role, keeping the others; false when the person held it already. A role given on purpose
 * records so over one the configured lists gave (or one from before grants were recorded); a
 * configured one never overwrites how a role was given.
 */
export async function addRole(db: Db, userId: string, role: Role, grantedBy: RoleGrant): Promise<boolean> {
  const added = await db
    .insert(userRoles)
    .values({ userId, role, grantedBy })
    .onConflictDoNothing()
    .returning({ userId: userRoles.userId });
  if (added.length) return true;
  if (grantedBy !== "configured") {
    await db
      .update(userRoles)
      .set({ grantedBy })
      .where(
        and(
          eq(userRoles.userId, userId),
          eq(userRoles.role, role),
          or(isNull(userRoles.grantedBy), eq(userRoles.grantedBy, "configured")),
        ),
      );
  }
  return false;
}

export async function setPasswordHash(db: Db, userId: string, passwordHash: string) {
  await db
    .insert(credentials)
    .values({ userId, passwordHash })
    .onConflictDoUpdate({ target: credentials.userId, set: { passwordHash, updatedAt: sql`now()` } });
}

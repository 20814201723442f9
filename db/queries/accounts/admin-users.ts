import { and, asc, count, desc, eq, exists, or, type SQL } from "drizzle-orm";
import type { Db } from "../../client";
import { membershipTiers, planRequests, profiles, sessions, users } from "../../schema";
import { containsText } from "../search";

export interface UserListFilter {
  /** Part of the name, the email or the Telegram username (a leading @ is the username's). */
  search?: string | undefined;
  /** Only members with a plan request waiting. */
  pendingOnly: boolean;
}

const listing = (db: Db) =>
  db
    .select({
      id: users.id,
      fullName: profiles.fullName,
      email: profiles.email,
      telegramUsername: users.telegramUsername,
      createdAt: users.createdAt,
      tierId: membershipTiers.id,
      tierName: membershipTiers.displayName,
      tierLevel: membershipTiers.tierLevel,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(membershipTiers, eq(membershipTiers.id, profiles.membershipTierId));
export type UserListRow = Awaited<ReturnType<typeof listing>>[number];

// Oldest first, the id breaking ties: one order for every page, and a new account joins the end.
const oldestFirst = [asc(users.createdAt), asc(users.id)];

function matching(db: Db, { search, pendingOnly }: UserListFilter): SQL | undefined {
  const username = search?.replace(/^@/, "");
  return and(
    search
      ? or(
          containsText(profiles.fullName, search),
          containsText(profiles.email, search),
          username ? containsText(users.telegramUsername, username) : undefined,
        )
      : undefined,
    pendingOnly
      ? exists(
          db
            .select({ id: planRequests.id })
            .from(planRequests)
            .where(and(eq(planRequests.userId, users.id), eq(planRequests.status, "pending"))),
        )
      : undefined,
  );
}

/** One page of the admin users screen and how many match in all. */
export async function listUsersForAdmin(
  db: Db,
  filter: UserListFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: UserListRow[]; total: number }> {
  const condition = matching(db, filter);
  const [rows, totals] = await Promise.all([
    listing(db)
      .where(condition)
      .orderBy(...oldestFirst)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(users).leftJoin(profiles, eq(profiles.id, users.id)).where(condition),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

export async function findUserForAdmin(db: Db, id: string): Promise<UserListRow | undefined> {
  return (await listing(db).where(eq(users.id, id)).limit(1))[0];
}

/** Everyone, oldest first (the admin command's list). */
export function listAccounts(db: Db) {
  return listing(db).orderBy(...oldestFirst);
}

/** The latest sign-ins (each a session started), newest first, with who signed in: `npm run admin -- sign-ins`. */
export function recentSignIns(db: Db, limit: number) {
  return db
    .select({
      at: sessions.createdAt,
      userId: users.id,
      telegramId: users.telegramId,
      telegramUsername: users.telegramUsername,
      email: profiles.email,
      fullName: profiles.fullName,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(profiles, eq(profiles.id, users.id))
    .orderBy(desc(sessions.createdAt), asc(sessions.id))
    .limit(limit);
}

import { and, eq } from "drizzle-orm";
import type { AdminUser, AdminUserList, AdminUserQuery } from "#api/contracts/admin";
import { isUuid } from "#api/contracts/ids";
import { pageWindow } from "#api/contracts/paging";
import type { Role } from "#api/contracts/roles";
import { planRequestOf } from "#api/domain/plans";
import type { Db } from "#db/client";
import {
  type AccountRow,
  addRole,
  emailClaimants,
  findAccountById,
  findAccountByTelegramId,
  findAccountsByTelegramUsername,
  rolesOf,
  rolesOfMany,
} from "#db/queries/accounts/accounts";
import { findUserForAdmin, listUsersForAdmin, type UserListRow } from "#db/queries/accounts/admin-users";
import { pendingRequestsOf } from "#db/queries/plans/plan-payments";
import { userRoles } from "#db/schema/index";
import type { ServiceContext } from "../context";
import { Refusal } from "../refusal";

/** Roles, tier and pending request for listed users, in their order. */
async function toAdminUsers(db: Db, rows: UserListRow[]): Promise<AdminUser[]> {
  const ids = rows.map((r) => r.id);
  const [roles, requests] = await Promise.all([rolesOfMany(db, ids), pendingRequestsOf(db, ids)]);
  return rows.map((r) => {
    const request = requests.get(r.id);
    return {
      id: r.id,
      fullName: r.fullName,
      email: r.email,
      telegramUsername: r.telegramUsername,
      roles: roles.get(r.id) ?? [],
      tier:
        r.tierId && r.tierName !== null && r.tierLevel !== null
          ? { id: r.tierId, displayName: r.tierName, tierLevel: r.tierLevel }
          : null,
      pendingRequest: request ? planRequestOf(request) : null,
    };
  });
}

/**
 * The admin users screen, a page at a time: everyone (or only members with a plan request
 * waiting), narrowed by a search, oldest account first.
 */
export async function listUsersPage(
  { db }: Pick<ServiceContext, "db">,
  query: AdminUserQuery,
): Promise<AdminUserList> {
  const { rows, total } = await listUsersForAdmin(
    db,
    { search: query.search, pendingOnly: query.filter === "pending" },
    pageWindow(query),
  );
  return { users: await toAdminUsers(db, rows), total, page: query.page, pageSize: query.pageSize };
}

async function adminUserById(db: Db, id: string): Promise<AdminUser> {
  const row = await findUserForAdmin(db, id);
  if (!row) throw new Refusal("user_not_found");
  const [user] = await toAdminUsers(db, [row]);
  if (!user) throw new Error("no user made of the row");
  return user;
}

/**
 * Taking the admin role away (or deleting its holder) must leave someone with it. Locking the admin rows first makes two
 * admins demoting each other at once queue up: the second one then sees it would be the last.
 */
export async function assertAdminRemains(tx: Db, losingUserId: string) {
  const admins = await tx
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(eq(userRoles.role, "admin"))
    .for("update");
  if (admins.some((a) => a.userId === losingUserId) && admins.length <= 1) {
    throw new Refusal("last_admin");
  }
}

/** A role change: all of the user's roles are deleted and the chosen one inserted, atomically. */
export async function replaceRole(
  { db }: Pick<ServiceContext, "db">,
  userId: string,
  role: Role,
): Promise<AdminUser> {
  const notFound = () => new Refusal("user_not_found");
  if (!isUuid(userId)) throw notFound();
  const account = await findAccountById(db, userId);
  if (!account) throw notFound();
  await db.transaction(async (tx) => {
    if (role !== "admin") await assertAdminRemains(tx, userId);
    await tx.delete(userRoles).where(eq(userRoles.userId, userId));
    await tx.insert(userRoles).values({ userId, role, grantedBy: "admin" });
  });
  return adminUserById(db, account.id);
}

/**
 * The accounts a Telegram @username, an email (holds an @ after its start) or a numeric Telegram id
 * names, as the admin command takes them: one or none, except an email nobody has proven, which
 * names every account giving it, and a username Telegram gave to more than one account over time.
 */
export async function findAccountsByIdentifier(
  { db }: Pick<ServiceContext, "db">,
  who: string,
): Promise<AccountRow[]> {
  const text = who.trim();
  const username = /^@([A-Za-z0-9_]{1,32})$/.exec(text)?.[1];
  if (username) return findAccountsByTelegramUsername(db, username);
  if (text.includes("@")) {
    const claimants = await emailClaimants(db, text);
    return claimants[0]?.emailVerifiedAt ? claimants.slice(0, 1) : claimants;
  }
  if (/^\d{1,20}$/.test(text)) {
    const account = await findAccountByTelegramId(db, BigInt(text));
    return account ? [account] : [];
  }
  return [];
}

/** Adds a role on purpose (`npm run admin -- grant`), keeping the others; false when held already. */
export const grantRole = ({ db }: Pick<ServiceContext, "db">, userId: string, role: Role) =>
  addRole(db, userId, role, "command");

/** Removes one role; the last admin keeps theirs. */
export async function revokeRole(
  { db }: Pick<ServiceContext, "db">,
  userId: string,
  role: Role,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (role === "admin") await assertAdminRemains(tx, userId);
    const removed = await tx
      .delete(userRoles)
      .where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)))
      .returning();
    return removed.length > 0;
  });
}

/** A person's roles, as the app shows them. */
export const readRoles = ({ db }: Pick<ServiceContext, "db">, userId: string) => rolesOf(db, userId);

import { and, eq } from "drizzle-orm";
import type { Db } from "#db/client";
import {
  type AccountRow,
  findAccountByEmail,
  findAccountById,
  findAccountByTelegramId,
  listAccounts,
  rolesOfMany,
} from "#db/queries/accounts";
import { membersWithPendingRequests, pendingRequestsOf } from "#db/queries/plan-payments";
import { userRoles } from "#db/schema/index";
import { type AdminUser, adminMessages } from "../contracts/admin";
import { isUuid } from "../contracts/ids";
import type { Role } from "../contracts/roles";
import { AppError } from "../errors";
import { planRequestOf } from "./plan-payments";

/**
 * The admin users screen: everyone (or only members with a plan request waiting), oldest account
 * first, with their roles, tier and pending request.
 */
export async function listUsersWithRoles(db: Db, filter: "all" | "pending" = "all"): Promise<AdminUser[]> {
  const pending = filter === "pending" ? await membersWithPendingRequests(db) : undefined;
  const rows = (await listAccounts(db)).filter((r) => !pending || pending.has(r.id));
  const ids = rows.map((r) => r.id);
  const [roles, requests] = await Promise.all([rolesOfMany(db, ids), pendingRequestsOf(db, ids)]);
  return rows.map((r) => {
    const request = requests.get(r.id);
    return {
      id: r.id,
      fullName: r.fullName,
      email: r.email,
      roles: roles.get(r.id) ?? [],
      tier:
        r.tierId && r.tierName !== null && r.tierLevel !== null
          ? { id: r.tierId, displayName: r.tierName, tierLevel: r.tierLevel }
          : null,
      pendingRequest: request ? planRequestOf(request) : null,
    };
  });
}

async function toAdminUser(db: Db, account: AccountRow): Promise<AdminUser> {
  const user = (await listUsersWithRoles(db)).find((u) => u.id === account.id);
  if (!user) throw new AppError("not_found", adminMessages.userNotFound);
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
    throw new AppError("unprocessable", adminMessages.lastAdmin).because("last_admin");
  }
}

/** The spec's role change: all of the user's roles are deleted and the chosen one inserted, atomically. */
export async function replaceRole(db: Db, userId: string, role: Role): Promise<AdminUser> {
  const notFound = () => new AppError("not_found", adminMessages.userNotFound);
  if (!isUuid(userId)) throw notFound();
  const account = await findAccountById(db, userId);
  if (!account) throw notFound();
  await db.transaction(async (tx) => {
    if (role !== "admin") await assertAdminRemains(tx, userId);
    await tx.delete(userRoles).where(eq(userRoles.userId, userId));
    await tx.insert(userRoles).values({ userId, role });
  });
  return toAdminUser(db, account);
}

/** An email (contains @) or a numeric Telegram id, as the admin command takes them. */
export async function findAccountByIdentifier(db: Db, who: string): Promise<AccountRow | undefined> {
  const text = who.trim();
  if (text.includes("@")) return findAccountByEmail(db, text);
  if (/^\d{1,20}$/.test(text)) return findAccountByTelegramId(db, BigInt(text));
  return undefined;
}

/** Adds a role, keeping the others. */
export async function grantRole(db: Db, userId: string, role: Role): Promise<boolean> {
  const inserted = await db.insert(userRoles).values({ userId, role }).onConflictDoNothing().returning();
  return inserted.length > 0;
}

/** Removes one role; the last admin keeps theirs. */
export async function revokeRole(db: Db, userId: string, role: Role): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (role === "admin") await assertAdminRemains(tx, userId);
    const removed = await tx
      .delete(userRoles)
      .where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)))
      .returning();
    return removed.length > 0;
  });
}

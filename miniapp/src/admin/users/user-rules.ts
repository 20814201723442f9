import type { AdminUser, AdminUserQuery } from "#api/contracts/admin";
import type { Role } from "#api/contracts/roles";
import { t } from "../../i18n/i18n";

/**
 * The lines under a user's name: their email, their Telegram @username, both, or "No email" for
 * someone with neither.
 */
export function contactLines(user: Pick<AdminUser, "email" | "telegramUsername">): string[] {
  const lines = [user.email, user.telegramUsername ? `@${user.telegramUsername}` : null].filter(
    (line): line is string => Boolean(line),
  );
  return lines.length ? lines : [t("admin.users.noEmail")];
}

/** Who the confirmation names: their name, else their email or @username. */
export const whoIs = (user: Pick<AdminUser, "fullName" | "email" | "telegramUsername">): string =>
  user.fullName ||
  user.email ||
  (user.telegramUsername ? `@${user.telegramUsername}` : t("admin.users.thisUser"));

/** Making someone an admin hands them the whole shop: it is confirmed first; other changes are not. */
export const asksBeforeChange = (user: Pick<AdminUser, "roles">, role: Role): boolean =>
  role === "admin" && !user.roles.includes("admin");

/** The list's query: All users and no search are the API's defaults and are left out. */
export function usersQuery(
  filter: AdminUserQuery["filter"],
  search: string,
): { filter?: "pending"; search?: string } {
  return { ...(filter === "pending" ? { filter } : {}), ...(search ? { search } : {}) };
}

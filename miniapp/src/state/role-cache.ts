import type { Role } from "#api/contracts/roles";

/**
 * The role loader's cache: one entry per user id, so a second person on the same device never
 * sees the first one's roles, and everything is forgotten on sign-out.
 */
export class RoleCache {
  private readonly entries = new Map<string, readonly Role[]>();

  get(userId: string): readonly Role[] | undefined {
    return this.entries.get(userId);
  }

  set(userId: string, roles: readonly Role[]): void {
    this.entries.set(userId, [...new Set(roles)]);
  }

  /** One person's roles changed (an admin changed their own): the next check asks the server. */
  forget(userId: string): void {
    this.entries.delete(userId);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The app's one cache: signing out (state/auth.ts) clears it, the role loader (state/roles.ts) fills it. */
export const roleCache = new RoleCache();

export const clearRoleCache = (): void => roleCache.clear();

export const forgetRoles = (userId: string): void => roleCache.forget(userId);

export const hasRole = (roles: readonly Role[] | undefined, role: Role): boolean =>
  roles?.includes(role) ?? false;

export const isStaff = (roles: readonly Role[] | undefined): boolean => (roles?.length ?? 0) > 0;

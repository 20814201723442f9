import { useCallback, useEffect, useState } from "react";
import type { Role } from "#api/contracts/roles";
import { t } from "../i18n/i18n";
import { api, call } from "../lib/api";
import { signedInUser, useAuth } from "./auth";
import { roleCache as cache, hasRole } from "./role-cache";

export const ROLE_FETCH_TIMEOUT_MS = 5000;
/** Why the roles failed to load, in the app's language when read. */
export const roleMessages = {
  get timeout() {
    return t("guard.rolesTimeout");
  },
  get unexpected() {
    return t("guard.rolesUnexpected");
  },
};

class RoleTimeout extends Error {}

/** GET /api/me/roles, given up after 5 s. A failure carries roleMessages.timeout or .unexpected. */
async function fetchRoles(): Promise<Role[]> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new RoleTimeout()), ROLE_FETCH_TIMEOUT_MS);
  try {
    return (await call(api.me.roles.$get(undefined, { init: { signal: controller.signal } }))).roles;
  } catch (error) {
    const timedOut = controller.signal.aborted && controller.signal.reason instanceof RoleTimeout;
    throw new Error(timedOut ? roleMessages.timeout : roleMessages.unexpected, { cause: error });
  } finally {
    clearTimeout(timer);
  }
}

export type RolesState =
  | { status: "loading" }
  | { status: "loaded"; roles: readonly Role[] }
  | { status: "error"; message: string };

/** The role loader: loading, loaded or error; from the cache when this user's roles are known. */
export function useRoles(userId: string | null): RolesState & { reload: () => void } {
  const cached = userId ? cache.get(userId) : undefined;
  const [state, setState] = useState<RolesState>(
    cached ? { status: "loaded", roles: cached } : { status: "loading" },
  );
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (!userId) return;
    const known = version === 0 ? cache.get(userId) : undefined;
    if (known) {
      setState({ status: "loaded", roles: known });
      return;
    }
    let live = true;
    setState({ status: "loading" });
    fetchRoles().then(
      (roles) => {
        cache.set(userId, roles);
        if (live) setState({ status: "loaded", roles });
      },
      (error: Error) => {
        if (live) setState({ status: "error", message: error.message });
      },
    );
    return () => {
      live = false;
    };
  }, [userId, version]);

  const reload = useCallback(() => {
    if (userId) cache.forget(userId);
    setVersion((v) => v + 1);
  }, [userId]);

  return { ...state, reload };
}

/**
 * Where a staff screen's Back goes: admins came from Administration; moderators and employees,
 * who may not open it, from Settings.
 */
export function useStaffBack(): "/administration" | "/settings" {
  return useIsAdmin() ? "/administration" : "/settings";
}

/** Whether the signed-in person is known to be an admin (false while the roles load). */
export function useIsAdmin(): boolean {
  const me = signedInUser(useAuth());
  const roles = useRoles(me?.id ?? null);
  return roles.status === "loaded" && hasRole(roles.roles, "admin");
}

import type { Role } from "#api/contracts/roles";

/** The staff guard's timings: auth holds still 100 ms before it may redirect; roles time out after 6 s. */
export const GUARD_AUTH_STABILITY_MS = 100;
export const GUARD_ROLE_CHECK_TIMEOUT_MS = 6000;

export type GuardView =
  | "auth-loading"
  | "redirect-auth"
  | "age-gate"
  | "verifying"
  | "timeout"
  | "role-error"
  | "not-authorized"
  | "allowed";

export interface GuardInputs {
  auth: "loading" | "signed-out" | "signed-in";
  /** The signed-in user passed the age gate (only meaningful when signed in). */
  ageVerified: boolean;
  /** The auth state has stayed settled for the stability delay (no redirect on a passing flicker). */
  authStable: boolean;
  roles: "loading" | "loaded" | "error";
  userRoles: readonly Role[];
  /** The role check has been running longer than the guard's timeout. */
  timedOut: boolean;
  /** Any of these roles is admitted. */
  allow: readonly Role[];
}

/** Which screen the staff guard shows. The server checks the role again on every call. */
export function guardView(input: GuardInputs): GuardView {
  if (input.auth === "loading" || !input.authStable) return "auth-loading";
  if (input.auth === "signed-out") return "redirect-auth";
  if (!input.ageVerified) return "age-gate";
  if (input.roles === "error") return "role-error";
  if (input.roles === "loading") return input.timedOut ? "timeout" : "verifying";
  return input.userRoles.some((role) => input.allow.includes(role)) ? "allowed" : "not-authorized";
}

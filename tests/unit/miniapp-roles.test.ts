import { describe, expect, it } from "vitest";
import english from "../../locales/en/app.json";
import { type GuardInputs, guardView } from "../../miniapp/src/state/guard-rules";
import { hasRole, isStaff, RoleCache } from "../../miniapp/src/state/role-cache";

describe("role cache", () => {
  it("keeps roles per user id", () => {
    const cache = new RoleCache();
    cache.set("user-a", ["admin"]);
    cache.set("user-b", []);
    expect(cache.get("user-a")).toEqual(["admin"]);
    expect(cache.get("user-b")).toEqual([]);
    expect(cache.get("user-c")).toBeUndefined();
  });

  it("stores a copy without duplicates", () => {
    const cache = new RoleCache();
    const roles: ("admin" | "moderator")[] = ["moderator", "moderator"];
    cache.set("u", roles);
    roles.push("admin");
    expect(cache.get("u")).toEqual(["moderator"]);
  });

  it("forgets one user, or everyone on sign-out", () => {
    const cache = new RoleCache();
    cache.set("a", ["admin"]);
    cache.set("b", ["employee"]);
    cache.forget("a");
    expect(cache.get("a")).toBeUndefined();
    expect(cache.get("b")).toEqual(["employee"]);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it("answers role questions", () => {
    expect(hasRole(["moderator"], "admin")).toBe(false);
    expect(hasRole(["admin", "employee"], "admin")).toBe(true);
    expect(hasRole(undefined, "admin")).toBe(false);
    expect(isStaff(["employee"])).toBe(true);
    expect(isStaff([])).toBe(false);
  });
});

describe("staff guard", () => {
  const base: GuardInputs = {
    auth: "signed-in",
    ageVerified: true,
    authStable: true,
    roles: "loaded",
    userRoles: ["admin"],
    timedOut: false,
    allow: ["admin"],
  };

  it("spins while the auth state loads or has not held still for the stability delay", () => {
    expect(guardView({ ...base, auth: "loading" })).toBe("auth-loading");
    expect(guardView({ ...base, authStable: false })).toBe("auth-loading");
    // Even a signed-out state waits the delay before redirecting.
    expect(guardView({ ...base, auth: "signed-out", authStable: false })).toBe("auth-loading");
  });

  it("redirects to /auth when nobody is signed in", () => {
    expect(guardView({ ...base, auth: "signed-out", roles: "loading" })).toBe("redirect-auth");
  });

  it("sends someone past sign-in but not the age gate to the landing", () => {
    expect(guardView({ ...base, ageVerified: false })).toBe("age-gate");
  });

  it("verifies permissions while roles load, then times out", () => {
    expect(guardView({ ...base, roles: "loading" })).toBe("verifying");
    expect(guardView({ ...base, roles: "loading", timedOut: true })).toBe("timeout");
  });

  it("shows the role error, even after the timeout", () => {
    expect(guardView({ ...base, roles: "error" })).toBe("role-error");
    expect(guardView({ ...base, roles: "error", timedOut: true })).toBe("role-error");
  });

  it("admits only the allowed roles", () => {
    expect(guardView(base)).toBe("allowed");
    expect(guardView({ ...base, userRoles: [] })).toBe("not-authorized");
    expect(guardView({ ...base, userRoles: ["moderator", "employee"] })).toBe("not-authorized");
    expect(guardView({ ...base, userRoles: ["employee"], allow: ["admin", "moderator", "employee"] })).toBe(
      "allowed",
    );
    // A late timeout does not undo an answer.
    expect(guardView({ ...base, timedOut: true })).toBe("allowed");
  });

  it("uses the spec's texts, curly apostrophe included", () => {
    expect(english).toMatchObject({
      "auth.guardVerifying": "Verifying permissions...",
      "auth.guardTimeoutTitle": "Permission Check Timeout",
      "auth.guardRoleErrorTitle": "Unable to Verify Permissions",
      "auth.guardNotAuthorizedTitle": "Not authorized",
      "auth.guardNotAuthorizedText": "Your account doesn\u2019t have permission to access this page.",
    });
  });
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAdminCommand } from "#api/cli/admin-commands";
import { adminUserListSchema, setRoleResultSchema } from "#api/contracts/admin";
import type { Role } from "#api/contracts/roles";
import { replaceRole } from "#api/domain/accounts";
import { userRoles, users } from "#db/schema/index";
import {
  bearer,
  createMember,
  errorOf,
  jsonRequest,
  post,
  signInitData,
  TEST_BOT_TOKEN,
} from "../helpers/accounts";
import { startTestApp, type TestApp } from "../helpers/test-app";

let t: TestApp;
let admin: Awaited<ReturnType<typeof createMember>>;
beforeAll(async () => {
  t = await startTestApp({ env: { BOT_TOKEN: TEST_BOT_TOKEN } });
  admin = await createMember(t, { roles: ["admin"], fullName: "First Admin" });
});
afterAll(() => t.close());

const setRole = (token: string, userId: string, role: unknown) =>
  t.app.request(`/api/admin/users/${userId}/role`, jsonRequest("PUT", { role }, bearer(token)));
const rolesInDb = async (userId: string) =>
  (await t.services.database.db.select().from(userRoles).where(eq(userRoles.userId, userId))).map(
    (r) => r.role,
  );

describe("GET /api/admin/users", () => {
  it("lists everyone oldest first with name, email and roles", async () => {
    const named = await createMember(t, { fullName: "Named Person", roles: ["employee"] });
    const launch = await t.app.request(
      "/api/auth/telegram",
      post({ initData: signInitData({ id: 8_400_000_001, first_name: "" }, new Date()) }),
    );
    expect(launch.status).toBe(200);
    const res = await t.app.request("/api/admin/users", { headers: bearer(admin.token) });
    expect(res.status).toBe(200);
    const list = adminUserListSchema.parse(await res.json()).users;
    expect(list[0]).toEqual({
      id: admin.userId,
      fullName: "First Admin",
      email: admin.email,
      telegramUsername: null,
      roles: ["admin"],
      tier: null,
      pendingRequest: null,
    });
    expect(list.find((u) => u.id === named.userId)).toEqual({
      id: named.userId,
      fullName: "Named Person",
      email: named.email,
      telegramUsername: null,
      roles: ["employee"],
      tier: null,
      pendingRequest: null,
    });
    // A Telegram account with no name and no email: the screen shows "No name" and "No role assigned".
    expect(list.at(-1)).toMatchObject({ fullName: null, email: null, roles: [] });
  });

  it("is for admins only: 403 'Not authorized' for other staff and members, 401 for nobody", async () => {
    for (const roles of [["moderator"], ["employee"], []] as Role[][]) {
      const someone = await createMember(t, { roles });
      const res = await t.app.request("/api/admin/users", { headers: bearer(someone.token) });
      expect(res.status).toBe(403);
      expect(await errorOf(res)).toEqual({ code: "forbidden", message: "Not authorized" });
    }
    const anonymous = await t.app.request("/api/admin/users");
    expect(anonymous.status).toBe(401);
    expect((await errorOf(anonymous)).message).toBe("Not signed in");
  });
});

describe("PUT /api/admin/users/:id/role", () => {
  it("replaces all roles with the chosen one", async () => {
    const member = await createMember(t, { roles: ["employee", "moderator"] });
    const res = await setRole(admin.token, member.userId, "admin");
    expect(res.status).toBe(200);
    expect(setRoleResultSchema.parse(await res.json()).user).toEqual({
      id: member.userId,
      fullName: null,
      email: member.email,
      telegramUsername: null,
      roles: ["admin"],
      tier: null,
      pendingRequest: null,
    });
    expect(await rolesInDb(member.userId)).toEqual(["admin"]);
    await setRole(admin.token, member.userId, "employee");
    expect(await rolesInDb(member.userId)).toEqual(["employee"]);
  });

  it("takes effect on the user's very next request (the server checks, not the client)", async () => {
    const member = await createMember(t);
    expect((await t.app.request("/api/admin/users", { headers: bearer(member.token) })).status).toBe(403);
    await setRole(admin.token, member.userId, "admin");
    expect((await t.app.request("/api/admin/users", { headers: bearer(member.token) })).status).toBe(200);
    await setRole(admin.token, member.userId, "moderator");
    expect((await t.app.request("/api/admin/users", { headers: bearer(member.token) })).status).toBe(403);
  });

  it("deletes and inserts in one transaction: a failing insert keeps the old roles", async () => {
    const member = await createMember(t, { roles: ["moderator", "employee"] });
    await expect(replaceRole(t.services.database, member.userId, "superuser" as Role)).rejects.toThrow();
    expect((await rolesInDb(member.userId)).sort()).toEqual(["employee", "moderator"]);
  });

  it("keeps at least one admin", async () => {
    const solo = await startTestApp();
    try {
      const only = await createMember(solo, { roles: ["admin"] });
      const res = await solo.app.request(
        `/api/admin/users/${only.userId}/role`,
        jsonRequest("PUT", { role: "moderator" }, bearer(only.token)),
      );
      expect(res.status).toBe(422);
      expect(await errorOf(res)).toEqual({
        code: "unprocessable",
        message: "At least one admin is required",
        reason: "last_admin",
      });
      const second = await createMember(solo);
      const promote = await solo.app.request(
        `/api/admin/users/${second.userId}/role`,
        jsonRequest("PUT", { role: "admin" }, bearer(only.token)),
      );
      expect(promote.status).toBe(200);
      const stepDown = await solo.app.request(
        `/api/admin/users/${only.userId}/role`,
        jsonRequest("PUT", { role: "employee" }, bearer(only.token)),
      );
      expect(stepDown.status).toBe(200);
    } finally {
      await solo.close();
    }
  });

  it("404 'User not found' for an unknown or malformed id; 400 for an unknown role", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      const res = await setRole(admin.token, id, "employee");
      expect(res.status).toBe(404);
      expect(await errorOf(res)).toEqual({ code: "not_found", message: "User not found" });
    }
    const member = await createMember(t);
    const bad = await setRole(admin.token, member.userId, "owner");
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).message).toBe("Please choose Admin, Moderator or Employee");
  });

  it("only admins may change roles", async () => {
    const moderator = await createMember(t, { roles: ["moderator"] });
    const res = await setRole(moderator.token, moderator.userId, "admin");
    expect(res.status).toBe(403);
    expect(await rolesInDb(moderator.userId)).toEqual(["moderator"]);
  });
});

describe("the admin command", () => {
  const run = async (...args: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAdminCommand(t.services, args, {
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    });
    return { code, out: out.join("\n"), err: err.join("\n") };
  };

  it("grants by email or Telegram id, revokes, lists", async () => {
    const member = await createMember(t);
    expect(await run("grant", member.email.toUpperCase(), "moderator")).toMatchObject({
      code: 0,
      out: `Granted moderator to ${member.email} (user ${member.userId}).`,
    });
    expect((await run("grant", member.email, "moderator")).out).toBe(
      `${member.email} already has moderator.`,
    );
    expect(await rolesInDb(member.userId)).toEqual(["moderator"]);

    await t.services.database.db
      .update(users)
      .set({ telegramId: 77_000_000_001n })
      .where(eq(users.id, member.userId));
    expect((await run("grant", "77000000001", "employee")).code).toBe(0);
    expect((await rolesInDb(member.userId)).sort()).toEqual(["employee", "moderator"]);

    const listed = await run("list");
    expect(listed.code).toBe(0);
    expect(listed.out).toContain(`${member.userId}  ${member.email}  No name  moderator, employee`);

    expect(await run("revoke", member.email, "moderator")).toMatchObject({
      code: 0,
      out: `Revoked moderator from ${member.email} (user ${member.userId}).`,
    });
    expect(await rolesInDb(member.userId)).toEqual(["employee"]);
  });

  it("names an account by its Telegram @username (any case), and lists the latest sign-ins with Telegram ids", async () => {
    const member = await createMember(t, { fullName: "Tess Gram" });
    await t.services.database.db
      .update(users)
      .set({ telegramId: 77_000_000_002n, telegramUsername: "Tess_Gram" })
      .where(eq(users.id, member.userId));
    // Another sign-in after the member's: the latest comes first.
    const later = await createMember(t);
    const signIns = await run("sign-ins", "2");
    expect(signIns.code).toBe(0);
    const lines = signIns.out.split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      new RegExp(`telegram - {2}- {2}${later.email} {2}No name {2}user ${later.userId}$`),
    );
    expect(lines[1]).toMatch(
      new RegExp(
        `^\\S+Z {2}telegram 77000000002 {2}@Tess_Gram {2}${member.email} {2}Tess Gram {2}user ${member.userId}$`,
      ),
    );

    expect(await run("grant", "@tess_gram", "employee")).toMatchObject({
      code: 0,
      out: `Granted employee to ${member.email} (user ${member.userId}).`,
    });
    expect(await rolesInDb(member.userId)).toEqual(["employee"]);
    // Telegram gave the name to someone else since: the command asks for the id.
    await t.services.database.db
      .update(users)
      .set({ telegramUsername: "tess_gram" })
      .where(eq(users.id, later.userId));
    expect(await run("grant", "@Tess_Gram", "employee")).toMatchObject({
      code: 1,
      err: "2 accounts have the Telegram username @Tess_Gram: name the account by its Telegram id (`npm run admin -- sign-ins`).",
    });
  });

  it("refuses unknown people (1) and bad usage (2) with a clear line", async () => {
    expect(await run("grant", "nobody@example.com", "admin")).toMatchObject({
      code: 1,
      err: "No user with email nobody@example.com. They sign in once first (`npm run admin -- sign-ins` lists who did).",
    });
    expect((await run("grant", "@nobody_here", "admin")).err).toBe(
      "No user with Telegram username @nobody_here. They sign in once first (`npm run admin -- sign-ins` lists who did).",
    );
    expect((await run("sign-ins", "0")).code).toBe(2);
    expect((await run("sign-ins", "10", "more")).code).toBe(2);
    expect((await run("grant", "x@example.com", "owner")).code).toBe(2);
    expect((await run("grant", "x@example.com")).code).toBe(2);
    expect((await run("promote", "x@example.com", "admin")).err).toContain("Usage:");
  });

  it("will not revoke the last admin", async () => {
    const solo = await startTestApp();
    try {
      const only = await createMember(solo, { roles: ["admin"] });
      const err: string[] = [];
      const code = await runAdminCommand(solo.services, ["revoke", only.email, "admin"], {
        out: () => {},
        err: (line) => err.push(line),
      });
      expect(code).toBe(1);
      expect(err[0]).toBe("At least one admin is required: grant admin to someone else first.");
    } finally {
      await solo.close();
    }
  });
});

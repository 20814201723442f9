import { Hono } from "hono";
import { type AppEnv, requireRole } from "../auth/middleware";
import { type AdminUserList, setRoleSchema } from "../contracts/admin";
import type { AppDeps } from "../deps";
import { listUsersWithRoles, replaceRole } from "../services/roles";
import { valid } from "./validator";

/** Mounted at /admin: administration of users, for admins only, checked on the server. */
export const adminRoutes = (deps: AppDeps) => {
  const db = deps.database.db;
  return new Hono<AppEnv>()
    .use("*", requireRole("admin"))
    .get("/users", async (c) => c.json({ users: await listUsersWithRoles(db) } satisfies AdminUserList, 200))
    .put("/users/:id/role", valid("json", setRoleSchema), async (c) =>
      c.json({ user: await replaceRole(db, c.req.param("id"), c.req.valid("json").role) }, 200),
    );
};

import { Hono } from "hono";
import { type AppEnv, requireRole } from "../auth/middleware";
import {
  type AdminUserList,
  adminUserListSchema,
  setRoleResultSchema,
  setRoleSchema,
} from "../contracts/admin";
import type { AppDeps } from "../deps";
import { listUsersWithRoles, replaceRole } from "../services/roles";
import type { RouteDoc } from "./route-doc";
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

/** OpenAPI descriptions of these routes (api/openapi.ts assembles them). */
export const adminDocs: RouteDoc[] = [
  {
    method: "get",
    path: "/api/admin/users",
    summary: "Every user with their roles, oldest first",
    access: "admin",
    response: adminUserListSchema,
    errors: [401, 403],
  },
  {
    method: "put",
    path: "/api/admin/users/:id/role",
    summary: "Replace a user's roles with one role",
    access: "admin",
    body: setRoleSchema,
    response: setRoleResultSchema,
    errors: [400, 401, 403, 404, 422],
  },
];

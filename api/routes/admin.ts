import { Hono } from "hono";
import { type AppEnv, requireRole } from "../auth/middleware";
import {
  type AdminUserList,
  adminUserListSchema,
  setRoleResultSchema,
  setRoleSchema,
} from "../contracts/admin";
import {
  adminTierMessages,
  adminTierResultSchema,
  adminTiersSchema,
  createTierSchema,
  updateTierSchema,
} from "../contracts/admin-tiers";
import type { AppDeps } from "../deps";
import { AppError } from "../errors";
import { createTier, editTier, listTiersForStaff, removeTier } from "../services/admin-tiers";
import { listUsersWithRoles, replaceRole } from "../services/roles";
import type { RouteDoc } from "./route-doc";
import { valid } from "./validator";

/** Mounted at /admin: administration of users and membership tiers, for admins only, checked on the server. */
export const adminRoutes = (deps: AppDeps) => {
  const db = deps.database.db;
  return new Hono<AppEnv>()
    .use("*", requireRole("admin"))
    .get("/users", async (c) => c.json({ users: await listUsersWithRoles(db) } satisfies AdminUserList, 200))
    .put("/users/:id/role", valid("json", setRoleSchema), async (c) =>
      c.json({ user: await replaceRole(db, c.req.param("id"), c.req.valid("json").role) }, 200),
    )
    .get("/tiers", async (c) => c.json({ tiers: await listTiersForStaff(db) }, 200))
    .post("/tiers", valid("json", createTierSchema), async (c) =>
      c.json({ tier: await createTier(db, c.req.valid("json")) }, 201),
    )
    .patch("/tiers/:id", valid("json", updateTierSchema), async (c) =>
      c.json({ tier: await editTier(db, uuidParam(c.req.param("id")), c.req.valid("json")) }, 200),
    )
    .delete("/tiers/:id", async (c) => {
      await removeTier(db, uuidParam(c.req.param("id")));
      return c.json({ ok: true as const }, 200);
    });
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A malformed id names no tier. */
const uuidParam = (id: string) => {
  if (!UUID.test(id)) throw new AppError("not_found", adminTierMessages.notFound);
  return id;
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
  {
    method: "get",
    path: "/api/admin/tiers",
    summary: "Every membership tier, inactive too, lowest level first, with its member count",
    access: "admin",
    response: adminTiersSchema,
    errors: [401, 403],
  },
  {
    method: "post",
    path: "/api/admin/tiers",
    summary: "Create a tier: the slug from the display name, the level one above the highest",
    access: "admin",
    body: createTierSchema,
    response: adminTierResultSchema,
    status: 201,
    errors: [400, 401, 403, 409],
  },
  {
    method: "patch",
    path: "/api/admin/tiers/:id",
    summary: "Change a tier's display name (and slug), price and whether it is active",
    access: "admin",
    body: updateTierSchema,
    response: adminTierResultSchema,
    errors: [400, 401, 403, 404, 409],
  },
  {
    method: "delete",
    path: "/api/admin/tiers/:id",
    summary: "Delete a tier for good; refused while members are on it",
    access: "admin",
    errors: [401, 403, 404, 409],
  },
];

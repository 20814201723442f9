import { z } from "zod";
import { pageFields, pageQuery, searchQuery } from "./paging";
import { planRequestSchema } from "./plan-payments";
import { roleSchema, roles } from "./roles";

export const adminMessages = {
  userNotFound: "User not found",
  lastAdmin: "At least one admin is required",
  invalidRole: "Please choose Admin, Moderator or Employee",
} as const;

export const adminUserSchema = z.object({
  id: z.uuid(),
  /** Null shows as "No name". */
  fullName: z.string().nullable(),
  email: z.string().nullable(),
  /** The Telegram @username (without the @), shown when there is no email. */
  telegramUsername: z.string().nullable(),
  /** Empty shows as "No role assigned". */
  roles: z.array(roleSchema),
  /** The member's tier, null with none. */
  tier: z.object({ id: z.uuid(), displayName: z.string(), tierLevel: z.number().int() }).nullable(),
  /** A request for a paid tier waiting for an admin (manual payments). */
  pendingRequest: planRequestSchema.nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserListSchema = z.object({ users: z.array(adminUserSchema), ...pageFields });
export type AdminUserList = z.infer<typeof adminUserListSchema>;

/** `?filter=pending`: only members with a request waiting; `?search`: name, email or @username; a page. */
export const adminUserQuerySchema = z.object({
  filter: z.enum(["all", "pending"]).default("all"),
  search: searchQuery,
  ...pageQuery,
});
export type AdminUserQuery = z.infer<typeof adminUserQuerySchema>;

/** Replaces all of the user's roles with this one. */
export const setRoleSchema = z.object({
  role: z.enum(roles, adminMessages.invalidRole),
});

export const setRoleResultSchema = z.object({ user: adminUserSchema });

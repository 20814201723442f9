import { z } from "zod";
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
  /** Empty shows as "No role assigned". */
  roles: z.array(roleSchema),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserListSchema = z.object({ users: z.array(adminUserSchema) });
export type AdminUserList = z.infer<typeof adminUserListSchema>;

/** Replaces all of the user's roles with this one. */
export const setRoleSchema = z.object({
  role: z.enum(roles, adminMessages.invalidRole),
});
export type SetRoleInput = z.input<typeof setRoleSchema>;

export const setRoleResultSchema = z.object({ user: adminUserSchema });

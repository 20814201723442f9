import { z } from "zod";
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
  /** Empty shows as "No role assigned". */
  roles: z.array(roleSchema),
  /** The member's tier, null with none. */
  tier: z.object({ id: z.uuid(), displayName: z.string(), tierLevel: z.number().int() }).nullable(),
  /** A request for a paid tier waiting for an admin (manual payments). */
  pendingRequest: planRequestSchema.nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserListSchema = z.object({ users: z.array(adminUserSchema) });
/** `?filter=pending`: only members with a request waiting. */
export const adminUserQuerySchema = z.object({ filter: z.enum(["all", "pending"]).default("all") });
export type AdminUserList = z.infer<typeof adminUserListSchema>;

/** Replaces all of the user's roles with this one. */
export const setRoleSchema = z.object({
  role: z.enum(roles, adminMessages.invalidRole),
});
export type SetRoleInput = z.input<typeof setRoleSchema>;

export const setRoleResultSchema = z.object({ user: adminUserSchema });

import { z } from "zod";

/** Staff roles; the same list as the database's app_role enum (a test keeps them equal). */
export const roles = ["admin", "moderator", "employee"] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

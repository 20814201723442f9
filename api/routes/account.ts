import { Hono } from "hono";
import { rolesOf } from "#db/queries/accounts";
import { clearSessionCookie } from "../auth/cookies";
import { type AppEnv, requireUser } from "../auth/middleware";
import {
  type AvatarResult,
  ageVerificationSchema,
  changePasswordSchema,
  deleteAccountSchema,
  type OwnOrders,
  type RolesResponse,
  updateProfileSchema,
} from "../contracts/account";
import type { Me } from "../contracts/me";
import { type AppDeps, serviceContext } from "../deps";
import {
  changePassword,
  confirmAge,
  deleteAccount,
  listOwnOrders,
  loadMe,
  updateProfile,
} from "../services/account";
import { storeAvatar } from "../services/avatar";
import { createTelegramLink } from "../services/telegram-link";
import { valid } from "./validator";

/** The signed-in person's own account. Every route needs a session (401 "Not signed in"). */
export const accountRoutes = (deps: AppDeps) => {
  const ctx = serviceContext(deps);
  const db = deps.database.db;
  return new Hono<AppEnv>()
    .get("/me", requireUser, async (c) => c.json((await loadMe(db, c.var.user.userId)) satisfies Me, 200))
    .patch("/me", requireUser, valid("json", updateProfileSchema), async (c) =>
      c.json((await updateProfile(db, c.var.user.userId, c.req.valid("json").fullName)) satisfies Me, 200),
    )
    .delete("/me", requireUser, valid("json", deleteAccountSchema), async (c) => {
      await deleteAccount(ctx, c.var.user.userId, c.req.valid("json").confirmation);
      clearSessionCookie(c);
      return c.json({ deleted: true as const }, 200);
    })
    .get("/me/roles", requireUser, async (c) =>
      c.json({ roles: await rolesOf(db, c.var.user.userId) } satisfies RolesResponse, 200),
    )
    .get("/me/orders", requireUser, async (c) =>
      c.json({ orders: await listOwnOrders(db, c.var.user.userId) } satisfies OwnOrders, 200),
    )
    .post("/me/avatar", requireUser, async (c) => {
      const userId = c.var.user.userId;
      const avatarUrl = await storeAvatar(ctx, userId, c.req.raw);
      return c.json({ avatarUrl, user: await loadMe(db, userId) } satisfies AvatarResult, 200);
    })
    .post("/me/age-verification", requireUser, valid("json", ageVerificationSchema), async (c) =>
      c.json((await confirmAge(db, c.var.user.userId)) satisfies Me, 200),
    )
    .post("/me/password", requireUser, valid("json", changePasswordSchema), async (c) => {
      const { currentPassword, newPassword, email } = c.req.valid("json");
      const me = await changePassword(ctx, c.var.user, { currentPassword, newPassword, email });
      return c.json(me satisfies Me, 200);
    })
    .post("/me/telegram-link", requireUser, async (c) =>
      c.json(await createTelegramLink(ctx, c.var.user.userId), 200),
    );
};

import { Hono } from "hono";
import { rolesOf } from "#db/queries/accounts";
import { clearSessionCookie } from "../auth/cookies";
import { type AppEnv, requireUser } from "../auth/middleware";
import {
  type AvatarResult,
  ageVerificationSchema,
  avatarResultSchema,
  changePasswordSchema,
  deleteAccountSchema,
  deletedSchema,
  notificationSettingsSchema,
  type RolesResponse,
  rolesResponseSchema,
  telegramLinkSchema,
  updateProfileSchema,
} from "../contracts/account";
import { type Ok, okSchema } from "../contracts/auth";
import type { Me } from "../contracts/me";
import { meSchema } from "../contracts/me";
import { type AppDeps, serviceContext } from "../deps";
import {
  changePassword,
  confirmAge,
  deleteAccount,
  loadMe,
  setOrderEmails,
  updateProfile,
} from "../services/account";
import { storeAvatar } from "../services/avatar";
import { requestEmailVerification } from "../services/email-verification";
import { createTelegramLink } from "../services/telegram-link";
import type { RouteDoc } from "./route-doc";
import { valid } from "./validator";

/** The signed-in person's own account. Every route needs a session (401 "Not signed in"). */
export const accountRoutes = (deps: AppDeps) => {
  const ctx = serviceContext(deps);
  const db = deps.database.db;
  return new Hono<AppEnv>()
    .get("/me", requireUser, async (c) => c.json((await loadMe(ctx, c.var.user.userId)) satisfies Me, 200))
    .patch("/me", requireUser, valid("json", updateProfileSchema), async (c) =>
      c.json((await updateProfile(ctx, c.var.user.userId, c.req.valid("json").fullName)) satisfies Me, 200),
    )
    .patch("/me/notifications", requireUser, valid("json", notificationSettingsSchema), async (c) =>
      c.json(
        (await setOrderEmails(ctx, c.var.user.userId, c.req.valid("json").orderEmails)) satisfies Me,
        200,
      ),
    )
    .delete("/me", requireUser, valid("json", deleteAccountSchema), async (c) => {
      await deleteAccount(ctx, c.var.user.userId, c.req.valid("json").confirmation);
      clearSessionCookie(c);
      return c.json({ deleted: true as const }, 200);
    })
    .get("/me/roles", requireUser, async (c) =>
      c.json({ roles: await rolesOf(db, c.var.user.userId) } satisfies RolesResponse, 200),
    )
    .post("/me/avatar", requireUser, async (c) => {
      const userId = c.var.user.userId;
      const avatarUrl = await storeAvatar(ctx, userId, c.req.raw);
      return c.json({ avatarUrl, user: await loadMe(ctx, userId) } satisfies AvatarResult, 200);
    })
    .post("/me/age-verification", requireUser, valid("json", ageVerificationSchema), async (c) =>
      c.json((await confirmAge(ctx, c.var.user.userId)) satisfies Me, 200),
    )
    .post("/me/password", requireUser, valid("json", changePasswordSchema), async (c) => {
      const { currentPassword, newPassword, email } = c.req.valid("json");
      const me = await changePassword(ctx, c.var.user, { currentPassword, newPassword, email });
      return c.json(me satisfies Me, 200);
    })
    .post("/me/email-verification", requireUser, async (c) => {
      await requestEmailVerification(ctx, c.var.user.userId);
      return c.json({ ok: true } satisfies Ok, 200);
    })
    .post("/me/telegram-link", requireUser, async (c) =>
      c.json(await createTelegramLink(ctx, c.var.user.userId), 200),
    );
};

/** OpenAPI descriptions of these routes (api/openapi.ts assembles them). */
export const accountDocs: RouteDoc[] = [
  {
    method: "get",
    path: "/api/me",
    summary: "Own account",
    access: "signed in",
    response: meSchema,
    errors: [401],
  },
  {
    method: "patch",
    path: "/api/me",
    summary: "Update full name",
    access: "signed in",
    body: updateProfileSchema,
    response: meSchema,
    errors: [400, 401],
  },
  {
    method: "patch",
    path: "/api/me/notifications",
    summary: "Own notification switches: orderEmails (order mail when the bot does not reach the account)",
    access: "signed in",
    body: notificationSettingsSchema,
    response: meSchema,
    errors: [400, 401],
  },
  {
    method: "delete",
    path: "/api/me",
    summary: "Delete the account for good (confirm with the email, or DELETE without one)",
    access: "signed in",
    body: deleteAccountSchema,
    response: deletedSchema,
    errors: [400, 401, 422],
  },
  {
    method: "get",
    path: "/api/me/roles",
    summary: "Own staff roles",
    access: "signed in",
    response: rolesResponseSchema,
    errors: [401],
  },
  {
    method: "post",
    path: "/api/me/avatar",
    summary: "Upload an avatar: multipart field `file`, png/jpeg/webp/gif by content, at most 5MB",
    access: "signed in",
    bodyType: "multipart/form-data",
    response: avatarResultSchema,
    errors: [400, 401, 413, 415],
  },
  {
    method: "post",
    path: "/api/me/age-verification",
    summary: "Confirm being 21 or older",
    access: "signed in",
    body: ageVerificationSchema,
    response: meSchema,
    errors: [400, 401],
  },
  {
    method: "post",
    path: "/api/me/password",
    summary: "Change the password (current one checked), or set a first one for a Telegram-only account",
    access: "signed in",
    body: changePasswordSchema,
    response: meSchema,
    errors: [400, 401, 409, 422, 429],
  },
  {
    method: "post",
    path: "/api/me/email-verification",
    summary: "Mails a link that proves the account's email (409 when already verified, 503 without SMTP)",
    access: "signed in",
    response: okSchema,
    errors: [401, 409, 422, 429, 503],
  },
  {
    method: "post",
    path: "/api/me/telegram-link",
    summary: "One-time t.me deep link (15 minutes) that links Telegram to this account",
    access: "signed in",
    response: telegramLinkSchema,
    errors: [401, 409, 422],
  },
];

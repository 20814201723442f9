import { createRoute } from "@hono/zod-openapi";
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
} from "#api/contracts/account";
import { type Ok, okSchema } from "#api/contracts/auth";
import type { Me } from "#api/contracts/me";
import { meSchema } from "#api/contracts/me";
import {
  allowBotMessages,
  changePassword,
  confirmAge,
  createTelegramLink,
  deleteAccount,
  loadMe,
  readRoles,
  requestEmailVerification,
  setNotifications,
  storeAvatar,
  updateProfile,
} from "#api/domain/accounts";
import type { AppDeps } from "../deps";
import { requireUser } from "../middleware/auth";
import { clearSessionCookie } from "../middleware/cookies";
import { multipartForm } from "../multipart";
import { answers, jsonBody, only, openApiRouter, refusals, uploadBody } from "./openapi-route";

const signedIn = only("signed in", requireUser);

const meRoute = createRoute({
  method: "get",
  path: "/me",
  summary: "Own account",
  ...signedIn,
  responses: { 200: answers(meSchema), ...refusals(401) },
});

const updateProfileRoute = createRoute({
  method: "patch",
  path: "/me",
  summary: "Update full name and/or language (a chosen language is kept over later sign-ins)",
  ...signedIn,
  request: { body: jsonBody(updateProfileSchema) },
  responses: { 200: answers(meSchema), ...refusals(400, 401) },
});

const notificationsRoute = createRoute({
  method: "patch",
  path: "/me/notifications",
  summary:
    "Own notification switches, any of them: orderEmails (order mail when the bot does not reach the account), newsMessages, planReminders, cartReminders",
  ...signedIn,
  request: { body: jsonBody(notificationSettingsSchema) },
  responses: { 200: answers(meSchema), ...refusals(400, 401) },
});

const botAccessRoute = createRoute({
  method: "post",
  path: "/me/bot-access",
  summary:
    "The member allowed the bot to write to them (Telegram's requestWriteAccess said yes): the bot may message them (409 without Telegram)",
  ...signedIn,
  responses: { 200: answers(meSchema), ...refusals(401, 409) },
});

const deleteRoute = createRoute({
  method: "delete",
  path: "/me",
  summary: "Delete the account for good (confirm with the email, or DELETE without one)",
  ...signedIn,
  request: { body: jsonBody(deleteAccountSchema) },
  responses: { 200: answers(deletedSchema), ...refusals(400, 401, 422) },
});

const rolesRoute = createRoute({
  method: "get",
  path: "/me/roles",
  summary: "Own staff roles",
  ...signedIn,
  responses: { 200: answers(rolesResponseSchema), ...refusals(401) },
});

const avatarRoute = createRoute({
  method: "post",
  path: "/me/avatar",
  summary: "Upload an avatar: multipart field `file`, png/jpeg/webp/gif by content, at most 5MB",
  ...signedIn,
  request: { body: uploadBody() },
  responses: { 200: answers(avatarResultSchema), ...refusals(400, 401, 413, 415) },
});

const ageVerificationRoute = createRoute({
  method: "post",
  path: "/me/age-verification",
  summary: "Confirm being 21 or older",
  ...signedIn,
  request: { body: jsonBody(ageVerificationSchema) },
  responses: { 200: answers(meSchema), ...refusals(400, 401) },
});

const passwordRoute = createRoute({
  method: "post",
  path: "/me/password",
  summary: "Change the password (current one checked), or set a first one for a Telegram-only account",
  ...signedIn,
  request: { body: jsonBody(changePasswordSchema) },
  responses: { 200: answers(meSchema), ...refusals(400, 401, 409, 422, 429) },
});

const emailVerificationRoute = createRoute({
  method: "post",
  path: "/me/email-verification",
  summary: "Mails a link that proves the account's email (409 when already verified, 503 without SMTP)",
  ...signedIn,
  responses: { 200: answers(okSchema), ...refusals(401, 409, 422, 429, 503) },
});

const telegramLinkRoute = createRoute({
  method: "post",
  path: "/me/telegram-link",
  summary: "One-time t.me deep link (15 minutes) that links Telegram to this account",
  ...signedIn,
  responses: { 200: answers(telegramLinkSchema), ...refusals(401, 409, 422) },
});

/** The signed-in person's own account. Every route needs a session (401 "Not signed in"). */
export const accountRoutes = (deps: AppDeps) => {
  const ctx = deps;
  return openApiRouter()
    .openapi(meRoute, async (c) => c.json((await loadMe(ctx, c.var.user.userId)) satisfies Me, 200))
    .openapi(updateProfileRoute, async (c) =>
      c.json((await updateProfile(ctx, c.var.user.userId, c.req.valid("json"))) satisfies Me, 200),
    )
    .openapi(notificationsRoute, async (c) =>
      c.json((await setNotifications(ctx, c.var.user.userId, c.req.valid("json"))) satisfies Me, 200),
    )
    .openapi(botAccessRoute, async (c) =>
      c.json((await allowBotMessages(ctx, c.var.user.userId)) satisfies Me, 200),
    )
    .openapi(deleteRoute, async (c) => {
      await deleteAccount(ctx, c.var.user.userId, c.req.valid("json").confirmation);
      clearSessionCookie(c);
      return c.json({ deleted: true as const }, 200);
    })
    .openapi(rolesRoute, async (c) =>
      c.json({ roles: await readRoles(ctx, c.var.user.userId) } satisfies RolesResponse, 200),
    )
    .openapi(avatarRoute, async (c) => {
      const userId = c.var.user.userId;
      const avatarUrl = await storeAvatar(ctx, userId, multipartForm(c.req.raw, "avatar"));
      return c.json({ avatarUrl, user: await loadMe(ctx, userId) } satisfies AvatarResult, 200);
    })
    .openapi(ageVerificationRoute, async (c) =>
      c.json((await confirmAge(ctx, c.var.user.userId)) satisfies Me, 200),
    )
    .openapi(passwordRoute, async (c) => {
      const { currentPassword, newPassword, email } = c.req.valid("json");
      const me = await changePassword(ctx, c.var.user, { currentPassword, newPassword, email });
      return c.json(me satisfies Me, 200);
    })
    .openapi(emailVerificationRoute, async (c) => {
      await requestEmailVerification(ctx, c.var.user.userId);
      return c.json({ ok: true } satisfies Ok, 200);
    })
    .openapi(telegramLinkRoute, async (c) => c.json(await createTelegramLink(ctx, c.var.user.userId), 200));
};

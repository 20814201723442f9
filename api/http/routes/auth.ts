import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  emailVerificationConfirmSchema,
  loginSchema,
  type Ok,
  okSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  type Session,
  sessionSchema,
  signUpSchema,
  telegramAuthMessages,
  telegramAuthSchema,
} from "#api/contracts/auth";
import {
  confirmEmailVerification,
  confirmPasswordReset,
  type IssuedSession,
  logIn,
  requestPasswordReset,
  signInWithTelegram,
  signUp,
} from "#api/domain/accounts";
import { endSession, verifyInitData } from "#api/domain/auth";
import { Refusal } from "#api/domain/refusal";
import type { AppDeps } from "../deps";
import { AppError } from "../errors";
import { clientAddress } from "../middleware/client-address";
import { clearSessionCookie, setSessionCookie } from "../middleware/cookies";
import { requestLanguage } from "../request-language";
import { access, answers, jsonBody, openApiRouter, refusals, refuseInvalid } from "./openapi-route";

/** The session in the body (the Mini App keeps it for Bearer) and as the HttpOnly cookie (the web). */
function sessionBody(c: Context, session: IssuedSession): Session {
  setSessionCookie(c, session.token, session.expiresAt);
  return { token: session.token, expiresAt: session.expiresAt.toISOString(), user: session.user };
}

const anyone = access("anyone");

const telegramRoute = createRoute({
  method: "post",
  path: "/auth/telegram",
  summary: "Sign in with the Mini App's raw initData; creates the account on first launch",
  description: anyone,
  request: { body: jsonBody(telegramAuthSchema) },
  responses: { 200: answers(sessionSchema), ...refusals(401) },
});

const signUpRoute = createRoute({
  method: "post",
  path: "/auth/signup",
  summary: "Web sign-up (email, password, 21+ confirmation); sets the session cookie",
  description: anyone,
  request: { body: jsonBody(signUpSchema) },
  responses: { 201: answers(sessionSchema, "Created"), ...refusals(400, 409) },
});

const loginRoute = createRoute({
  method: "post",
  path: "/auth/login",
  summary: "Web login; sets the session cookie",
  description: anyone,
  request: { body: jsonBody(loginSchema) },
  responses: { 200: answers(sessionSchema), ...refusals(400, 401, 429) },
});

const logoutRoute = createRoute({
  method: "post",
  path: "/auth/logout",
  summary: "Ends the presented session and clears the cookie",
  description: anyone,
  responses: { 200: answers(okSchema) },
});

const passwordResetRoute = createRoute({
  method: "post",
  path: "/auth/password-reset",
  summary: "Sends a reset link if the email has an account; the same answer either way",
  description: anyone,
  request: { body: jsonBody(passwordResetRequestSchema) },
  responses: { 200: answers(okSchema), ...refusals(400, 429) },
});

const passwordResetConfirmRoute = createRoute({
  method: "post",
  path: "/auth/password-reset/confirm",
  summary: "Sets a new password with a reset token and ends every session",
  description: anyone,
  request: { body: jsonBody(passwordResetConfirmSchema) },
  responses: { 200: answers(okSchema), ...refusals(400, 429) },
});

const verifyEmailRoute = createRoute({
  method: "post",
  path: "/auth/verify-email",
  summary:
    "Proves the account's email with the token of a mailed link (single use, a day); ADMIN_EMAILS takes effect only then",
  description: anyone,
  request: { body: jsonBody(emailVerificationConfirmSchema) },
  responses: { 200: answers(okSchema), ...refusals(400, 429) },
});

export const authRoutes = (deps: AppDeps) => {
  const ctx = deps;
  const address = (c: Context) => clientAddress(c, deps.config.TRUST_PROXY);
  return openApiRouter()
    .openapi(
      telegramRoute,
      async (c) => {
        const token = deps.config.BOT_TOKEN;
        if (!token) throw new AppError("unauthorized", telegramAuthMessages.notConfigured);
        const body = c.req.valid("json");
        const checked = verifyInitData(body.initData, token, deps.config.AUTH_MAX_AGE, deps.now());
        if (!checked.ok) {
          if (checked.message === telegramAuthMessages.expired) throw new Refusal("telegram_data_expired");
          throw new AppError("unauthorized", checked.message);
        }
        return c.json(
          sessionBody(c, await signInWithTelegram(ctx, checked.identity, body.referralCode)),
          200,
        );
      },
      refuseInvalid("unauthorized"),
    )
    .openapi(signUpRoute, async (c) => {
      const { email, password, fullName, referralCode } = c.req.valid("json");
      const session = await signUp(ctx, {
        email,
        password,
        fullName,
        referralCode,
        address: address(c),
        language: requestLanguage(c),
      });
      return c.json(sessionBody(c, session), 201);
    })
    .openapi(loginRoute, async (c) => {
      const { email, password } = c.req.valid("json");
      const session = await logIn(ctx, {
        email,
        password,
        address: address(c),
        language: requestLanguage(c),
      });
      return c.json(sessionBody(c, session), 200);
    })
    .openapi(logoutRoute, async (c) => {
      const user = c.get("user");
      if (user) await endSession(deps.database.db, user.sessionId, deps.now());
      clearSessionCookie(c);
      return c.json({ ok: true } satisfies Ok, 200);
    })
    .openapi(passwordResetRoute, async (c) => {
      await requestPasswordReset(ctx, { email: c.req.valid("json").email, address: address(c) });
      return c.json({ ok: true } satisfies Ok, 200);
    })
    .openapi(passwordResetConfirmRoute, async (c) => {
      const { token, password } = c.req.valid("json");
      await confirmPasswordReset(ctx, { token, password, address: address(c) });
      return c.json({ ok: true } satisfies Ok, 200);
    })
    .openapi(verifyEmailRoute, async (c) => {
      await confirmEmailVerification(ctx, { token: c.req.valid("json").token, address: address(c) });
      return c.json({ ok: true } satisfies Ok, 200);
    });
};

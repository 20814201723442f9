import type { Context } from "hono";
import { Hono } from "hono";
import { revokeSession } from "#db/queries/sessions";
import { clientAddress } from "../auth/client-address";
import { clearSessionCookie, setSessionCookie } from "../auth/cookies";
import { verifyInitData } from "../auth/init-data";
import type { AppEnv } from "../auth/middleware";
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
} from "../contracts/auth";
import { type AppDeps, serviceContext } from "../deps";
import { AppError } from "../errors";
import { Refusal } from "../refusal";
import { type IssuedSession, logIn, signInWithTelegram, signUp } from "../services/auth";
import { confirmEmailVerification } from "../services/email-verification";
import { confirmPasswordReset, requestPasswordReset } from "../services/password-reset";
import type { RouteDoc } from "./route-doc";
import { valid } from "./validator";

/** The session in the body (the Mini App keeps it for Bearer) and as the HttpOnly cookie (the web). */
function sessionBody(c: Context, session: IssuedSession): Session {
  setSessionCookie(c, session.token, session.expiresAt);
  return { token: session.token, expiresAt: session.expiresAt.toISOString(), user: session.user };
}

export const authRoutes = (deps: AppDeps) => {
  const ctx = serviceContext(deps);
  const address = (c: Context) => clientAddress(c, deps.config.TRUST_PROXY);
  return new Hono<AppEnv>()
    .post("/auth/telegram", valid("json", telegramAuthSchema, "unauthorized"), async (c) => {
      const token = deps.config.BOT_TOKEN;
      if (!token) throw new AppError("unauthorized", telegramAuthMessages.notConfigured);
      const checked = verifyInitData(
        c.req.valid("json").initData,
        token,
        deps.config.AUTH_MAX_AGE,
        deps.now(),
      );
      if (!checked.ok) {
        if (checked.message === telegramAuthMessages.expired) throw new Refusal("telegram_data_expired");
        throw new AppError("unauthorized", checked.message);
      }
      return c.json(sessionBody(c, await signInWithTelegram(ctx, checked.identity)), 200);
    })
    .post("/auth/signup", valid("json", signUpSchema), async (c) => {
      const { email, password, fullName } = c.req.valid("json");
      const session = await signUp(ctx, { email, password, fullName, address: address(c) });
      return c.json(sessionBody(c, session), 201);
    })
    .post("/auth/login", valid("json", loginSchema), async (c) => {
      const { email, password } = c.req.valid("json");
      return c.json(sessionBody(c, await logIn(ctx, { email, password, address: address(c) })), 200);
    })
    .post("/auth/logout", async (c) => {
      const user = c.get("user");
      if (user) await revokeSession(deps.database.db, user.sessionId, deps.now());
      clearSessionCookie(c);
      return c.json({ ok: true } satisfies Ok, 200);
    })
    .post("/auth/password-reset", valid("json", passwordResetRequestSchema), async (c) => {
      await requestPasswordReset(ctx, { email: c.req.valid("json").email, address: address(c) });
      return c.json({ ok: true } satisfies Ok, 200);
    })
    .post("/auth/password-reset/confirm", valid("json", passwordResetConfirmSchema), async (c) => {
      const { token, password } = c.req.valid("json");
      await confirmPasswordReset(ctx, { token, password, address: address(c) });
      return c.json({ ok: true } satisfies Ok, 200);
    })
    .post("/auth/verify-email", valid("json", emailVerificationConfirmSchema), async (c) => {
      await confirmEmailVerification(ctx, { token: c.req.valid("json").token, address: address(c) });
      return c.json({ ok: true } satisfies Ok, 200);
    });
};

/** OpenAPI descriptions of these routes (api/openapi.ts assembles them). */
export const authDocs: RouteDoc[] = [
  {
    method: "post",
    path: "/api/auth/telegram",
    summary: "Sign in with the Mini App's raw initData; creates the account on first launch",
    access: "anyone",
    body: telegramAuthSchema,
    response: sessionSchema,
    errors: [401],
  },
  {
    method: "post",
    path: "/api/auth/signup",
    summary: "Web sign-up (email, password, 21+ confirmation); sets the session cookie",
    access: "anyone",
    body: signUpSchema,
    response: sessionSchema,
    status: 201,
    errors: [400, 409],
  },
  {
    method: "post",
    path: "/api/auth/login",
    summary: "Web login; sets the session cookie",
    access: "anyone",
    body: loginSchema,
    response: sessionSchema,
    errors: [400, 401, 429],
  },
  {
    method: "post",
    path: "/api/auth/logout",
    summary: "Ends the presented session and clears the cookie",
    access: "anyone",
    response: okSchema,
  },
  {
    method: "post",
    path: "/api/auth/password-reset",
    summary: "Sends a reset link if the email has an account; the same answer either way",
    access: "anyone",
    body: passwordResetRequestSchema,
    response: okSchema,
    errors: [400, 429],
  },
  {
    method: "post",
    path: "/api/auth/password-reset/confirm",
    summary: "Sets a new password with a reset token and ends every session",
    access: "anyone",
    body: passwordResetConfirmSchema,
    response: okSchema,
    errors: [400, 429],
  },
  {
    method: "post",
    path: "/api/auth/verify-email",
    summary:
      "Proves the account's email with the token of a mailed link (single use, a day); ADMIN_EMAILS takes effect only then",
    access: "anyone",
    body: emailVerificationConfirmSchema,
    response: okSchema,
    errors: [400, 429],
  },
];

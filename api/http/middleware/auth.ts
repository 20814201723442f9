import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import { authMessages } from "#api/contracts/auth";
import type { Role } from "#api/contracts/roles";
import { resolveSession, type SessionUser } from "#api/domain/auth";
import type { AppDeps } from "../deps";
import { AppError } from "../errors";
import { SESSION_COOKIE } from "./cookies";

export type { SessionUser };

/** What every /api handler can read: the signed-in user, if any, and how the session came. */
export interface AuthVariables {
  user: SessionUser | undefined;
  /** How the session came: a Bearer header or the cookie (which needs the Origin check). */
  sessionVia: "bearer" | "cookie" | undefined;
}
export type AppEnv = { Variables: AuthVariables };
/** After requireUser / requireRole the user is there. */
export type SignedInEnv = { Variables: { user: SessionUser } };

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  return match?.[1];
}

/** The token a request presents: Authorization: Bearer (the Mini App), else the session cookie (the web). */
export function presentedToken(c: Context): { token: string; via: "bearer" | "cookie" } | undefined {
  const bearer = bearerToken(c.req.header("authorization"));
  if (bearer) return { token: bearer, via: "bearer" };
  const cookie = getCookie(c, SESSION_COOKIE);
  return cookie ? { token: cookie, via: "cookie" } : undefined;
}

/**
 * A cookie rides along on requests other sites make, so a cookie-authenticated change must come
 * from our own pages: its Origin (or, failing that, Referer) host is the request's Host or
 * PUBLIC_URL's host. A Bearer token is never attached by a browser on its own, so it needs no check.
 */
function fromOurOrigin(c: Context, publicUrl: string | undefined): boolean {
  const claimed = c.req.header("origin") ?? c.req.header("referer");
  if (!claimed || claimed === "null") return false;
  let host: string;
  try {
    host = new URL(claimed).host;
  } catch {
    return false;
  }
  if (host === new URL(c.req.url).host) return true;
  return publicUrl !== undefined && host === new URL(publicUrl).host;
}

/** Resolves the session (if any) for every /api request. Rejects nothing except cross-site cookie changes. */
export const loadSession = (deps: Pick<AppDeps, "database" | "now" | "config">) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const presented = presentedToken(c);
    const user = presented ? await resolveSession(deps.database.db, presented.token, deps.now()) : undefined;
    if (
      user &&
      presented?.via === "cookie" &&
      STATE_CHANGING.has(c.req.method) &&
      !fromOurOrigin(c, deps.config.PUBLIC_URL)
    ) {
      throw new AppError("forbidden", authMessages.crossSite);
    }
    c.set("user", user);
    c.set("sessionVia", user ? presented?.via : undefined);
    await next();
  });

/** 401 with `message` unless a live session came with the request. */
export const requireUserSaying = (message: string) =>
  createMiddleware<SignedInEnv>(async (c, next) => {
    if (!(c.get("user") as SessionUser | undefined)) throw new AppError("unauthorized", message);
    await next();
  });

/** 401 "Not signed in" unless a live session came with the request. */
export const requireUser = requireUserSaying(authMessages.notSignedIn);

/** Staff routes: 401 for nobody, 403 "Not authorized" for anyone without one of `roles`. Checked here, on the server. */
export const requireRole = (...roles: Role[]) =>
  createMiddleware<SignedInEnv>(async (c, next) => {
    const user = c.get("user") as SessionUser | undefined;
    if (!user) throw new AppError("unauthorized", authMessages.notSignedIn);
    if (!user.roles.some((role) => roles.includes(role))) {
      throw new AppError("forbidden", authMessages.notAuthorized);
    }
    await next();
  });

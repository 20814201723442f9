import type { Context } from "hono";
import { deleteCookie, setCookie } from "hono/cookie";

/** `__Host-`: the browser takes it only Secure, for Path=/ and without Domain, so no subdomain can set or shadow it. */
export const SESSION_COOKIE = "__Host-session";

/** The web's copy of the session token: unreadable by scripts, sent only same-site (plus top-level links). */
export function setSessionCookie(c: Context, token: string, expiresAt: Date) {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    secure: true,
    sameSite: "Lax",
    path: "/",
    expires: expiresAt,
  });
}

export function clearSessionCookie(c: Context) {
  deleteCookie(c, SESSION_COOKIE, { httpOnly: true, secure: true, sameSite: "Lax", path: "/" });
}

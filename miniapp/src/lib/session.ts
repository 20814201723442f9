/**
 * The session token the Mini App sends as `Authorization: Bearer` (cookies are unreliable inside
 * Telegram's WebView and iframe). Kept in memory and in sessionStorage, so a reload inside Telegram
 * keeps the session and closing the Mini App forgets it. On the plain web the token stays in the
 * HttpOnly cookie the API sets, out of reach of scripts, and nothing is stored here.
 */
const STORAGE_KEY = "session-token";

let token: string | null = readStored();

function readStored(): string | null {
  try {
    return typeof sessionStorage === "undefined" ? null : sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function sessionToken(): string | null {
  return token;
}

export function setSessionToken(value: string | null): void {
  token = value;
  try {
    if (value) sessionStorage.setItem(STORAGE_KEY, value);
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage blocked: the token still lives in memory for this page.
  }
}

/** The headers every API call carries. */
export function authHeaders(): Record<string, string> {
  return token ? { Authorization: `Bearer ${token}` } : {};
}

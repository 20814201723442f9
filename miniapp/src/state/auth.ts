import { atom, getDefaultStore, useAtomValue } from "jotai";
import type { Session } from "#api/contracts/auth";
import type { Me } from "#api/contracts/me";
import { api, errorMessage, failure, fetchMe, LoadError, whenSessionLost } from "../lib/api";
import { restartEvents } from "../lib/events";
import { sessionToken, setSessionToken } from "../lib/session";
import { telegram } from "../telegram/controls";
import { clearRoleCache } from "./roles";

/** Who is using the app. Telegram sign-in failures keep their message for the landing's Retry. */
export type AuthState =
  | { status: "loading" }
  | { status: "signed-out"; telegramError: string | null }
  | { status: "signed-in"; me: Me };

export const authAtom = atom<AuthState>({ status: "loading" });

// The app has one jotai store (no Provider): sign-in and sign-out happen outside components too.
const store = getDefaultStore();

export const useAuth = (): AuthState => useAtomValue(authAtom);

export const signedInUser = (state: AuthState): Me | null => (state.status === "signed-in" ? state.me : null);

function setState(next: AuthState): void {
  const before = signedInUser(store.get(authAtom))?.id ?? null;
  store.set(authAtom, next);
  const after = signedInUser(next)?.id ?? null;
  if (before !== after) {
    // Roles belong to one person; a new person starts with none cached.
    if (after === null) clearRoleCache();
    restartEvents();
  }
}

function signedOut(telegramError: string | null = null): void {
  setSessionToken(null);
  setState({ status: "signed-out", telegramError });
}

/**
 * At start: inside Telegram a kept session (a reload) or else the launch's initData; on the web the
 * session cookie, as GET /api/me tells it (401 means nobody is signed in).
 */
export async function startAuth(): Promise<void> {
  if (sessionToken()) {
    try {
      setState({ status: "signed-in", me: await fetchMe() });
      return;
    } catch (error) {
      if (!(error instanceof LoadError && error.status === 401)) {
        setState({ status: "signed-out", telegramError: null });
        return;
      }
      setSessionToken(null);
    }
  }
  if (telegram()?.initData) {
    await signInWithTelegram();
    return;
  }
  try {
    setState({ status: "signed-in", me: await fetchMe() });
  } catch {
    setState({ status: "signed-out", telegramError: null });
  }
}

/** POST /api/auth/telegram with the raw initData; a refusal (401) keeps the API's message. */
export async function signInWithTelegram(): Promise<void> {
  const initData = telegram()?.initData ?? "";
  store.set(authAtom, { status: "loading" });
  try {
    const response = await api.auth.telegram.$post({ json: { initData } });
    if (!response.ok) throw await failure(response);
    acceptSession((await response.json()) as Session);
  } catch (error) {
    signedOut(errorMessage(error));
  }
}

/** A session from sign-in or sign-up. Inside Telegram the token is kept for Bearer; the web has its cookie. */
export function acceptSession(session: Session): void {
  if (telegram()) setSessionToken(session.token);
  setState({ status: "signed-in", me: session.user });
}

/** The account changed (profile, age confirmation, password): the new copy from the API. */
export function updateMe(me: Me): void {
  setState({ status: "signed-in", me });
}

/**
 * Ends the session on the server, then here. Throws (with the server's message) when the server
 * refuses. `beforeSignedOut` runs in between: a page that needs a signed-in user leaves first.
 */
export async function signOut(beforeSignedOut?: () => unknown): Promise<void> {
  const response = await api.auth.logout.$post();
  if (!response.ok) throw await failure(response);
  await beforeSignedOut?.();
  signedOut();
}

// A session that ends mid-visit (expired, revoked by a password reset elsewhere) signs the app out.
whenSessionLost(() => {
  if (store.get(authAtom).status === "signed-in") signedOut();
});

/** The session is gone already (the account was deleted): forget it here. */
export function forgetSession(): void {
  signedOut();
}

/** The landing's age confirmation: POST /api/me/age-verification. */
export async function confirmAge(): Promise<void> {
  const response = await api.me["age-verification"].$post({ json: { confirmed: true } });
  if (!response.ok) throw await failure(response);
  updateMe((await response.json()) as Me);
}

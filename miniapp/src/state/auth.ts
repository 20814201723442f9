import { atom, getDefaultStore, useAtomValue } from "jotai";
import type { Session } from "#api/contracts/auth";
import type { Me } from "#api/contracts/me";
import { firstLanguageShown } from "../i18n/i18n";
import { api, call, errorMessage, fetchMe, LoadError, whenSessionLost } from "../lib/api";
import { bootSignedIn } from "../lib/boot-data";
import { restartEvents } from "../lib/events";
import { sessionToken, setSessionToken } from "../lib/session";
import { telegram } from "../telegram/controls";
import { cartAtom } from "./cart";
import { emptyCart } from "./cart-state";
import { followAccountLanguage } from "./language";
import { forgetReferralCode, keptReferralCode } from "./referral-code";
import { clearRoleCache } from "./role-cache";

/** Who is using the app. Telegram sign-in failures keep their message for the landing's Retry. */
export type AuthState =
  | { status: "loading" }
  | {
      status: "signed-out";
      telegramError: string | null;
      /** Telegram's launch data is too old: only reopening the app brings fresh data. */
      telegramExpired?: boolean;
    }
  | { status: "signed-in"; me: Me };

export const authAtom = atom<AuthState>({ status: "loading" });

// The app has one jotai store (no Provider): sign-in and sign-out happen outside components too.
const store = getDefaultStore();

export const useAuth = (): AuthState => useAtomValue(authAtom);

export const signedInUser = (state: AuthState): Me | null => (state.status === "signed-in" ? state.me : null);

function setState(next: AuthState): void {
  const before = signedInUser(store.get(authAtom))?.id ?? null;
  store.set(authAtom, next);
  if (next.status === "signed-in") followAccountLanguage(next.me.language);
  const after = signedInUser(next)?.id ?? null;
  if (before !== after) {
    // Roles belong to one person; a new person starts with none cached. The cart too, on a shared
    // device: signing out (or losing the session) leaves nothing of it for the next person.
    if (after === null) clearRoleCache();
    if (before !== null && after === null) store.set(cartAtom, emptyCart);
    restartEvents();
  }
}

function signedOut(telegramError: string | null = null, telegramExpired = false): void {
  setSessionToken(null);
  setState({ status: "signed-out", telegramError, telegramExpired });
}

/**
 * Whether this launch signs someone in as it starts, as startAuth tries them: a kept session,
 * Telegram's initData, or the web's session cookie.
 */
export const launchSignsIn = (): boolean =>
  sessionToken() !== null || Boolean(telegram()?.initData) || bootSignedIn() === true;

/**
 * At start: inside Telegram a kept session (a reload) or else the launch's initData; on the web the
 * session cookie, as GET /api/me tells it ("unauthorized" means nobody is signed in). A page served without a
 * session cookie says so, and then nothing is asked: a visitor's console shows no failed request.
 */
export async function startAuth(): Promise<void> {
  if (sessionToken()) {
    try {
      setState({ status: "signed-in", me: await fetchMe() });
      return;
    } catch (error) {
      if (!(error instanceof LoadError && error.code === "unauthorized")) {
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
  if (bootSignedIn() === false) {
    setState({ status: "signed-out", telegramError: null });
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
    const body = await call(
      api.auth.telegram.$post({ json: { initData, referralCode: keptReferralCode() } }),
    );
    forgetReferralCode();
    acceptSession(body);
  } catch (error) {
    // The sign-in runs beside the first screen's words; its message is worded once they are there.
    await firstLanguageShown;
    signedOut(errorMessage(error), error instanceof LoadError && error.reason === "telegram_data_expired");
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
  await call(api.auth.logout.$post());
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
  const body = await call(api.me["age-verification"].$post({ json: { confirmed: true } }));
  updateMe(body);
}

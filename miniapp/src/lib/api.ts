import { type ClientResponse, DetailedError, hc, parseResponse } from "hono/client";
import type { ErrorCode, ErrorReason } from "#api/contracts/errors";
import type { AppType } from "#api/http/app";
import { currentLanguage, t } from "../i18n/i18n";
import { authHeaders } from "./session";

let onSessionLost: () => void = () => {};

/** Called when a signed-in call answers 401: the session expired or was revoked elsewhere. */
export function whenSessionLost(handler: () => void): void {
  onSessionLost = handler;
}

// Sign-in routes answer 401 for a wrong password; that is no lost session.
const fetchWatchingSession: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  if (
    response.status === 401 &&
    !String(input instanceof Request ? input.url : input).includes("/api/auth/")
  ) {
    onSessionLost();
  }
  return response;
};

/**
 * What every call to the API carries: the session (Bearer) when the Mini App holds one (the web's
 * cookie rides along by itself), and the app's language, which the server's messages answer in.
 */
export const requestHeaders = (): Record<string, string> => ({
  ...authHeaders(),
  "Accept-Language": currentLanguage(),
});

export const api = hc<AppType>("/api", { headers: requestHeaders, fetch: fetchWatchingSession });

/** Answers that are the server's fault or its absence: the same request may succeed later. */
const FAULTS: readonly ErrorCode[] = ["internal", "unavailable", "bad_gateway"];

/**
 * A call that failed, as the API's error body (api/contracts/errors.ts) names it: the refusal's
 * `reason` where a rule refused, else the answer's `code` (not signed in, not found, too many
 * requests…); screens branch on these, never on the status or the words. `code` is null when no API
 * body came (a lost connection, a proxy's page).
 */
export class LoadError extends Error {
  constructor(
    message: string,
    readonly code: ErrorCode | null,
    /** The API's machine-readable reason, when it gives one (a wrong current password…). */
    readonly reason: ErrorReason | null = null,
    /** Whether the message is the server's words (in the app's language) rather than a stand-in. */
    readonly worded = true,
  ) {
    super(message);
  }
  /** The thing asked for does not exist (or no longer does): the page shows its own way. */
  get notFound(): boolean {
    return this.code === "not_found";
  }
  /** The server said no for good: asking again the same way gets the same answer. */
  get refused(): boolean {
    return this.code !== null && !FAULTS.includes(this.code);
  }
}

/** The API's `{ error: { code, message, reason } }` body as a LoadError (a stand-in message when it says nothing). */
function loadError(status: number, body: unknown): LoadError {
  const error = (body as { error?: { code?: unknown; message?: unknown; reason?: unknown } } | null)?.error;
  const worded = typeof error?.message === "string" && error.message !== "";
  const message = worded ? (error?.message as string) : `HTTP ${status}`;
  // Typed by the contract (the API's own body), as the reason is.
  const code = typeof error?.code === "string" ? (error.code as ErrorCode) : null;
  const reason = typeof error?.reason === "string" ? (error.reason as ErrorReason) : null;
  return new LoadError(message, code, reason, worded);
}

/**
 * A failed answer to a request made outside `call()` (an upload through XMLHttpRequest, for its
 * progress events), told the same way: a LoadError, and a 401 signs out.
 */
export function failedAnswer(status: number, body: unknown): LoadError {
  if (status === 401) onSessionLost();
  return loadError(status, body);
}

/**
 * Every API call goes through here: the body of a successful answer, typed by the server's routes,
 * or a LoadError carrying the API's message, status and reason. (A 401 has signed out already.)
 */
export async function call<T extends ClientResponse<unknown>>(
  request: T | Promise<T>,
): ReturnType<typeof parseResponse<T>> {
  try {
    return await parseResponse(request);
  } catch (error) {
    if (error instanceof DetailedError) {
      const detail = error.detail as { data?: unknown } | undefined;
      throw loadError(Number(error.statusCode), detail?.data ?? null);
    }
    throw error;
  }
}

/**
 * What to tell the person about a failed call: the server's message (in the app's language, which
 * every call asks for), else the generic one.
 */
export function errorMessage(error: unknown, fallback = t("common.somethingWentWrong")): string {
  return error instanceof LoadError && error.worded ? error.message : fallback;
}

export const fetchChannel = (signal?: AbortSignal) => call(api.channel.$get(undefined, { init: { signal } }));

export async function fetchProducts(signal?: AbortSignal) {
  return (await call(api.products.$get(undefined, { init: { signal } }))).products;
}

export const fetchProduct = (id: string, signal?: AbortSignal) =>
  call(api.products[":id"].$get({ param: { id } }, { init: { signal } }));

/** Who is signed in; a LoadError coded "unauthorized" when nobody is. */
export const fetchMe = (signal?: AbortSignal) => call(api.me.$get(undefined, { init: { signal } }));

import { type ClientResponse, DetailedError, hc, parseResponse } from "hono/client";
import type { ErrorReason } from "#api/contracts/errors";
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

/** A call that failed: `notFound` is a 404 the page shows its own way; everything else is retryable. */
export class LoadError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The API's machine-readable reason, when it gives one (a wrong current password…). */
    readonly reason: ErrorReason | null = null,
  ) {
    super(message);
  }
  get notFound(): boolean {
    return this.status === 404;
  }
}

/** The API's `{ error: { message, reason } }` body as a LoadError (the status alone when it says nothing). */
function loadError(status: number, body: unknown): LoadError {
  const error = (body as { error?: { message?: unknown; reason?: unknown } } | null)?.error;
  const message = typeof error?.message === "string" && error.message ? error.message : `HTTP ${status}`;
  const reason = typeof error?.reason === "string" ? (error.reason as ErrorReason) : null;
  return new LoadError(message, status, reason);
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
  return error instanceof LoadError && !/^HTTP \d+$/.test(error.message) ? error.message : fallback;
}

export const fetchChannel = (signal?: AbortSignal) => call(api.channel.$get(undefined, { init: { signal } }));

export async function fetchProducts(signal?: AbortSignal) {
  return (await call(api.products.$get(undefined, { init: { signal } }))).products;
}

export const fetchProduct = (id: string, signal?: AbortSignal) =>
  call(api.products[":id"].$get({ param: { id } }, { init: { signal } }));

/** Who is signed in; a LoadError with status 401 when nobody is. */
export const fetchMe = (signal?: AbortSignal) => call(api.me.$get(undefined, { init: { signal } }));

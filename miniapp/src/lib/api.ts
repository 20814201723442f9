import { hc } from "hono/client";
import type { AppType } from "#api/app";
import type { ChannelInfo } from "#api/contracts/channel";
import type { Me } from "#api/contracts/me";
import type { Product } from "#api/contracts/products";
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

// Every call carries the session (Bearer) when the Mini App holds one; the web's cookie rides along by itself.
export const api = hc<AppType>("/api", { headers: authHeaders, fetch: fetchWatchingSession });

/** A load that failed: `notFound` is a 404 the page shows its own way; everything else is retryable. */
export class LoadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
  get notFound(): boolean {
    return this.status === 404;
  }
}

/** The API's `{ error: { message } }` as a LoadError (the status alone when the body says nothing). */
export async function failure(response: Response): Promise<LoadError> {
  let message = `HTTP ${response.status}`;
  try {
    const body = (await response.json()) as { error?: { message?: string } };
    if (body.error?.message) message = body.error.message;
  } catch {
    // Not JSON (a proxy's error page): the status says enough.
  }
  return new LoadError(message, response.status);
}

export const SOMETHING_WENT_WRONG = "Something went wrong. Please try again.";

/** What to tell the person about a failed call: the server's message, else the generic one. */
export function errorMessage(error: unknown, fallback = SOMETHING_WENT_WRONG): string {
  return error instanceof LoadError && !/^HTTP \d+$/.test(error.message) ? error.message : fallback;
}

export async function fetchChannel(signal?: AbortSignal): Promise<ChannelInfo> {
  const response = await api.channel.$get(undefined, { init: { signal } });
  if (!response.ok) throw await failure(response);
  return response.json();
}

export async function fetchProducts(signal?: AbortSignal): Promise<Product[]> {
  const response = await api.products.$get(undefined, { init: { signal } });
  if (!response.ok) throw await failure(response);
  const body = await response.json();
  return body.products;
}

export async function fetchProduct(id: string, signal?: AbortSignal): Promise<Product> {
  const response = await api.products[":id"].$get({ param: { id } }, { init: { signal } });
  if (!response.ok) throw await failure(response);
  return (await response.json()) as Product;
}

/** Who is signed in; a LoadError with status 401 when nobody is. */
export async function fetchMe(signal?: AbortSignal): Promise<Me> {
  const response = await api.me.$get(undefined, { init: { signal } });
  if (!response.ok) throw await failure(response);
  return (await response.json()) as Me;
}

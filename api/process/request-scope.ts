import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

/**
 * The request a piece of work belongs to, wherever it runs (a service, the database layer, an
 * error handler), so every log line written while a request is handled names its id.
 */
const scope = new AsyncLocalStorage<string>();

export const currentRequestId = (): string | undefined => scope.getStore();

/** Runs `work` as part of request `id`. */
export const inRequest = <T>(id: string, work: () => T): T => scope.run(id, work);

export const REQUEST_ID_HEADER = "X-Request-Id";

/** What an incoming X-Request-Id may be: short, and only characters safe in logs and headers. */
const ACCEPTED = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The request's id: the proxy's X-Request-Id when TRUST_PROXY is on and it is well formed (a
 * client could otherwise forge ids into the logs), else a new one.
 */
export function requestIdFor(header: string | null | undefined, trustProxy: boolean): string {
  return trustProxy && header && ACCEPTED.test(header) ? header : randomUUID();
}

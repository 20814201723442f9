import type { ChangeEvent } from "#api/contracts/events";
import { sessionToken } from "./session";

export type ChangeTable = ChangeEvent["table"];
type Listener = (event: ChangeEvent | null) => void;

/**
 * One EventSource for the whole app, opened on the first subscriber and kept for the visit, so
 * moving between pages never drops and reopens the stream.
 * The browser reconnects by itself after a dropped stream; when the server refuses the stream
 * (EventSource gives up for good) we reopen it with a growing delay. After any reconnect the
 * listeners get `null`: changes may have been missed, so everyone refetches.
 */
const listeners = new Map<ChangeTable, Set<Listener>>();
let source: EventSource | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let retryDelay = 1000;
let hadError = false;

function subscriberCount(): number {
  let count = 0;
  for (const set of listeners.values()) count += set.size;
  return count;
}

function notify(table: ChangeTable | null, event: ChangeEvent | null) {
  for (const [key, set] of listeners) {
    if (table && key !== table) continue;
    for (const listener of set) listener(event);
  }
}

function open() {
  if (source || typeof EventSource === "undefined") return;
  // EventSource cannot send headers: the Mini App's session goes in the query (the API logs paths only).
  const token = sessionToken();
  const es = new EventSource(token ? `/api/events?token=${encodeURIComponent(token)}` : "/api/events");
  source = es;
  es.addEventListener("open", () => {
    retryDelay = 1000;
    if (hadError) {
      hadError = false;
      notify(null, null);
    }
  });
  es.addEventListener("change", (message) => {
    try {
      const event = JSON.parse((message as MessageEvent<string>).data) as ChangeEvent;
      notify(event.table, event);
    } catch {
      // A malformed event is skipped; the next one still arrives.
    }
  });
  es.addEventListener("error", () => {
    hadError = true;
    if (es.readyState !== EventSource.CLOSED) return;
    es.close();
    source = null;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => {
      if (subscriberCount() > 0) open();
    }, retryDelay);
    retryDelay = Math.min(retryDelay * 2, 30_000);
  });
}

/** Calls `listener` on every change to `table` (and with `null` after a reconnect). */
export function subscribeToChanges(table: ChangeTable, listener: Listener): () => void {
  let set = listeners.get(table);
  if (!set) {
    set = new Set();
    listeners.set(table, set);
  }
  set.add(listener);
  open();
  return () => {
    set.delete(listener);
  };
}

/**
 * The session changed (signed in or out): the stream reopens as the new person, since what it
 * delivers depends on who is listening. Screens load their own data when the session changes.
 */
export function restartEvents(): void {
  clearTimeout(retryTimer);
  if (!source) return;
  source.close();
  source = null;
  retryDelay = 1000;
  hadError = false;
  if (subscriberCount() > 0) open();
}

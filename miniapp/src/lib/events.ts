import type { ChangeTable, StreamChange } from "#api/contracts/events";
import { authHeaders } from "./session";

export type { ChangeTable };

type Listener = (event: StreamChange | null) => void;

/**
 * One event stream for the whole app, opened on the first subscriber and kept for the visit, so
 * moving between pages never drops and reopens it. It is read with fetch, so the session goes as
 * `Authorization: Bearer` (the Mini App) or the same-origin cookie (the web), never in the URL.
 * A stream the server ends (its maximum lifetime) reopens after the server's `retry`; a refused
 * or broken one after a growing delay (or the server's Retry-After). Reopening sends Last-Event-ID;
 * when the server answers `resync` (changes may have been missed) the listeners get `null` and
 * everyone refetches.
 */
const listeners = new Map<ChangeTable, Set<Listener>>();
let connection: AbortController | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let failures = 0;
let serverRetryMs = 3000;
let lastEventId: string | undefined;

class Refused extends Error {
  constructor(readonly retryAfterMs: number | undefined) {
    super("event stream refused");
  }
}

function subscriberCount(): number {
  let count = 0;
  for (const set of listeners.values()) count += set.size;
  return count;
}

function notify(table: ChangeTable | null, event: StreamChange | null) {
  for (const [key, set] of listeners) {
    if (table && key !== table) continue;
    for (const listener of set) listener(event);
  }
}

/** One `\n\n`-terminated block of the stream (our server writes `\n` line ends). */
function dispatch(block: string) {
  let event = "message";
  const data: string[] = [];
  for (const line of block.split("\n")) {
    if (line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
    if (field === "event") event = value;
    else if (field === "data") data.push(value);
    else if (field === "id") lastEventId = value;
    else if (field === "retry" && /^\d+$/.test(value)) serverRetryMs = Number(value);
  }
  if (event === "resync") notify(null, null);
  if (event !== "change") return;
  try {
    const change = JSON.parse(data.join("\n")) as StreamChange;
    notify(change.table, change);
  } catch {
    // A malformed event is skipped; the next one still arrives.
  }
}

async function read(signal: AbortSignal): Promise<void> {
  const headers: Record<string, string> = { Accept: "text/event-stream", ...authHeaders() };
  if (lastEventId) headers["Last-Event-ID"] = lastEventId;
  const res = await fetch("/api/events", { headers, credentials: "same-origin", cache: "no-store", signal });
  if (!res.ok || !res.body) {
    const seconds = Number(res.headers.get("retry-after"));
    throw new Refused(seconds > 0 ? seconds * 1000 : undefined);
  }
  // The first stream after failures, with no id to resume from: what happened meanwhile is unknown.
  if (failures > 0 && !lastEventId) notify(null, null);
  failures = 0;
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    let end = buffer.indexOf("\n\n");
    while (end >= 0) {
      dispatch(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf("\n\n");
    }
  }
}

function open() {
  if (connection || typeof fetch === "undefined") return;
  const controller = new AbortController();
  connection = controller;
  read(controller.signal).then(
    () => reopen(controller, () => serverRetryMs),
    (error: unknown) =>
      reopen(controller, () => {
        failures += 1;
        if (error instanceof Refused && error.retryAfterMs) return error.retryAfterMs;
        return Math.min(1000 * 2 ** (failures - 1), 30_000) * (0.5 + Math.random() / 2);
      }),
  );
}

function reopen(ended: AbortController, delayMs: () => number) {
  // restartEvents() already replaced this stream.
  if (connection !== ended) return;
  connection = null;
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => {
    if (subscriberCount() > 0) open();
  }, delayMs());
}

/** Calls `listener` on every change to `table` (and with `null` when changes may have been missed). */
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
  connection?.abort();
  connection = null;
  failures = 0;
  lastEventId = undefined;
  if (subscriberCount() > 0) open();
}

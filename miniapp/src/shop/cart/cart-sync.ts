import { getDefaultStore } from "jotai";
import { api, call } from "../../lib/api";
import { cartAtom } from "./cart";
import { linesKey, linesToKeep, mergeCarts } from "./cart-merge";

/**
 * The signed-in member's cart kept on the server too (decision 106), loaded only once someone is
 * signed in. The device's cart stays first: it works without the server, and a failed sync only
 * waits for the next change or a retry. Nothing here touches who is signed in.
 */
const store = getDefaultStore();
/** A change is sent this long after the last one. */
const PUSH_DELAY_MS = 800;
const RETRY_MS = 5_000;

let member: string | null = null;
/** The device's cart and the kept one were merged for `member`: changes may be sent. */
let merged = false;
let merging = false;
/** What the server holds, as far as this device knows. */
let keptKey: string | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;

function cancel(): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
}

async function merge(id: string): Promise<void> {
  if (merging) return;
  merging = true;
  try {
    const server = await call(api.me.cart.$get());
    if (member !== id) return;
    keptKey = linesKey(server.items);
    store.set(cartAtom, (local) => mergeCarts(local, server, Date.now()));
    merged = true;
    schedule(0);
  } catch {
    // Offline or refused: the device's cart carries on; the next change tries again.
    if (member === id) schedule(RETRY_MS);
  } finally {
    merging = false;
  }
}

async function push(id: string, keepalive = false): Promise<void> {
  const items = linesToKeep(store.get(cartAtom));
  const key = linesKey(items);
  if (key === keptKey) return;
  try {
    const kept = await call(api.me.cart.$put({ json: { items } }, keepalive ? { init: { keepalive } } : {}));
    if (member !== id) return;
    // What the server kept (products it does not sell dropped); the device keeps its own lines.
    keptKey = linesKey(kept.items);
  } catch {
    if (member === id) schedule(RETRY_MS);
  }
}

function schedule(delay: number): void {
  cancel();
  const id = member;
  if (id === null) return;
  timer = setTimeout(() => {
    timer = undefined;
    if (member !== id) return;
    if (!merged) void merge(id);
    else void push(id);
  }, delay);
}

/** Who is signed in now (null: nobody): a new member's carts are merged, then changes follow. */
export function follow(id: string | null): void {
  if (id === member) return;
  cancel();
  member = id;
  merged = false;
  keptKey = null;
  if (id !== null) void merge(id);
}

store.sub(cartAtom, () => {
  if (member !== null && merged) schedule(PUSH_DELAY_MS);
});

// Leaving the page (a reload, closing the app) sends a change still waiting.
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState !== "hidden" || timer === undefined || !merged || member === null) return;
  cancel();
  void push(member, true);
});

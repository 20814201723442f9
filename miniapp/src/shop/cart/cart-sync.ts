import type { getDefaultStore, WritableAtom } from "jotai";
import type { Cart } from "#api/contracts/cart";
import type { CartState } from "../../state/cart-state";
import { linesKey, linesToKeep, mergeCarts, type SyncedLine } from "./cart-merge";
import { cartItemFor } from "./cart-rules";

/**
 * What the sync works with, handed in by cart-sync-start.ts (which the first screen loads anyway),
 * so that this chunk carries only its own code and the kept lines' shape (cartItemFor, which the
 * first screen does not need).
 */
export interface SyncParts {
  store: ReturnType<typeof getDefaultStore>;
  cart: WritableAtom<CartState, [CartState | ((current: CartState) => CartState)], void>;
  load: () => Promise<Cart>;
  keep: (items: SyncedLine[], keepalive: boolean) => Promise<Cart>;
}

/** A change is sent this long after the last one. */
const PUSH_DELAY_MS = 800;
const RETRY_MS = 5_000;

/**
 * The signed-in member's cart kept on the server too (decision 106). The device's cart stays
 * first: it works without the server, and a failed sync only waits for the next change or a retry.
 * Nothing here touches who is signed in. Returns `follow`: who is signed in now (null: nobody).
 */
export function startSync({ store, cart, load, keep }: SyncParts): (id: string | null) => void {
  let member: string | null = null;
  /** The device's cart and the kept one were merged for `member`: changes may be sent. */
  let merged = false;
  let merging = false;
  /** What the server holds, as far as this device knows. */
  let keptKey: string | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };

  const merge = async (id: string) => {
    if (merging) return;
    merging = true;
    try {
      const server = await load();
      if (member !== id) return;
      keptKey = linesKey(server.items);
      store.set(cart, (local) => mergeCarts(local, server, Date.now(), cartItemFor));
      merged = true;
      schedule(0);
    } catch {
      // Offline or refused: the device's cart carries on; a retry comes.
      if (member === id) schedule(RETRY_MS);
    } finally {
      merging = false;
    }
  };

  const push = async (id: string, keepalive = false) => {
    const items = linesToKeep(store.get(cart));
    if (linesKey(items) === keptKey) return;
    try {
      const kept = await keep(items, keepalive);
      // What the server kept (products it does not sell dropped); the device keeps its own lines.
      if (member === id) keptKey = linesKey(kept.items);
    } catch {
      if (member === id) schedule(RETRY_MS);
    }
  };

  function schedule(delay: number): void {
    cancel();
    const id = member;
    if (id === null) return;
    timer = setTimeout(() => {
      timer = undefined;
      if (member !== id) return;
      if (merged) void push(id);
      else void merge(id);
    }, delay);
  }

  store.sub(cart, () => {
    if (member !== null && merged) schedule(PUSH_DELAY_MS);
  });

  // Leaving the page (a reload, closing the app) sends a change still waiting.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState !== "hidden" || timer === undefined || !merged || member === null) return;
    cancel();
    void push(member, true);
  });

  return (id) => {
    if (id === member) return;
    cancel();
    member = id;
    merged = false;
    keptKey = null;
    if (id !== null) void merge(id);
  };
}

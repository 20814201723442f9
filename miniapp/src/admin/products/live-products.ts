import { useCallback, useEffect, useRef } from "react";
import type { ProductChange } from "#api/contracts/events";
import { type AdminTextKey, t } from "../../i18n/i18n";
import { subscribeToChanges } from "../../lib/events";
import { toast } from "../../lib/toast";

/** The toasts for another staff member's change (a soft delete is an update). */
const liveProductTexts: Record<ProductChange["op"], AdminTextKey> = {
  insert: "admin.products.liveInsert",
  update: "admin.products.liveUpdate",
  delete: "admin.products.liveDelete",
};

/** Our own change's event arrives within a tick or two: a mark not met by then expires. */
const OWN_CHANGE_MS = 3000;

/**
 * Reloads the products list on every change to the catalogue, and announces the changes made by
 * someone else: one toast per kind of change. The screen marks the products it is changing, so its
 * own action shows only its own toast (the mark lasts until that change's event). An event too large to name its products reads "Product
 * updated"; a resync (changes may have been missed) reloads quietly.
 */
export function useLiveProducts(reload: () => void): (id: string) => void {
  const own = useRef(new Map<string, number>());
  const reloadRef = useRef(reload);
  reloadRef.current = reload;

  useEffect(
    () =>
      subscribeToChanges("products", (event) => {
        reloadRef.current();
        if (!event) return;
        const now = Date.now();
        for (const [id, until] of own.current) if (until < now) own.current.delete(id);
        // The first change naming a product we are changing is ours, and spends the mark: another
        // admin's change to it a moment later is announced.
        const others = event.changes?.filter((change) => !own.current.delete(change.id));
        const ops = others ? new Set(others.map((change) => change.op)) : new Set(["update" as const]);
        for (const op of ops) toast(t(liveProductTexts[op]));
      }),
    [],
  );

  return useCallback((id: string) => {
    own.current.set(id, Date.now() + OWN_CHANGE_MS);
  }, []);
}

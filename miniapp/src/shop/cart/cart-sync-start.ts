import { getDefaultStore } from "jotai";
import { authAtom } from "../../state/auth";

/**
 * Keeps a signed-in member's cart on the server too (decision 106): follows who is signed in from
 * outside the sign-in's own state, and loads the sync (./cart-sync) only once someone is. A failure
 * there never reaches the sign-in.
 */
export function startCartSync(): void {
  const store = getDefaultStore();
  let sync: Promise<typeof import("./cart-sync")> | null = null;
  const follow = () => {
    const state = store.get(authAtom);
    const id = state.status === "signed-in" ? state.me.id : state.status === "loading" ? undefined : null;
    // While signing in nothing changes; nobody signed in needs no sync loaded.
    if (id === undefined || (id === null && sync === null)) return;
    sync ??= import("./cart-sync");
    sync
      .then((module) => module.follow(id))
      .catch(() => {
        sync = null;
      });
  };
  store.sub(authAtom, follow);
  follow();
}

import { getDefaultStore } from "jotai";
import { api, call } from "../../lib/api";
import { authAtom } from "../../state/auth";
import { cartAtom } from "../../state/cart";

/**
 * Keeps a signed-in member's cart on the server too (decision 106): follows who is signed in from
 * outside the sign-in's own state, and loads the sync (./cart-sync) only once someone is, after the
 * first screen (the device's cart shows at once; the kept one joins it then). A failure there never
 * reaches the sign-in.
 */
export function startCartSync(): void {
  const store = getDefaultStore();
  const signedInId = () => {
    const state = store.get(authAtom);
    return state.status === "signed-in" ? state.me.id : state.status === "loading" ? undefined : null;
  };
  let sync: Promise<(id: string | null) => void> | null = null;
  const follow = () => {
    const id = signedInId();
    // While signing in nothing changes; nobody signed in needs no sync loaded.
    if (id === undefined || (id === null && sync === null)) return;
    sync ??= new Promise((resolve) => setTimeout(resolve, 2_000))
      .then(() => import("./cart-sync"))
      .then(({ startSync }) =>
        startSync({
          store,
          cart: cartAtom,
          load: () => call(api.me.cart.$get()),
          keep: (items, keepalive) =>
            call(api.me.cart.$put({ json: { items } }, keepalive ? { init: { keepalive } } : {})),
        }),
      );
    sync
      // Who is signed in once the sync is there, not who was when it was asked for.
      .then((followMember) => {
        const now = signedInId();
        if (now !== undefined) followMember(now);
      })
      .catch(() => {
        sync = null;
      });
  };
  store.sub(authAtom, follow);
  follow();
}

import { atom } from "jotai";
import { atomWithStorage, createJSONStorage } from "jotai/utils";
import { CART_STORAGE_KEY, type CartState, emptyCart, itemCount, parseStoredCart } from "./cart-state";

const json = createJSONStorage<unknown>(() => localStorage);

/** localStorage under CART_STORAGE_KEY, read through parseStoredCart so a bad value never breaks the app. */
const cartStorage = {
  getItem: (key: string): CartState => {
    try {
      return parseStoredCart(json.getItem(key, null));
    } catch {
      return emptyCart;
    }
  },
  setItem: (key: string, value: CartState) => {
    try {
      json.setItem(key, value);
    } catch {
      // Storage full or disabled (private mode): the cart still works for this visit.
    }
  },
  removeItem: (key: string) => json.removeItem(key),
  subscribe: (key: string, callback: (value: CartState) => void, initialValue: CartState) =>
    json.subscribe?.(key, (value) => callback(parseStoredCart(value)), initialValue),
};

/** The cart, persisted under "shopify-cart"; read at start so the badge never flashes 0. */
export const cartAtom = atomWithStorage<CartState>(CART_STORAGE_KEY, emptyCart, cartStorage, {
  getOnInit: true,
});

export const cartCountAtom = atom((get) => itemCount(get(cartAtom)));

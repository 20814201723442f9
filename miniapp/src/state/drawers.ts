import { atom } from "jotai";

/** Which of the header's drawers is open; at most one at a time. */
export type DrawerName = "products" | "cart";
export const openDrawerAtom = atom<DrawerName | null>(null);

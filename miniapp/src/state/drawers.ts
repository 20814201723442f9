import { atom } from "jotai";

/**
 * Which sheet is open; at most one at a time: the header's drawers, the landing's Get Started
 * sheet, the auth dialog, the plan picker (with its confirmation over it) and the credit checkout. Telegram's BackButton
 * closes whichever is open.
 */
export type DrawerName = "products" | "cart" | "get-started" | "auth" | "plan" | "checkout";
export const openDrawerAtom = atom<DrawerName | null>(null);

/** The auth dialog's tab. */
export type AuthTab = "login" | "signup";
export const authTabAtom = atom<AuthTab>("login");

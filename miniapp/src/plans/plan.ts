import { atom } from "jotai";

/**
 * Bumped when this app changes the member's plan: screens showing the plan (Settings › Memberships
 * under the picker) load it again. No server event reports plan changes, so this is how they hear.
 */
export const planVersionAtom = atom(0);

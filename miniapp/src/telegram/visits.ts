/**
 * "Add to Home Screen" is offered once, from a member's second visit inside Telegram (decision 110):
 * visits are launches inside Telegram (telegram/init.ts counts each), counted in localStorage, a
 * reload within one launch (sessionStorage) not counting again; once the member added the app or
 * dismissed the offer it never comes back. Runs at every launch inside Telegram, so it stays small.
 */
const VISITS = "homeScreenVisits";
const DONE = "homeScreenDone";

/** Counts this launch (once) and says whether the offer is due. */
export function countVisit(): boolean {
  try {
    if (localStorage[DONE]) return false;
    if (!sessionStorage[VISITS]) {
      sessionStorage[VISITS] = 1;
      localStorage[VISITS] = Number(localStorage[VISITS] ?? 0) + 1;
    }
    return localStorage[VISITS] > 1;
  } catch {
    // Storage blocked: no count, no offer.
    return false;
  }
}

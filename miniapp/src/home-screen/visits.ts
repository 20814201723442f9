/**
 * "Add to Home Screen" is offered once, from a member's second visit inside Telegram (decision 110):
 * visits are launches, counted in localStorage, a reload within one launch (sessionStorage) not
 * counting again; once the member added the app or dismissed the offer it never comes back.
 */
const VISITS = "share.homeScreen.visits";
const DONE = "share.homeScreen.done";
const COUNTED = "share.homeScreen.counted";

/** Counts this launch (once) and says whether the offer is due. */
export function countVisit(): boolean {
  try {
    if (localStorage.getItem(DONE)) return false;
    let visits = Number(localStorage.getItem(VISITS) ?? 0) || 0;
    if (!sessionStorage.getItem(COUNTED)) {
      visits += 1;
      localStorage.setItem(VISITS, String(visits));
      sessionStorage.setItem(COUNTED, "1");
    }
    return visits >= 2;
  } catch {
    // Storage blocked: no count, no offer.
    return false;
  }
}

/** Added, dismissed, or already on the home screen: never offered again. */
export function homeScreenOfferDone(): void {
  try {
    localStorage.setItem(DONE, "1");
  } catch {
    // Storage blocked: the offer is not counted either, so it cannot come back.
  }
}

/**
 * Page scrolling is locked while anything asks for it (the signed-out landing, an open drawer);
 * counted, so one unlocking never frees the page while another still holds it.
 */
let holders = 0;

export function lockScroll(): () => void {
  holders += 1;
  document.body.classList.add("scroll-locked");
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holders -= 1;
    if (holders === 0) document.body.classList.remove("scroll-locked");
  };
}

import { expect, type Locator, type Page } from "@playwright/test";

/** How far the toast has followed the pointer, read after the next frame (React renders in between). */
const followed = (toast: Locator) =>
  toast.evaluate(
    (element) =>
      new Promise<number>((resolve) =>
        requestAnimationFrame(() =>
          resolve(
            Number.parseFloat((element as HTMLElement).style.getPropertyValue("--swipe-amount-y")) || 0,
          ),
        ),
      ),
  );

/**
 * Swipes one toast down with a finger, as a member flicks it away: sonner dismisses it past 45 px.
 * A touch, not the mouse, because a mouse drag selects the toast's text and sonner then stops
 * following. It follows only once it has rendered the swipe's direction, so each step waits a frame.
 */
async function swipeAway(page: Page, toast: Locator): Promise<void> {
  const box = await toast.boundingBox();
  if (!box) return;
  const x = box.x + box.width / 3;
  const y = box.y + box.height / 2;
  const touch = await page.context().newCDPSession(page);
  try {
    await touch.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
    for (let down = 10; down <= 120; down += 10) {
      await touch.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y: y + down }] });
      if ((await followed(toast).catch(() => 0)) >= 50) break;
    }
    await touch.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  } finally {
    await touch.detach();
  }
}

/** Whether a finger on the toast would reach it: under an open modal sheet the page takes no touch. */
const reachable = (toast: Locator) =>
  toast.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return element.contains(document.elementFromPoint(box.x + box.width / 3, box.y + box.height / 2));
  });

/**
 * Swipes every toast away so that none covers a button, rather than waiting out their 4 s each;
 * toasts a member could not touch (under a modal sheet) are waited out.
 */
export async function dismissToasts(page: Page): Promise<void> {
  const toasts = page.locator("[data-sonner-toast]");
  await expect(async () => {
    const front = page.locator("[data-sonner-toast][data-front='true'][data-removed='false']").first();
    if ((await front.count()) > 0 && (await reachable(front).catch(() => false)))
      await swipeAway(page, front);
    await expect(toasts).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 12_000 });
}

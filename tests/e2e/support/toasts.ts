import { expect, type Page } from "@playwright/test";

/**
 * Waits out the toasts (4 s each; longer while the pointer rests on one, so it moves away first) so
 * that none covers a button.
 */
export async function untilToastsGo(page: Page): Promise<void> {
  await page.mouse.move(195, 100);
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 12_000 });
}

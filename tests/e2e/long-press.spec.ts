import type { Page } from "@playwright/test";
import { signUpViaApi } from "./support/accounts";
import { installTelegramClient, launchHash, newTelegramUser, postedEvents } from "./support/telegram";
import { expect, test } from "./support/test";

/**
 * Presses the restock message's text for `ms` of the page's time without moving. The page's clock
 * stands still but for those `ms`, so a busy machine cannot stretch a short press into a long one
 * (the release queued behind the page's own work while the 500 ms timer came due). The page must
 * have installed the clock (`page.clock.install()`) before it loaded.
 */
async function press(page: Page, ms: number) {
  const text = page.getByTestId("message").filter({ hasText: "Restock: Sour" }).locator(".message-text");
  const box = await text.boundingBox();
  if (!box) throw new Error("no message on screen");
  await page.mouse.move(box.x + 20, box.y + 10);
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await page.mouse.down();
  await page.clock.runFor(ms);
  await page.mouse.up();
  await page.clock.resume();
}

const sheet = (page: Page) => page.getByRole("dialog", { name: "Message" });

test.beforeEach(async ({ page }) => {
  await page.clock.install();
});

test("on the web a 500 ms press opens the actions sheet with a 50 ms vibration; a short one does not", async ({
  page,
}) => {
  await page.addInitScript(() => {
    const calls: unknown[] = [];
    (window as unknown as { __vibrations: unknown[] }).__vibrations = calls;
    Object.defineProperty(navigator, "vibrate", { value: (pattern: unknown) => calls.push(pattern) });
  });
  await signUpViaApi(page);
  await page.goto("/");
  await press(page, 150);
  await expect(sheet(page)).toHaveCount(0);
  await press(page, 650);
  await expect(sheet(page)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __vibrations: unknown[] }).__vibrations)).toEqual([
    50,
  ]);
});

test("inside Telegram the long press gives Telegram's haptic impact", async ({ page }) => {
  await installTelegramClient(page);
  await page.goto(`/${launchHash(undefined, { user: newTelegramUser("Hap") })}`);
  const gate = page.getByTestId("age-gate");
  await gate.getByLabel("I confirm I am 21 years or older").check();
  await gate.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByTestId("message").first()).toBeVisible();
  const before = (await postedEvents(page)).filter(
    (e) => e.type === "web_app_trigger_haptic_feedback",
  ).length;
  await press(page, 650);
  await expect(sheet(page)).toBeVisible();
  const haptics = (await postedEvents(page)).filter((e) => e.type === "web_app_trigger_haptic_feedback");
  expect(haptics.length).toBe(before + 1);
  expect(haptics.at(-1)?.data).toEqual({ type: "impact", impact_style: "medium" });
});

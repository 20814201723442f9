import { screenshot } from "./support/screens";
import {
  installTelegramClient,
  LIGHT_THEME,
  launchHash,
  newTelegramUser,
  postedEvents,
  THEME,
} from "./support/telegram";
import { expect, test } from "./support/test";

const bodyBackground = (page: import("@playwright/test").Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test("in a light Telegram the app is light, in Telegram's colours, and colours Telegram's bars to match", async ({
  page,
}) => {
  await installTelegramClient(page, LIGHT_THEME);
  await page.goto(`/${launchHash(undefined, { theme: LIGHT_THEME })}`);
  await expect(page.getByTestId("channel-header")).toBeVisible();
  await expect.poll(() => bodyBackground(page)).toBe("rgb(255, 255, 255)");
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).color)).toBe("rgb(0, 0, 0)");
  await expect
    .poll(() => page.evaluate(() => document.documentElement.classList.contains("dark")))
    .toBe(false);

  // Telegram's bars already show its bg_color: nothing asks for another colour.
  const types = (await postedEvents(page)).map((event) => event.type);
  expect(types).not.toContain("web_app_set_header_color");
  expect(types).not.toContain("web_app_set_background_color");
  await screenshot(page, "telegram-light-home");
});

test("the first paint, before any script of the app runs, already has the launch's theme", async ({
  page,
}) => {
  // The app's scripts never arrive: what shows is the server-drawn first screen and the inline
  // theme script (allowed by the page's CSP).
  await page.route("**/assets/*.js", (route) => route.abort());
  const htmlBackground = () =>
    page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  await page.goto(`/${launchHash(undefined, { theme: LIGHT_THEME })}`);
  await expect(page.locator(".channel-name")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.className)).toBe("tg-palette");
  expect(await htmlBackground()).toBe("rgb(255, 255, 255)");
  await screenshot(page, "telegram-light-first-paint");

  // A new document each time (a change of the address's hash alone is no new page).
  await page.goto("about:blank");
  await page.goto(`/${launchHash(undefined, { theme: THEME })}`);
  await expect(page.locator(".channel-name")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.className)).toBe("dark tg-palette");

  // On the web a visitor who chose Light gets light from the first paint.
  await page.addInitScript(() => localStorage.setItem("theme", "light"));
  await page.goto("about:blank");
  await page.goto("/");
  await expect(page.locator(".channel-name")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.className)).toBe("");
  expect(await htmlBackground()).toBe("rgb(255, 255, 255)");
});

test("Dark chosen in a light Telegram: the app's dark palette, and Telegram's bars in that colour", async ({
  page,
}) => {
  await installTelegramClient(page, LIGHT_THEME);
  await page.addInitScript(() => localStorage.setItem("theme", "dark"));
  // A member of its own: the age gate below is a new member's (the shared test user may be past it).
  await page.goto(`/${launchHash(undefined, { theme: LIGHT_THEME, user: newTelegramUser("Dora") })}`);
  await expect(page.getByTestId("channel-header")).toBeVisible();
  await expect.poll(() => bodyBackground(page)).toBe("rgb(15, 17, 21)");
  const headerColors = async () =>
    (await postedEvents(page))
      .filter((event) => event.type === "web_app_set_header_color")
      .map((e) => e.data);
  await expect.poll(headerColors).toContainEqual({ color: "#0f1115" });
  const colorsOf = async (type: string) =>
    (await postedEvents(page)).filter((event) => event.type === type).map((e) => e.data);
  await expect.poll(() => colorsOf("web_app_set_background_color")).toContainEqual({ color: "#0f1115" });
  await expect.poll(() => colorsOf("web_app_set_bottom_bar_color")).toContainEqual({ color: "#0f1115" });

  // Back to System: Telegram's own colours again, and its bars are told so.
  await page.getByLabel("I confirm I am 21 years or older").check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("button", { name: "Continue" })).toBeHidden();
  await page.goto("/settings/appearance");
  await page.getByText("System", { exact: true }).click();
  await expect.poll(() => bodyBackground(page)).toBe("rgb(255, 255, 255)");
  await expect.poll(headerColors).toContainEqual({ color_key: "bg_color" });
});

test("in a dark Telegram the app follows it by default", async ({ page }) => {
  await installTelegramClient(page);
  await page.goto(`/${launchHash()}`);
  await expect(page.getByTestId("channel-header")).toBeVisible();
  await expect.poll(() => bodyBackground(page)).toBe("rgb(17, 34, 51)");
  expect(THEME.bg_color).toBe("#112233");
});

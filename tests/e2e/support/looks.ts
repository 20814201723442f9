import { expect, type Page } from "@playwright/test";
import { expectReadable } from "./contrast";
import { screenshot } from "./screens";
import { LIGHT_THEME, receiveEvent, THEME } from "./telegram";

/** Where a screen is looked at: a plain web visitor, or inside Telegram (launched in its dark theme). */
export type Launch = "web" | "telegram";

const html = (page: Page) => page.locator("html");
const DARK_CLASS = /(^| )dark( |$)/;

/**
 * Telegram switching a running Mini App to `theme`, as it does when its user changes the app's
 * theme; waits until the page shows it (the class, and Telegram's colours bound to the page).
 */
async function switchTelegramTheme(page: Page, theme: Record<string, string>, dark: boolean): Promise<void> {
  await receiveEvent(page, "theme_changed", { theme_params: theme });
  if (dark) await expect(html(page)).toHaveClass(DARK_CLASS);
  else await expect(html(page)).not.toHaveClass(DARK_CLASS);
  await expect
    .poll(() =>
      page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--tg-theme-bg-color")),
    )
    .toBe(theme.bg_color);
}

/**
 * Runs `look` in each of Telegram's themes on the screen on screen now: in the dark theme the app
 * was launched in, then in the light one (switched live, as Telegram does when its user changes
 * theme), then switches back to dark.
 */
export async function inEachTelegramTheme(
  page: Page,
  look: (theme: "dark" | "light") => Promise<void>,
): Promise<void> {
  await look("dark");
  await switchTelegramTheme(page, LIGHT_THEME, false);
  await look("light");
  await switchTelegramTheme(page, THEME, true);
}

/**
 * Looks at the screen on screen now, for a person (tests/e2e/screenshots/<name>-<look>.png) and by
 * axe's contrast rule (unless `readable: false`): on the web once, inside Telegram in each theme
 * (inEachTelegramTheme), so that one flow covers both themes instead of a whole launch each.
 */
export async function lookAt(
  page: Page,
  launch: Launch,
  name: string,
  { readable = true }: { readable?: boolean } = {},
): Promise<void> {
  const look = async (variant: string) => {
    await screenshot(page, `${name}-${variant}`);
    if (readable) await expectReadable(page, `${name}, ${variant}`);
  };
  if (launch === "web") return look("web");
  await inEachTelegramTheme(page, (theme) => look(`telegram-${theme}`));
}

/** The Telegram theme a launch starts in (null on the web). */
export const launchTheme = (launch: Launch): Record<string, string> | null =>
  launch === "web" ? null : THEME;

/** A flow that is the same on the web and inside Telegram runs on each once. */
export const LAUNCHES: readonly Launch[] = ["web", "telegram"];

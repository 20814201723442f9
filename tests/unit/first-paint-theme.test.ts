import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { FIRST_PAINT_THEME_SCRIPT, withFirstPaintTheme } from "#api/http/first-paint-theme";
import { defaultPreference, parsePreference, resolveAppearance } from "../../miniapp/src/lib/appearance";

const LIGHT_TELEGRAM = { bg_color: "#ffffff", text_color: "#000000", button_color: "#2481cc" };
const DARK_TELEGRAM = { bg_color: "#17212b", text_color: "#f5f5f5", button_color: "#5288c1" };

/** Runs the inline script on a page opened as described; what <html> ends up with. */
function firstPaint(page: {
  stored: string | null;
  launch: "web" | "address" | "reload";
  theme?: Record<string, string>;
  systemDark: boolean;
}) {
  const classes = new Set(["dark"]);
  const vars: Record<string, string> = {};
  const query = page.theme
    ? `tgWebAppPlatform=ios&tgWebAppThemeParams=${encodeURIComponent(JSON.stringify(page.theme))}`
    : "tgWebAppPlatform=ios";
  const root = {
    classList: {
      toggle: (name: string, on: boolean) => (on ? classes.add(name) : classes.delete(name)),
      add: (name: string) => classes.add(name),
    },
    style: { setProperty: (name: string, value: string) => (vars[name] = value) },
  };
  runInNewContext(FIRST_PAINT_THEME_SCRIPT, {
    document: { documentElement: root },
    location: { hash: page.launch === "address" ? `#${query}` : "", search: "" },
    performance: { getEntriesByType: () => [{ name: "https://shop.example/" }] },
    // The SDK keeps the launch parameters for a reload as a JSON string.
    sessionStorage: { getItem: () => (page.launch === "reload" ? JSON.stringify(query) : null) },
    localStorage: { getItem: () => page.stored },
    window: { matchMedia: () => ({ matches: page.systemDark }) },
  });
  return { dark: classes.has("dark"), telegramPalette: classes.has("tg-palette"), vars };
}

describe("the first paint's theme script", () => {
  it("decides as the app's resolveAppearance does, for every setting, launch and scheme", () => {
    let cases = 0;
    for (const stored of [null, "light", "dark", "system", "sepia"]) {
      for (const launch of ["web", "address", "reload"] as const) {
        for (const theme of launch === "web" ? [undefined] : [undefined, LIGHT_TELEGRAM, DARK_TELEGRAM]) {
          for (const systemDark of [true, false]) {
            const inside = launch !== "web";
            const expected = resolveAppearance({
              preference: parsePreference(stored, defaultPreference(inside)),
              telegramDark: theme ? theme === DARK_TELEGRAM : null,
              systemDark,
            });
            const painted = firstPaint({ stored, launch, theme, systemDark });
            expect(
              { dark: painted.dark, telegramPalette: painted.telegramPalette },
              JSON.stringify({ stored, launch, theme, systemDark }),
            ).toEqual(expected);
            cases += 1;
          }
        }
      }
    }
    expect(cases).toBe(70);
  });

  it("paints a light Telegram light, in Telegram's own colours, from the address or after a reload", () => {
    for (const launch of ["address", "reload"] as const) {
      const painted = firstPaint({ stored: null, launch, theme: LIGHT_TELEGRAM, systemDark: true });
      expect(painted).toEqual({
        dark: false,
        telegramPalette: true,
        vars: {
          "--tg-theme-bg-color": "#ffffff",
          "--tg-theme-text-color": "#000000",
          "--tg-theme-button-color": "#2481cc",
        },
      });
    }
  });

  it("takes no colour that is not a colour, and survives a malformed launch", () => {
    const painted = firstPaint({
      stored: null,
      launch: "address",
      theme: { bg_color: "#ffffff", text_color: "red;background:url(x)", "bad-key": "#000000" },
      systemDark: true,
    });
    expect(painted.vars).toEqual({ "--tg-theme-bg-color": "#ffffff" });
    const classes = new Set(["dark"]);
    expect(() =>
      runInNewContext(FIRST_PAINT_THEME_SCRIPT, {
        document: { documentElement: { classList: { toggle: () => classes.clear() } } },
        location: { hash: "#tgWebAppThemeParams=%7Bnot-json", search: "" },
        performance: { getEntriesByType: () => [] },
        sessionStorage: { getItem: () => null },
        localStorage: { getItem: () => null },
        window: {},
      }),
    ).not.toThrow();
    // Nothing applied: the page keeps its server-drawn default.
    expect(classes.has("dark")).toBe(true);
  });

  it("goes first in <head>, right after the charset", () => {
    const html = withFirstPaintTheme('<html><head><meta charset="UTF-8" /><title>x</title></head></html>');
    expect(
      html.startsWith(
        `<html><head><meta charset="UTF-8" /><script>${FIRST_PAINT_THEME_SCRIPT}</script><title>`,
      ),
    ).toBe(true);
  });
});

import { createHash } from "node:crypto";

/**
 * Runs in <head> before the first paint, so the server-drawn first screen already wears the
 * appearance the app applies once its scripts run (miniapp/src/state/appearance.ts): a member in a
 * light Telegram sees a light page from the start, not a dark one until the scripts arrive, and a
 * web visitor who chose Light is not shown Dark first.
 *
 * The rule is resolveAppearance's (miniapp/src/lib/appearance.ts) with Telegram's dark test (bg_color
 * luminance, as the SDK's isColorDark), in plain ES5 because it is inlined as it stands;
 * tests/unit/first-paint-theme.test.ts runs it against resolveAppearance for every combination.
 * Launch parameters come from the address, the navigation entry (the app removes them from the
 * address after start) or the SDK's copy in sessionStorage (a reload).
 */
export const FIRST_PAINT_THEME_SCRIPT = `(function () {
  try {
    var root = document.documentElement;
    var launch = location.hash + "&" + location.search;
    try {
      var entry = performance.getEntriesByType("navigation")[0];
      launch += "&" + (entry ? entry.name : "") + "&" + (sessionStorage.getItem("tapps/launchParams") || "");
    } catch (e) {}
    var inside = /tgWebApp/.test(launch) || "TelegramWebviewProxy" in window || "TelegramWebview" in window;
    var match = /tgWebAppThemeParams=([^&"#]*)/.exec(launch);
    var theme = match ? JSON.parse(decodeURIComponent(match[1])) : null;
    var stored = null;
    try { stored = localStorage.getItem("theme"); } catch (e) {}
    var preference = stored === "light" || stored === "dark" || stored === "system" ? stored : inside ? "system" : "dark";
    var telegramDark = null;
    var rgb = theme && /^#([0-9a-f]{6})$/i.exec(theme.bg_color || "");
    if (rgb) {
      var n = parseInt(rgb[1], 16), r = n >> 16, g = (n >> 8) & 255, b = n & 255;
      telegramDark = Math.sqrt(0.299 * r * r + 0.587 * g * g + 0.114 * b * b) < 120;
    }
    var systemDark = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)").matches : true;
    var dark = preference === "system" ? (telegramDark === null ? systemDark : telegramDark) : preference === "dark";
    root.classList.toggle("dark", dark);
    if (telegramDark !== null && telegramDark === dark) {
      root.classList.add("tg-palette");
      for (var key in theme) {
        if (/^[a-z_]+$/.test(key) && /^#[0-9a-f]{6}$/i.test(theme[key])) {
          root.style.setProperty("--tg-theme-" + key.replace(/_/g, "-"), theme[key]);
        }
      }
    }
  } catch (e) {}
})();`;

/** The script's CSP source: allowed by its hash, so no other inline script runs. */
export const FIRST_PAINT_THEME_CSP = `'sha256-${createHash("sha256").update(FIRST_PAINT_THEME_SCRIPT).digest("base64")}'`;

/** The page with the script first in <head>, right after the charset. */
export function withFirstPaintTheme(html: string): string {
  const script = `<script>${FIRST_PAINT_THEME_SCRIPT}</script>`;
  const charset = /<meta charset="[^"]*"\s*\/?>/i.exec(html);
  if (charset) return html.replace(charset[0], (tag) => `${tag}${script}`);
  return html.replace(/<head>/i, (tag) => `${tag}${script}`);
}

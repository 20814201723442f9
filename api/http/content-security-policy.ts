import type { secureHeaders } from "hono/secure-headers";
import type { Config } from "#api/process/config";
import { FIRST_PAINT_THEME_CSP } from "./first-paint-theme";

type Directives = NonNullable<NonNullable<Parameters<typeof secureHeaders>[0]>["contentSecurityPolicy"]>;

/**
 * The app's Content-Security-Policy. Everything comes from our own origin unless named here:
 * - scripts: our /assets, and the one inline script every page starts with (the first paint's
 *   theme), by its hash; no eval (the Mini App runs zod jitless, miniapp/src/lib/zod-jitless.ts);
 * - styles: ours, plus inline ones: the page's first-paint <style> and the <style> elements the UI
 *   kit, the toasts and Telegram's SDK add at run time;
 * - images and video: ours, the pictures chosen in a form before upload (blob:), and the bucket's
 *   public address when S3_PUBLIC_URL serves the files;
 * - frames: YouTube's privacy-enhanced player only (feed embeds); framed by Telegram Web only;
 * - forms post nowhere but here; no plugins; no <base>.
 */
export function contentSecurityPolicy(config: Pick<Config, "S3_PUBLIC_URL">): Directives {
  const media = config.S3_PUBLIC_URL ? [new URL(config.S3_PUBLIC_URL).origin] : [];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", FIRST_PAINT_THEME_CSP],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", "data:", "blob:", ...media],
    mediaSrc: ["'self'", "blob:", ...media],
    frameSrc: ["https://www.youtube-nocookie.com"],
    frameAncestors: ["'self'", "https://web.telegram.org", "https://*.telegram.org"],
    formAction: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
  };
}

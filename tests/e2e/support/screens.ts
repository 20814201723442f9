import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";

const dir = fileURLToPath(new URL("../screenshots/", import.meta.url));

/** Saves tests/e2e/screenshots/<name>.png (gitignored) for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  // Let the images on screen finish decoding so the picture shows the real screen. Only those in
  // the viewport (the picture's frame): a lazy image below the fold is never fetched, and waiting
  // for it cost 5 s a picture.
  await page
    .waitForFunction(
      () =>
        Array.from(document.images).every((image) => {
          if (image.complete) return true;
          const box = image.getBoundingClientRect();
          return box.bottom <= 0 || box.top >= window.innerHeight || box.width === 0 || box.height === 0;
        }),
      undefined,
      { timeout: 5000 },
    )
    .catch(() => {});
  await page.screenshot({ path: `${dir}${name}.png`, animations: "disabled" });
}

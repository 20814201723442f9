import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";

const dir = fileURLToPath(new URL("../screenshots/", import.meta.url));

/** Saves tests/e2e/screenshots/<name>.png (gitignored) for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  // Let images finish decoding so the picture shows the real screen.
  await page
    .waitForFunction(() => Array.from(document.images).every((image) => image.complete), undefined, {
      timeout: 5000,
    })
    .catch(() => {});
  await page.screenshot({ path: `${dir}${name}.png`, animations: "disabled" });
}

import { screenshot } from "./support/screens";
import { expect, test } from "./support/test";

// Runs against the server started with SEED_DEMO_DATA=false: no legal documents, no logo, no video.

test("with no documents the legal pages say so", async ({ page }) => {
  await page.goto("/terms-of-service");
  await expect(page.getByText("No terms of service found.")).toBeVisible();
  await expect(page.getByTestId("legal-meta")).toHaveCount(0);
  await screenshot(page, "terms-not-found");
  await page.goto("/privacy-policy");
  await expect(page.getByText("No privacy policy found.")).toBeVisible();
});

test("with neither video nor logo the hero is a placeholder", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByTestId("hero-placeholder")).toBeVisible();
  await expect(page.getByTestId("hero-image")).toHaveCount(0);
  // The default logo stands in (hero and channel block): every image on the page has loaded.
  await expect(page.getByTestId("channel-header")).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(() => [...document.images].map((image) => image.complete && image.naturalWidth > 0)),
    )
    .not.toContain(false);
  expect(await page.locator("img").count()).toBeGreaterThanOrEqual(2);
  await screenshot(page, "landing-placeholder");
});

import { signUpViaApi } from "./support/accounts";
import { screenshot } from "./support/screens";
import { expect, test } from "./support/test";

// Runs against the server started with SEED_DEMO_DATA=false: no messages.
test("a feed with no messages says so", async ({ page }) => {
  await signUpViaApi(page);
  await page.goto("/");
  await expect(page.getByText("No messages available yet")).toBeVisible();
  await screenshot(page, "feed-empty");
});

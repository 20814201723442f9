import { screenshot } from "./support/screens";
import { expect, test } from "./support/test";

// Runs against the server started with SEED_DEMO_DATA=false: nothing configured, nothing for sale.

test("an empty catalogue says No products found, with a shopper's line rather than the staff hint", async ({
  page,
}) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Products", exact: true }).click();
  const drawer = page.getByRole("dialog", { name: "Products" });
  await expect(drawer.getByText("No products found")).toBeVisible();
  await expect(drawer.getByText("New products are on their way. Check back soon.")).toBeVisible();
  await expect(drawer.getByText(/telling the assistant what you want to sell/)).toHaveCount(0);
  await expect(drawer.getByTestId("product-card")).toHaveCount(0);
  await screenshot(page, "products-empty");
});

test("with nothing configured the header shows the spec's defaults and the default logo", async ({
  page,
}) => {
  await page.goto("/");
  const header = page.getByTestId("channel-header");
  await expect(header.getByRole("heading", { name: "Private Smoke Shop" })).toBeVisible();
  await expect(header.getByText("26.2K members")).toBeVisible();
  await expect(header.getByRole("img", { name: /logo$/ })).toHaveAttribute("src", "/default-logo.svg");
  await screenshot(page, "home-defaults");
});

import { randomUUID } from "node:crypto";
import { screenshot } from "./support/screens";
import { expect, test } from "./support/test";

for (const [name, id] of [
  ["unknown id", randomUUID()],
  ["malformed id", "garbage"],
] as const) {
  test(`product not found: ${name}`, async ({ page }) => {
    await page.goto(`/product/${id}`);
    await expect(page.getByRole("heading", { name: "Product not found" })).toBeVisible();
    if (name === "unknown id") await screenshot(page, "product-not-found");
    await page.getByRole("button", { name: "Back to Home" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByTestId("channel-header")).toBeVisible();
  });
}

test("unknown paths show the 404 page", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await screenshot(page, "not-found");
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByTestId("channel-header")).toBeVisible();
});

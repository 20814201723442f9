import { signInAsAdmin } from "./support/accounts";
import { catalogue } from "./support/catalogue";
import { gate } from "./support/hold";
import { screenshot } from "./support/screens";
import { expect, test } from "./support/test";

test("home shows the channel header block", async ({ page }) => {
  await page.goto("/");
  const header = page.getByTestId("channel-header");
  await expect(header.getByRole("heading", { name: "Private Smoke Shop" })).toBeVisible();
  await expect(header.getByText("26.2K members")).toBeVisible();
  const logo = header.getByRole("img", { name: "Private Smoke Shop logo" });
  await expect(logo).toHaveJSProperty("complete", true);
  expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByRole("button", { name: "Products", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Cart", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Account" })).toBeVisible();
  await screenshot(page, "home");
});

test("the first screen comes with the page; a screen opened later shows skeletons while the channel loads", async ({
  page,
}) => {
  let calls = 0;
  const { passed: held, open: release } = gate();
  await page.route("**/api/channel", async (route) => {
    calls += 1;
    await held;
    await route.continue();
  });
  await page.goto("/");
  // Drawn by the server and started from the page's own data: no skeleton, no /api/channel call.
  await expect(page.getByTestId("channel-header")).toBeVisible();
  await expect(page.getByTestId("channel-skeleton")).toHaveCount(0);
  expect(calls).toBe(0);

  // Away and back within the app: this landing loads the channel itself.
  await page.getByRole("link", { name: "Terms of Service" }).click();
  await expect(page).toHaveURL("/terms-of-service");
  await page.getByRole("link", { name: "Back" }).click();
  await expect(page.getByTestId("channel-skeleton")).toBeVisible();
  await screenshot(page, "home-loading");
  expect(calls).toBe(1);
  release();
  await expect(page.getByTestId("channel-header")).toBeVisible();
});

test("the logo falls back to the default logo when it fails to load", async ({ page }) => {
  await page.route("**/media/channel-assets/**", (route) => route.fulfill({ status: 404, body: "" }));
  await page.goto("/");
  const logo = page.getByTestId("channel-header").getByRole("img", { name: /logo$/ });
  await expect(logo).toHaveAttribute("src", "/default-logo.svg");
  await expect(logo).toHaveJSProperty("complete", true);
  expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});

test("the products drawer shows a three-column grid of cards and opens a product", async ({
  page,
  request,
}) => {
  const products = await catalogue(request);
  await page.goto("/");
  await page.getByRole("button", { name: "Products", exact: true }).click();
  const drawer = page.getByRole("dialog", { name: "Products" });
  await expect(drawer).toBeVisible();
  const cards = drawer.getByTestId("product-card");
  await expect(cards).toHaveCount(products.length);

  // Newest first, and each card: title and price in credits.
  const first = products[0];
  if (!first) throw new Error("empty catalogue");
  await expect(cards.first()).toContainText(first.title);
  await expect(cards.first()).toContainText(`${first.creditPrice} credits`);

  // Lab Tested exactly on the products with a certificate of analysis.
  const withCoa = products.filter((p) => p.coaUrl).length;
  expect(withCoa).toBeGreaterThan(0);
  await expect(drawer.getByText("Lab Tested")).toHaveCount(withCoa);
  for (const [index, product] of products.entries()) {
    await expect(cards.nth(index).getByText("Lab Tested")).toHaveCount(product.coaUrl ? 1 : 0);
  }

  // Three columns: the first three cards share a row, the fourth starts the next one.
  const boxes = await Promise.all([0, 1, 2, 3].map((i) => cards.nth(i).boundingBox()));
  const [a, b, c, d] = boxes;
  if (!a || !b || !c || !d) throw new Error("cards not laid out");
  expect(Math.abs(a.y - b.y)).toBeLessThan(1);
  expect(Math.abs(a.y - c.y)).toBeLessThan(1);
  expect(a.x).toBeLessThan(b.x);
  expect(b.x).toBeLessThan(c.x);
  expect(d.y).toBeGreaterThan(a.y + a.height - 1);
  expect(Math.abs(d.x - a.x)).toBeLessThan(1);
  await screenshot(page, "products-drawer");

  await cards.first().click();
  await expect(page).toHaveURL(`/product/${first.id}`);
  await expect(page.getByRole("dialog", { name: "Products" })).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: first.title })).toBeVisible();
});

test("the products drawer shows a spinner while loading and Retry after a failure", async ({ page }) => {
  let fail = true;
  // The failing answer is held until the spinner has been seen, then released.
  const { passed: held, open: release } = gate();
  await page.route("**/api/products", async (route) => {
    if (fail) {
      await held;
      await route.fulfill({ status: 500, json: { error: { code: "internal", message: "boom" } } });
    } else {
      await route.continue();
    }
  });
  await page.goto("/");
  await page.getByRole("button", { name: "Products", exact: true }).click();
  const drawer = page.getByRole("dialog", { name: "Products" });
  await expect(drawer.getByRole("status", { name: "Loading products" })).toBeVisible();
  release();
  await expect(drawer.getByText("Failed to load products")).toBeVisible();
  await expect(page.getByText("Failed to load products").last()).toBeVisible();
  await screenshot(page, "products-error");
  fail = false;
  await drawer.getByRole("button", { name: "Retry" }).click();
  await expect(drawer.getByTestId("product-card").first()).toBeVisible();
});

test("to staff an empty catalogue gives the spec's hint about creating products", async ({ page }) => {
  await signInAsAdmin(page);
  // The seeded catalogue answered as empty (the empty server has no staff to sign in with).
  await page.route("**/api/products", async (route) => {
    const response = await route.fetch();
    const { "content-encoding": _encoding, "content-length": _length, ...headers } = response.headers();
    await route.fulfill({ status: 200, headers, json: { ...(await response.json()), products: [] } });
  });
  await page.goto("/");
  await page.getByRole("button", { name: "Products", exact: true }).click();
  const drawer = page.getByRole("dialog", { name: "Products" });
  await expect(drawer.getByText("No products found")).toBeVisible();
  await expect(
    drawer.getByText("Products are created by telling the assistant what you want to sell."),
  ).toBeVisible();
  await expect(drawer.getByText("New products are on their way. Check back soon.")).toHaveCount(0);
});

test("the account button goes to /auth", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Account" }).click();
  await expect(page).toHaveURL("/auth");
});

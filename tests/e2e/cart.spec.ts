import type { Page } from "@playwright/test";
import { signUpViaApi } from "./support/accounts";
import { type CatalogueProduct, catalogue, pick } from "./support/catalogue";
import { screenshot } from "./support/screens";
import { expect, test } from "./support/test";

async function addToCart(page: Page, product: CatalogueProduct, quantity: number) {
  await page.goto(`/product/${product.id}`);
  await expect(page.getByRole("heading", { level: 1, name: product.title })).toBeVisible();
  // Each tap is seen before the next, as a person sees the number change: a tap sent while the
  // page still moves (its parts arriving under load) can land beside the button.
  for (let i = 1; i < quantity; i++) {
    await page.getByRole("button", { name: "Increase quantity" }).click();
    await expect(page.getByTestId("quantity")).toHaveText(String(i + 1));
  }
  await expect(page.getByTestId("quantity")).toHaveText(String(quantity));
  await page.getByRole("button", { name: "Add to Cart" }).click();
}

const toast = (page: Page) => page.locator("[data-sonner-toast]");

test("adding to cart shows the toast, fills the cart and survives a reload", async ({ page, request }) => {
  const products = await catalogue(request);
  const flower = pick(
    products,
    (p) => p.stockQuantity >= 5 && p.strainType !== null && p.unitSize !== null,
    "flower",
  );
  const other = pick(products, (p) => p.stockQuantity >= 5 && p.id !== flower.id, "second product");

  await addToCart(page, flower, 2);
  await expect(toast(page).filter({ hasText: "Added to cart" })).toContainText(`2 x ${flower.title}`);
  await screenshot(page, "added-to-cart-toast");
  await expect(page.getByTestId("cart-count")).toHaveText("2");

  // The same product again adds to its line.
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByTestId("cart-count")).toHaveText("4");
  await addToCart(page, other, 1);
  await expect(page.getByTestId("cart-count")).toHaveText("5");

  await page.getByRole("button", { name: /^Cart/ }).click();
  const drawer = page.getByRole("dialog", { name: "Shopping Cart" });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText("5 item(s) in your cart")).toBeVisible();
  const lines = drawer.getByTestId("cart-line");
  await expect(lines).toHaveCount(2);
  const flowerLine = lines.filter({ hasText: flower.title });
  await expect(flowerLine).toContainText(`${flower.strainType} • ${flower.unitSize}`);
  await expect(flowerLine).toContainText(`${flower.creditPrice} credits`);
  await expect(flowerLine.getByTestId("cart-line-quantity")).toHaveText("4");

  const cents = (p: CatalogueProduct, qty: number) => Math.round(Number(p.creditPrice) * 100) * qty;
  const credits = (total: number) =>
    `${Math.floor(total / 100)}.${String(total % 100).padStart(2, "0")} credits`;
  const total = drawer.getByTestId("cart-total");
  await expect(total).toHaveText(credits(cents(flower, 4) + cents(other, 1)));
  await screenshot(page, "cart");

  // Change the quantity in the cart: plus, minus, and the total follows.
  await flowerLine.getByRole("button", { name: `Increase quantity of ${flower.title}` }).click();
  await expect(flowerLine.getByTestId("cart-line-quantity")).toHaveText("5");
  await expect(total).toHaveText(credits(cents(flower, 5) + cents(other, 1)));
  await flowerLine.getByRole("button", { name: `Decrease quantity of ${flower.title}` }).click();
  await flowerLine.getByRole("button", { name: `Decrease quantity of ${flower.title}` }).click();
  await expect(flowerLine.getByTestId("cart-line-quantity")).toHaveText("3");
  await expect(total).toHaveText(credits(cents(flower, 3) + cents(other, 1)));
  await expect(page.getByTestId("cart-count")).toHaveText("4");

  // Persisted under the spec's key with the spec's shape.
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("shopify-cart") ?? "null"));
  expect(Object.keys(stored).sort()).toEqual(["cartId", "checkoutUrl", "isLoading", "items"]);
  expect(stored.items[0]).toMatchObject({
    variantId: flower.id,
    handle: flower.id,
    quantity: 3,
    price: Number(flower.creditPrice),
    title: flower.title,
    image: flower.primaryImageUrl,
    selectedOptions: [
      { name: "Strain", value: flower.strainType },
      { name: "Size", value: flower.unitSize },
    ],
  });

  await page.reload();
  await expect(page.getByTestId("cart-count")).toHaveText("4");
  await page.getByRole("button", { name: /^Cart/ }).click();
  await expect(drawer.getByText("4 item(s) in your cart")).toBeVisible();
  await expect(drawer.getByTestId("cart-total")).toHaveText(credits(cents(flower, 3) + cents(other, 1)));

  // Signed out, checkout asks to sign in first (checkout.spec.ts orders as a member); the cart stays.
  await drawer.getByRole("button", { name: "Proceed to Checkout" }).click();
  await expect(page).toHaveURL("/auth");
  await expect(page.getByRole("dialog")).toHaveCount(1);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.getByRole("button", { name: /^Cart/ }).click();
  await expect(drawer.getByText("4 item(s) in your cart")).toBeVisible();

  // Minus at 1 and remove both take the line out.
  const otherLine = lines.filter({ hasText: other.title });
  await otherLine.getByRole("button", { name: `Decrease quantity of ${other.title}` }).click();
  await expect(lines).toHaveCount(1);
  await flowerLine.getByRole("button", { name: `Remove ${flower.title}` }).click();
  await expect(lines).toHaveCount(0);
  await expect(drawer.getByText("Your cart is empty")).toBeVisible();
  await expect(drawer.getByRole("button", { name: "Proceed to Checkout" })).toHaveCount(0);
  await expect(page.getByTestId("cart-count")).toHaveCount(0);
  await screenshot(page, "cart-empty");
});

test("adding more than the stock says Not enough stock available", async ({ page, request }) => {
  const product = pick(
    await catalogue(request),
    (p) => p.stockQuantity > 1 && p.stockQuantity <= 20,
    "product with a small stock",
  );
  await addToCart(page, product, product.stockQuantity);
  await expect(toast(page).filter({ hasText: "Added to cart" })).toContainText(
    `${product.stockQuantity} x ${product.title}`,
  );
  await expect(page.getByTestId("cart-count")).toHaveText(String(product.stockQuantity));
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(toast(page).filter({ hasText: "Not enough stock available" })).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveText(String(product.stockQuantity));
  await screenshot(page, "not-enough-stock");
});

test("the same toast never stacks twice, and at most three toasts are visible", async ({ page, request }) => {
  const product = pick(await catalogue(request), (p) => p.stockQuantity >= 15, "product in stock");
  await page.goto(`/product/${product.id}`);
  const add = page.getByRole("button", { name: /^Add to Cart/ });
  for (let i = 0; i < 3; i++) await add.click();
  await expect(page.getByTestId("cart-count")).toHaveText("3");
  // Three times "Added to cart: 1 x …": one toast, replaced each time.
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(1);

  // Four different toasts (2, 3, 4 and 5 at a time): only three show. The clicks are sent at once
  // in the page (each after the last one's render): from the runner, on a busy machine, the first
  // toasts had run their 4 s out before the last one came.
  const more = await page.getByRole("button", { name: "Increase quantity" }).elementHandle();
  const addButton = await add.elementHandle();
  await page.evaluate(
    async ([increase, addToCart]) => {
      const rendered = () => new Promise((resolve) => setTimeout(resolve, 0));
      for (let quantity = 2; quantity <= 5; quantity++) {
        (increase as HTMLElement).click();
        await rendered();
        (addToCart as HTMLElement).click();
        await rendered();
      }
    },
    [more, addButton],
  );
  await expect(page.getByTestId("cart-count")).toHaveText(String(3 + 2 + 3 + 4 + 5));
  await expect(page.locator("[data-sonner-toast][data-visible='true']")).toHaveCount(3);
});

test("a line's subtotal, View cart on the toast, Browse products when empty", async ({ page, request }) => {
  const product = pick(await catalogue(request), (p) => p.stockQuantity >= 3, "product in stock");
  await addToCart(page, product, 2);
  await toast(page).filter({ hasText: "Added to cart" }).getByRole("button", { name: "View cart" }).click();
  const drawer = page.getByRole("dialog", { name: "Shopping Cart" });
  await expect(drawer).toBeVisible();
  const line = drawer.getByTestId("cart-line");
  await expect(line.getByTestId("cart-line-subtotal")).toHaveText(
    `Subtotal: ${(Number(product.creditPrice) * 2).toFixed(2)} credits`,
  );
  await line.getByRole("button", { name: `Decrease quantity of ${product.title}` }).click();
  // One of a kind needs no subtotal.
  await expect(line.getByTestId("cart-line-subtotal")).toHaveCount(0);

  await line.getByRole("button", { name: `Remove ${product.title}` }).click();
  await expect(drawer.getByText("Your cart is empty")).toBeVisible();
  await screenshot(page, "cart-empty");
  await drawer.getByRole("button", { name: "Browse products" }).click();
  await expect(page.getByRole("dialog", { name: "Products" })).toBeVisible();
});

test("a toast goes when the screen it was shown on is left, and stays with the action that navigates", async ({
  page,
  request,
}) => {
  const product = pick(await catalogue(request), (p) => p.stockQuantity >= 1, "product in stock");
  await addToCart(page, product, 1);
  const added = toast(page).filter({ hasText: "Added to cart" });
  await expect(added).toBeVisible();
  // The rule is about time: a toast shown more than 300 ms before a navigation belongs to the
  // screen being left (one shown by the navigating action itself stays).
  await page.waitForTimeout(400);
  await page.getByRole("link", { name: "Back" }).click();
  await expect(page).toHaveURL("/");
  await expect(added).toHaveCount(0);
});

test("signing out empties the cart (a shared device keeps nothing of it)", async ({ page, request }) => {
  const product = pick(await catalogue(request), (p) => p.stockQuantity >= 1, "product in stock");
  await page.goto("/");
  await signUpViaApi(page);
  await addToCart(page, product, 1);
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  await page.goto("/settings/account");
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByTestId("cart-count")).toHaveCount(0);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("shopify-cart") ?? "{}"));
  expect(stored.items ?? []).toEqual([]);
});

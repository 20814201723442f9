import type { APIRequestContext, Page } from "@playwright/test";
import { signInAsAdmin, signUpViaApi, verifiedTelegramMember } from "./support/accounts";
import { expectReadable } from "./support/contrast";
import { SEEDED_ORIGIN } from "./support/env";
import { lookAt } from "./support/looks";
import { screenshot } from "./support/screens";
import { installTelegramClient, postedEvents, receiveEvent } from "./support/telegram";
import { expect, test } from "./support/test";

// The seeded server checks storefront carts out with a fake Shopify Storefront endpoint
// (playwright.config.ts). Each test sells a product of its own through it, made by the e2e admin
// and deleted (made inactive) at the end: the shop's catalogue stays as seeded.

const origin = { Origin: SEEDED_ORIGIN };

async function storefrontProduct(request: APIRequestContext, title: string): Promise<string> {
  const variant = `gid://shopify/ProductVariant/${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const res = await request.post("/api/admin/products", {
    headers: origin,
    data: {
      title,
      creditPrice: "1",
      stockQuantity: 10,
      storefront: { variantId: variant, price: { amount: "24", currencyCode: "USD" } },
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { product: { id: string } }).product.id;
}

/** The admin's own request context, apart from the shopper's page. */
async function asAdmin<T>(page: Page, work: (request: APIRequestContext) => Promise<T>): Promise<T> {
  const context = await page.context().browser()?.newContext({ baseURL: SEEDED_ORIGIN });
  if (!context) throw new Error("no browser");
  try {
    const admin = await context.newPage();
    await signInAsAdmin(admin);
    return await work(admin.request);
  } finally {
    await context.close();
  }
}

async function addStoreItem(page: Page, title: string) {
  await page.getByRole("button", { name: "Products", exact: true }).click();
  const card = page.getByTestId("product-card").filter({ hasText: title });
  await expect(card).toContainText("$24.00");
  await card.click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
}

const removeProduct = (page: Page, id: string) =>
  asAdmin(page, async (request) => {
    const res = await request.delete(`/api/admin/products/${id}`, { headers: origin });
    expect(res.status()).toBe(200);
  });

test("on the web a store item checks out on Shopify, in a new tab", async ({ page }) => {
  const title = `Store Tee ${Date.now()}`;
  const id = await asAdmin(page, (request) => storefrontProduct(request, title));
  try {
    // Shopify's checkout page, as the new tab would load it (there is no internet here).
    await page
      .context()
      .route("https://shop.example.com/**", (route) =>
        route.fulfill({ contentType: "text/html", body: "<h1>Shopify checkout</h1>" }),
      );
    await page.goto("/");
    await signUpViaApi(page);
    await page.goto("/");
    await addStoreItem(page, title);
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await page.getByRole("button", { name: /^Cart/ }).click();
    const cart = page.getByRole("dialog", { name: "Shopping Cart" });
    const checkout = cart.getByRole("button", { name: "Checkout with Shopify" });
    await expect(checkout).toBeVisible();
    await screenshot(page, "storefront-cart-web");
    await expectReadable(page, "storefront-cart-web");
    const [tab] = await Promise.all([page.waitForEvent("popup"), checkout.click()]);
    await tab.waitForLoadState();
    const url = new URL(tab.url());
    expect(url.host).toBe("shop.example.com");
    expect(url.searchParams.get("channel")).toBe("online_store");
    await expect(tab.getByRole("heading", { name: "Shopify checkout" })).toBeVisible();
  } finally {
    await removeProduct(page, id);
  }
});

test("inside Telegram the Shopify checkout opens with openLink", async ({ page, request }) => {
  const title = `Store Cap Telegram ${Date.now()}`;
  const id = await asAdmin(page, (admin) => storefrontProduct(admin, title));
  try {
    // A member who has passed the age gate (through the API), launching the app from Telegram.
    const { hash } = await verifiedTelegramMember(request, "Shopper");
    await installTelegramClient(page);
    await page.goto(`/${hash}`);
    await expect(page.getByTestId("channel-header")).toBeVisible();
    await addStoreItem(page, title);
    // Inside Telegram the product page's action is the MainButton.
    await receiveEvent(page, "main_button_pressed");
    await expect(page.getByTestId("cart-count")).toHaveText("1");
    await page.getByRole("button", { name: /^Cart/ }).click();
    const cart = page.getByRole("dialog", { name: "Shopping Cart" });
    await expect(cart.getByRole("button", { name: "Checkout with Shopify" })).toBeVisible();
    await lookAt(page, "telegram", "storefront-cart");
    await cart.getByRole("button", { name: "Checkout with Shopify" }).click();
    const opened = async () =>
      (
        (await postedEvents(page)).filter((e) => e.type === "web_app_open_link").at(-1)?.data as
          | { url?: string }
          | undefined
      )?.url ?? "";
    await expect.poll(opened).toContain("channel=online_store");
    expect(new URL(await opened()).host).toBe("shop.example.com");
  } finally {
    await removeProduct(page, id);
  }
});

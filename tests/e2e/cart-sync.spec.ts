import type { APIRequestContext, Page } from "@playwright/test";
import { PASSWORD, uniqueEmail, verifiedTelegramMember } from "./support/accounts";
import { type CatalogueProduct, catalogue, pick } from "./support/catalogue";
import { SEEDED_ORIGIN } from "./support/env";
import { installTelegramClient, postedEvents, receiveEvent } from "./support/telegram";
import { expect, test } from "./support/test";

// Decision 106: a signed-in member's cart is kept on the server too, so it follows them between
// Telegram and the web and across reloads; the device's cart stays first.

/** Add to Cart on the product's page: Telegram's MainButton inside Telegram, the page's button on the web. */
async function addFromProductPage(page: Page, product: CatalogueProduct, inTelegram = true) {
  await page.goto(`/product/${product.id}`);
  await expect(page.getByRole("heading", { level: 1, name: product.title })).toBeVisible();
  if (inTelegram) {
    // Pressed once the product page has made it its Add to Cart.
    await expect
      .poll(async () => {
        const setups = (await postedEvents(page)).filter((e) => e.type === "web_app_setup_main_button");
        return (setups.at(-1)?.data as { text?: string; is_visible?: boolean } | undefined) ?? {};
      })
      .toMatchObject({ is_visible: true, text: expect.stringMatching(/^Add to Cart/) });
    await receiveEvent(page, "main_button_pressed");
  } else await page.getByRole("button", { name: /^Add to Cart/ }).click();
}

/** The member's kept cart as the server answers it: product id -> quantity. */
async function keptLines(request: APIRequestContext, auth: Record<string, string>) {
  const res = await request.get("/api/me/cart", { headers: auth });
  expect(res.status()).toBe(200);
  const { items } = (await res.json()) as { items: { productId: string; quantity: number }[] };
  return Object.fromEntries(items.map((line) => [line.productId, line.quantity]));
}

test("the cart follows a member from a Telegram launch to the web, and back", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(90_000);
  const products = await catalogue(request);
  const first = pick(products, (p) => p.stockQuantity >= 5, "product in stock");
  const second = pick(products, (p) => p.stockQuantity >= 5 && p.id !== first.id, "another");
  const { hash, auth } = await verifiedTelegramMember(request, "Carty");

  await installTelegramClient(page);
  await page.goto(`/${hash}`);
  await expect(page.getByTestId("member-home")).toBeVisible();
  await addFromProductPage(page, first);
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  await expect.poll(() => keptLines(request, auth)).toEqual({ [first.id]: 1 });

  // The member gives the account an email and a password, then signs in on the web.
  const email = uniqueEmail("carty");
  const password = await request.post("/api/me/password", {
    data: { newPassword: PASSWORD, confirmPassword: PASSWORD, email },
    headers: { ...auth, Origin: SEEDED_ORIGIN },
  });
  expect(password.status(), await password.text()).toBe(200);
  const web = await browser.newContext({ baseURL: SEEDED_ORIGIN });
  const webPage = await web.newPage();
  const login = await webPage.request.post("/api/auth/login", {
    data: { email, password: PASSWORD },
    headers: { Origin: SEEDED_ORIGIN },
  });
  expect(login.status(), await login.text()).toBe(200);
  await webPage.goto("/");
  await expect(webPage.getByTestId("cart-count")).toHaveText("1");
  await webPage.getByRole("button", { name: /^Cart/ }).click();
  const drawer = webPage.getByRole("dialog", { name: "Shopping Cart" });
  await expect(drawer.getByTestId("cart-line").filter({ hasText: first.title })).toBeVisible();
  await webPage.keyboard.press("Escape");

  // On the web the member adds another product: back in Telegram, a reload shows both.
  await addFromProductPage(webPage, second, false);
  await expect(webPage.getByTestId("cart-count")).toHaveText("2");
  await expect.poll(() => keptLines(request, auth)).toEqual({ [first.id]: 1, [second.id]: 1 });
  await web.close();

  await page.reload();
  await expect(page.getByTestId("cart-count")).toHaveText("2");
  // Still signed in after the reload (the sync never touches the sign-in).
  await page.goto("/settings/appearance");
  await expect(page.getByRole("heading", { level: 1, name: "Appearance" })).toBeVisible();
});

test("inside Telegram: a product added just before a reload is kept, here and on the server", async ({
  page,
  request,
}) => {
  const product = pick(await catalogue(request), (p) => p.stockQuantity >= 5, "in stock");
  const { hash, auth } = await verifiedTelegramMember(request, "Quick");
  await installTelegramClient(page);
  await page.goto(`/${hash}`);
  await expect(page.getByTestId("member-home")).toBeVisible();
  await addFromProductPage(page, product);
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  // At once, before the change's debounce has run out.
  await page.reload();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  await expect.poll(() => keptLines(request, auth)).toEqual({ [product.id]: 1 });
  await page.reload();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  await page.goto("/settings/appearance");
  await expect(page.getByRole("heading", { level: 1, name: "Appearance" })).toBeVisible();
});

test("a cart reminder's button opens the cart: /cart is the shop with its drawer", async ({
  page,
  request,
}) => {
  const product = pick(await catalogue(request), (p) => p.stockQuantity >= 5, "in stock");
  const { hash } = await verifiedTelegramMember(request, "Reminded");
  await installTelegramClient(page);
  await page.goto(`/${hash}`);
  await expect(page.getByTestId("member-home")).toBeVisible();
  await addFromProductPage(page, product);
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  await page.goto("/cart");
  await expect(page).toHaveURL("/");
  const drawer = page.getByRole("dialog", { name: "Shopping Cart" });
  await expect(drawer.getByTestId("cart-line").filter({ hasText: product.title })).toBeVisible();
});

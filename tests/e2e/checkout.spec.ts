import type { APIRequestContext, Page } from "@playwright/test";
import { openAdminScreen, signUpViaApi, toast, verifiedTelegramMember } from "./support/accounts";
import { type CatalogueProduct, catalogue, pick, premiumTierId } from "./support/catalogue";
import { expectReadable } from "./support/contrast";
import { SEEDED_ORIGIN } from "./support/env";
import { type Launch, launchTheme, lookAt } from "./support/looks";
import { screenshot } from "./support/screens";
import { installTelegramClient, postedEvents, receiveEvent } from "./support/telegram";
import { expect, test } from "./support/test";

// Each test orders with a member of its own on Premium ($50 this month), then an admin cancels the
// order, which gives the stock back: the seeded catalogue stays as it was.

const origin = { Origin: SEEDED_ORIGIN };

const affordable = async (request: APIRequestContext): Promise<CatalogueProduct> =>
  pick(
    await catalogue(request),
    (p) => p.stockQuantity >= 3 && Number(p.creditPrice) <= 20,
    "product under 20",
  );

async function addToCart(page: Page, product: CatalogueProduct, viaMainButton = false) {
  await page.getByRole("button", { name: "Products", exact: true }).click();
  await page.getByTestId("product-card").filter({ hasText: product.title }).click();
  await expect(page.getByRole("heading", { level: 1, name: product.title })).toBeVisible();
  if (viaMainButton) await receiveEvent(page, "main_button_pressed");
  else await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
}

async function openCheckout(page: Page) {
  await page.getByRole("button", { name: /^Cart/ }).click();
  await page
    .getByRole("dialog", { name: "Shopping Cart" })
    .getByRole("button", { name: "Proceed to Checkout" })
    .click();
  const sheet = page.getByRole("dialog", { name: "Checkout" });
  await expect(sheet.getByTestId("checkout-budget")).toBeVisible();
  return sheet;
}

async function fillDelivery(page: Page) {
  const sheet = page.getByRole("dialog", { name: "Checkout" });
  await sheet.getByLabel("Recipient's name").fill("Ada Buyer");
  await sheet.getByLabel("Address").fill("1 Main St, Austin");
  await sheet.getByLabel("State").selectOption({ label: "Texas" });
}

/**
 * Staff cancel the order under Administration › Orders (stock and spending go back), from a
 * context of their own: the e2e admin on the web, a Telegram admin inside Telegram.
 */
async function cancelOrder(page: Page, number: string, launch: Launch) {
  const context = await page
    .context()
    .browser()
    ?.newContext({ baseURL: SEEDED_ORIGIN, viewport: page.viewportSize() });
  if (!context) throw new Error("no browser");
  // No page load before: inside Telegram the first load must carry the launch parameters.
  const staff = await context.newPage();
  // A request context of its own: the test's `request` holds the buyer's Telegram session cookie.
  await openAdminScreen(staff, staff.request, {
    theme: launchTheme(launch),
    firstName: "Otto",
    screen: "Orders",
    path: "/admin/orders",
  });
  await expect(staff).toHaveURL("/admin/orders");
  await staff.getByRole("tab", { name: "Placed" }).click();
  const row = staff.getByTestId("admin-order").filter({ hasText: number });
  await expect(row).toContainText("Placed");
  await lookAt(staff, launch, "admin-orders");
  await row.click();
  const sheet = staff.getByRole("dialog", { name: `Order ${number}` });
  await expect(sheet).toContainText("Ada Buyer");
  await expect(sheet).toContainText("Texas");
  await sheet.getByRole("button", { name: "Cancel order…" }).click();
  await expect(sheet.getByText("Cancel this order? Its stock and credits go back.")).toBeVisible();
  await lookAt(staff, launch, "admin-orders-cancel", { readable: false });
  await sheet.getByRole("button", { name: "Cancel order", exact: true }).click();
  await expect(toast(staff, `Order ${number} cancelled`)).toBeVisible();
  await staff.getByRole("tab", { name: "Cancelled" }).click();
  await expect(staff.getByTestId("admin-order").filter({ hasText: number })).toContainText("Cancelled");
  await context.close();
}

test("on the web: the cart's credit checkout places an order and shows its number", { tag: "@live" }, async ({
  page,
  request,
}) => {
  // A long flow (sign-up, checkout, two contrast checks, a staff cancel seen live): its trace on a
  // cold server had no step waiting, only the sum past 30 s.
  test.setTimeout(60_000);
  const product = await affordable(request);
  await page.goto("/");
  await signUpViaApi(page, { fullName: "Checkout Member" });
  const plan = await page.request.put("/api/me/plan", {
    data: { tierId: await premiumTierId(request) },
    headers: origin,
  });
  expect(plan.status()).toBe(200);
  await page.goto("/");
  await addToCart(page, product);

  const sheet = await openCheckout(page);
  const price = Number(product.creditPrice);
  await expect(sheet.getByTestId("checkout-total")).toHaveText(`${price.toFixed(2)} credits`);
  await expect(sheet.getByTestId("checkout-budget")).toContainText("$50.00");
  await expect(sheet.getByTestId("checkout-budget")).toContainText(`$${(50 - price).toFixed(2)}`);
  await expect(sheet.getByLabel("Recipient's name")).toHaveValue("Checkout Member");

  // The form says what is missing before anything is sent.
  await sheet.getByLabel("Recipient's name").fill("");
  await sheet.getByRole("button", { name: /^Place order/ }).click();
  await expect(sheet.getByText("Please enter the recipient's name")).toBeVisible();
  await expect(sheet.getByText("Please choose a US state")).toBeVisible();
  await fillDelivery(page);
  // Each message goes once its field is filled; the Added to cart toast went when the sheet opened.
  await expect(sheet.getByText("Please enter the recipient's name")).toHaveCount(0);
  await expect(sheet.getByText("Please choose a US state")).toHaveCount(0);
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
  await screenshot(page, "checkout-web");
  await expectReadable(page, "checkout-web");

  await sheet.getByRole("button", { name: /^Place order/ }).click();
  const done = page.getByTestId("order-confirmation");
  await expect(done).toBeVisible();
  const number = (await done.getByText(/^Order #\d+$/).textContent())?.replace("Order ", "") ?? "";
  expect(number).toMatch(/^#\d+$/);
  await screenshot(page, "checkout-web-placed");
  await expect(page.getByTestId("cart-count")).toHaveCount(0);

  await done.getByRole("button", { name: "View purchases" }).click();
  await expect(page).toHaveURL("/settings/purchases");
  const row = page.getByTestId("order").filter({ hasText: number });
  await expect(row).toContainText("Placed");
  await row.click();
  const detail = page.getByRole("dialog", { name: `Order ${number}` });
  await expect(detail).toContainText(product.title);
  await expect(detail).toContainText("Ada Buyer");
  await expect(detail).toContainText("Texas");
  await screenshot(page, "purchases-order-web");
  await expectReadable(page, "purchases-order-web");
  await cancelOrder(page, number, "web");
  // Staff's change reaches the member's open page live: the sheet and the list, with no reload.
  await expect(detail).toContainText("Cancelled");
  await page.keyboard.press("Escape");
  await expect(row).toContainText("Cancelled");
});

test("inside Telegram: Place order is the MainButton, and closing asks first", async ({ page, request }) => {
  // A buyer and then a Telegram admin, each launching the app: more than the default 30 s on CI.
  test.setTimeout(90_000);
  const product = await affordable(request);
  // The member signs in once through the API to pass the age gate and take Premium.
  const { hash, auth } = await verifiedTelegramMember(request, "Buyer");
  await request.put("/api/me/plan", { data: { tierId: await premiumTierId(request) }, headers: auth });

  await installTelegramClient(page);
  await page.goto(`/${hash}`);
  await expect(page.getByTestId("channel-header")).toBeVisible();
  await addToCart(page, product, true);
  const sheet = await openCheckout(page);
  await fillDelivery(page);
  const mainButton = async () =>
    (await postedEvents(page)).filter((e) => e.type === "web_app_setup_main_button").at(-1)?.data;
  await expect.poll(mainButton).toMatchObject({
    is_visible: true,
    is_active: true,
    text: `Place order · ${Number(product.creditPrice).toFixed(2)} credits`,
  });
  // The MainButton is the sheet's action: the sheet does not repeat it.
  await expect(sheet.getByRole("button", { name: /^Place order/ })).toHaveCount(0);
  const closing = async () =>
    (await postedEvents(page)).filter((e) => e.type === "web_app_setup_closing_behavior").at(-1)?.data;
  await expect.poll(closing).toEqual({ need_confirmation: true });
  await lookAt(page, "telegram", "checkout");

  await receiveEvent(page, "main_button_pressed");
  const done = page.getByTestId("order-confirmation");
  await expect(done).toBeVisible();
  await expect.poll(closing).toEqual({ need_confirmation: false });
  await expect
    .poll(async () => (await mainButton()) as { is_visible?: boolean })
    .toMatchObject({ is_visible: false });
  // The press placed the order and nothing else: the product page under the sheet did not also
  // take it as Add to Cart.
  await expect(page.getByTestId("cart-count")).toHaveCount(0);
  // The launch did not allow the bot to write: after the order Telegram asks once, and the yes is
  // kept (decision 106).
  await expect
    .poll(
      async () => (await postedEvents(page)).filter((e) => e.type === "web_app_request_write_access").length,
    )
    .toBe(1);
  await expect
    .poll(
      async () =>
        ((await (await request.get("/api/me", { headers: auth })).json()) as { botWritable: boolean })
          .botWritable,
    )
    .toBe(true);
  await lookAt(page, "telegram", "checkout-placed", { readable: false });
  const number = (await done.getByText(/^Order #\d+$/).textContent())?.replace("Order ", "") ?? "";
  await done.getByRole("button", { name: "View purchases" }).click();
  await page.getByTestId("order").filter({ hasText: number }).click();
  const detail = page.getByRole("dialog", { name: `Order ${number}` });
  await expect(detail).toContainText(product.title);
  await lookAt(page, "telegram", "purchases-order");
  await cancelOrder(page, number, "telegram");
  await expect(detail).toContainText("Cancelled");
});

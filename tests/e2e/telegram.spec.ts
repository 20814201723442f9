import { telegramAdmin, verifiedTelegramMember } from "./support/accounts";
import { catalogue, pick } from "./support/catalogue";
import { holdRequests } from "./support/hold";
import { screenshot } from "./support/screens";
import {
  installTelegramClient,
  launchHash,
  postedEvents,
  receiveEvent,
  SAFE_AREA,
  THEME,
} from "./support/telegram";
import { expect, test } from "./support/test";

test.beforeEach(async ({ page }) => {
  await installTelegramClient(page);
});

const eventsOfType = async (page: import("@playwright/test").Page, type: string) =>
  (await postedEvents(page)).filter((event) => event.type === type);

test("inside Telegram: theme, ready, expand and safe areas", async ({ page }) => {
  await page.goto(`/${launchHash()}`);
  await expect(page.getByTestId("channel-header")).toBeVisible();

  const rootVar = (name: string) =>
    page.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);
  await expect.poll(() => rootVar("--tg-theme-bg-color")).toBe(THEME.bg_color);
  await expect
    .poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor))
    .toBe("rgb(17, 34, 51)");
  await expect
    .poll(() => page.evaluate(() => getComputedStyle(document.body).color))
    .toBe("rgb(245, 247, 250)");

  const types = (await postedEvents(page)).map((event) => event.type);
  expect(types).toContain("web_app_ready");
  expect(types).toContain("web_app_expand");

  // The safe areas Telegram reports push the fixed header down.
  await expect.poll(() => rootVar("--tg-safe-area-inset-top")).toBe(`${SAFE_AREA.top}px`);
  await expect
    .poll(() => page.locator(".app-header").evaluate((el) => getComputedStyle(el).paddingTop))
    .toBe(`${SAFE_AREA.top}px`);
  await screenshot(page, "telegram-home");
});

test("inside Telegram: scrolled content does not show through the band above the header", async ({
  page,
  request,
}) => {
  const { hash } = await verifiedTelegramMember(request, "Band");
  await page.goto(`/${hash}`);
  await expect(page.getByTestId("feed").getByTestId("message").first()).toBeVisible();
  await page.evaluate(() => window.scrollBy(0, 600));
  const band = { x: 0, y: 0, width: 390, height: SAFE_AREA.top };
  const withContent = await page.screenshot({ clip: band, animations: "disabled" });
  await page.addStyleTag({ content: ".app-main { visibility: hidden !important; }" });
  const withoutContent = await page.screenshot({ clip: band, animations: "disabled" });
  expect(withContent.equals(withoutContent)).toBe(true);
});

test("inside Telegram: BackButton on inner pages, MainButton adds to cart", async ({ page, request }) => {
  const product = pick(await catalogue(request), (p) => p.stockQuantity > 0, "product in stock");
  await page.goto(`/${launchHash()}`);
  await expect(page.getByTestId("channel-header")).toBeVisible();
  await expect
    .poll(async () => (await eventsOfType(page, "web_app_setup_back_button")).at(-1)?.data ?? null)
    .not.toEqual({
      is_visible: true,
    });

  await page.getByRole("button", { name: "Products", exact: true }).click();
  await page.getByTestId("product-card").filter({ hasText: product.title }).click();
  await expect(page).toHaveURL(`/product/${product.id}`);
  await expect(page.getByRole("heading", { level: 1, name: product.title })).toBeVisible();

  await expect
    .poll(async () => (await eventsOfType(page, "web_app_setup_back_button")).at(-1)?.data)
    .toEqual({ is_visible: true });
  await expect
    .poll(async () => (await eventsOfType(page, "web_app_setup_main_button")).at(-1)?.data)
    .toMatchObject({
      is_visible: true,
      is_active: true,
      text: `Add to Cart · ${Number(product.creditPrice).toFixed(2)} credits`,
    });
  // The MainButton is the page's Add to Cart: the page does not repeat it.
  await expect(page.getByRole("button", { name: "Add to Cart" })).toHaveCount(0);
  await screenshot(page, "telegram-product");

  await receiveEvent(page, "main_button_pressed");
  const added = page.locator("[data-sonner-toast]").filter({ hasText: "Added to cart" });
  await expect(added).toContainText(`1 x ${product.title}`);
  // The toast sits at the bottom, clear of the header (title, back arrow) and of the home indicator.
  // (Measured once its slide-in has settled.)
  const header = await page.locator("header.app-header").boundingBox();
  const viewport = page.viewportSize();
  if (!header || !viewport) throw new Error("no layout");
  await expect
    .poll(async () => {
      const box = await added.boundingBox();
      return box !== null && box.y + box.height <= viewport.height - SAFE_AREA.bottom;
    })
    .toBe(true);
  const box = await added.boundingBox();
  expect(box?.y ?? 0).toBeGreaterThan(header.y + header.height + 100);
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  const haptics = await eventsOfType(page, "web_app_trigger_haptic_feedback");
  expect(haptics.at(-1)?.data).toMatchObject({ type: "impact", impact_style: "medium" });

  await receiveEvent(page, "back_button_pressed");
  await expect(page).toHaveURL("/");
  await expect(page.getByTestId("channel-header")).toBeVisible();
  await expect
    .poll(async () => (await eventsOfType(page, "web_app_setup_back_button")).at(-1)?.data)
    .toEqual({ is_visible: false });
  await expect
    .poll(async () => (await eventsOfType(page, "web_app_setup_main_button")).at(-1)?.data)
    .toMatchObject({ is_visible: false });
});

test("inside Telegram: the MainButton is disabled for an out-of-stock product", async ({ page, request }) => {
  const product = pick(await catalogue(request), (p) => p.stockQuantity === 0, "out-of-stock product");
  await page.goto(`/${launchHash(`product_${product.id}`)}`);
  await expect(page.getByTestId("stock")).toHaveText("Out of stock");
  await expect
    .poll(async () => (await eventsOfType(page, "web_app_setup_main_button")).at(-1)?.data)
    .toMatchObject({ is_visible: true, is_active: false, text: expect.stringMatching(/^Add to Cart · /) });
});

test("inside Telegram: startapp product_<id> opens that product, Back leads home", async ({
  page,
  request,
}) => {
  const product = pick(await catalogue(request), (p) => p.coaUrl !== null, "lab-tested product");
  await page.goto(`/${launchHash(`product_${product.id}`)}`);
  await expect(page).toHaveURL(`/product/${product.id}`);
  await expect(page.getByRole("heading", { level: 1, name: product.title })).toBeVisible();
  await expect
    .poll(async () => (await eventsOfType(page, "web_app_setup_back_button")).at(-1)?.data)
    .toEqual({ is_visible: true });
  await screenshot(page, "telegram-start-param");

  // The certificate opens through Telegram's openLink (an absolute address), not a tab of the app's.
  const tabs = page.context().pages().length;
  await page.getByRole("link", { name: "View Certificate of Analysis" }).click();
  await expect
    .poll(async () => (await eventsOfType(page, "web_app_open_link")).at(-1)?.data)
    .toMatchObject({ url: new URL(product.coaUrl ?? "", page.url()).href });
  expect(page.context().pages()).toHaveLength(tabs);
  await expect(page).toHaveURL(`/product/${product.id}`);

  await receiveEvent(page, "back_button_pressed");
  await expect(page).toHaveURL("/");
  await expect(page.getByTestId("channel-header")).toBeVisible();

  // A reload inside Telegram keeps the SDK (launch parameters are kept for the tab).
  await page.reload();
  await expect(page.getByTestId("channel-header")).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor))
    .toBe("rgb(17, 34, 51)");
});

test("inside Telegram: Back closes an open drawer first", async ({ page }) => {
  await page.goto(`/${launchHash()}`);
  await page.getByRole("button", { name: "Products", exact: true }).click();
  await expect(page.getByRole("dialog", { name: "Products" })).toBeVisible();
  await expect
    .poll(async () => (await eventsOfType(page, "web_app_setup_back_button")).at(-1)?.data)
    .toEqual({ is_visible: true });
  await receiveEvent(page, "back_button_pressed");
  await expect(page.getByRole("dialog", { name: "Products" })).toBeHidden();
  await expect(page).toHaveURL("/");
});

test("outside Telegram nothing is posted to a Telegram client", async ({ page }) => {
  // The proxy exists (installed by beforeEach) but there are no launch parameters.
  await page.goto("/");
  await expect(page.getByTestId("channel-header")).toBeVisible();
  await page.getByRole("button", { name: "Products", exact: true }).click();
  await page.getByTestId("product-card").first().click();
  await expect(page.getByRole("button", { name: "Add to Cart" })).toBeVisible();
  expect(await postedEvents(page)).toEqual([]);
});

test("inside Telegram: Account tapped while the launch is still signing in opens Settings, not the sign-in page", async ({
  page,
  request,
}) => {
  const hash = await telegramAdmin(page, request, "Quinn", THEME);
  const release = await holdRequests(page, "**/api/auth/telegram");
  await page.goto(`/${hash}`);
  await expect(page.getByRole("button", { name: "Manage Your Plan" })).toBeDisabled();
  await page.getByRole("button", { name: "Account" }).click();
  await expect(page).toHaveURL("/settings");
  await expect(page.getByRole("status", { name: "Loading account" })).toBeVisible();
  release();
  await expect(page.getByRole("link", { name: "Administration" })).toBeVisible();
  await expect(page).toHaveURL("/settings");
  await expect(page.getByRole("button", { name: "Manage Your Plan" })).toBeEnabled();
});

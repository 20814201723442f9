import type { Page } from "@playwright/test";
import { toast, verifiedTelegramMember } from "./support/accounts";
import { type CatalogueProduct, catalogue, pick } from "./support/catalogue";
import { lookAt } from "./support/looks";
import { screenshot } from "./support/screens";
import {
  installTelegramClient,
  postedEvents,
  setHomeScreenStatus,
  setShareOutcome,
  THEME,
} from "./support/telegram";
import { expect, test } from "./support/test";

// Share into any chat and Add to Home Screen (decision 110). Inside Telegram, Share asks the API to
// prepare the bot's card and hands its id to Telegram's chat picker (shareMessage); the seeded
// servers run without a bot, so the prepare route is answered here as a running bot would, and the
// real server's 503 shows the fallback (Telegram's share link). On the web: the Web Share sheet, else
// the link copied. The home screen offer comes once, from a member's second launch.

const PREPARED_ID = "prepared-e2e-42";

async function aProduct(page: Page): Promise<CatalogueProduct> {
  return pick(await catalogue(page.request), (p) => p.primaryImageUrl !== null, "product with a picture");
}

const events = async (page: Page, type: string) =>
  (await postedEvents(page)).filter((event) => event.type === type).map((event) => event.data);

test("telegram: Share on a product sends the bot's prepared card through shareMessage", async ({
  page,
  request,
}) => {
  const product = await aProduct(page);
  const member = await verifiedTelegramMember(request, "Sharer", {
    theme: THEME,
    startParam: `product_${product.id}`,
  });
  const prepared: string[] = [];
  await page.route("**/api/share/products/*", async (route) => {
    prepared.push(`${route.request().method()} ${new URL(route.request().url()).pathname}`);
    await route.fulfill({ json: { preparedMessageId: PREPARED_ID } });
  });
  await installTelegramClient(page, THEME);
  await page.goto(`/${member.hash}`);
  await expect(page.getByRole("heading", { name: product.title })).toBeVisible();
  const share = page.getByRole("button", { name: "Share" });
  await lookAt(page, "telegram", "share-product");

  await share.click();
  await expect.poll(() => events(page, "web_app_send_prepared_message")).toEqual([{ id: PREPARED_ID }]);
  expect(prepared).toEqual([`POST /api/share/products/${product.id}`]);
  // Sent: nothing else happens, no link opened, no toast.
  await expect(share).toBeEnabled();
  expect(await events(page, "web_app_open_tg_link")).toEqual([]);

  // Closed without sending: the same, quietly.
  await setShareOutcome(page, "cancelled");
  await share.click();
  await expect.poll(async () => (await events(page, "web_app_send_prepared_message")).length).toBe(2);
  await expect(share).toBeEnabled();
  expect(await events(page, "web_app_open_tg_link")).toEqual([]);

  // The real server, whose bot is off (503): Telegram's own share link with the product's page.
  await page.unroute("**/api/share/products/*");
  await share.click();
  await expect
    .poll(async () => ((await events(page, "web_app_open_tg_link"))[0] as { path_full?: string })?.path_full)
    .toContain(`/share/url?url=${encodeURIComponent(`${new URL(page.url()).origin}/product/${product.id}`)}`);
  expect(await events(page, "web_app_send_prepared_message")).toHaveLength(2);
});

test.describe("web", () => {
  test.use({ permissions: ["clipboard-read", "clipboard-write"] });

  test("Share on a product opens the Web Share sheet with the product's link", async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { __shared: ShareData[] };
      w.__shared = [];
      Object.defineProperty(navigator, "share", {
        configurable: true,
        value: async (data: ShareData) => {
          w.__shared.push(data);
        },
      });
    });
    const product = await aProduct(page);
    await page.goto(`/product/${product.id}`);
    await expect(page.getByRole("heading", { name: product.title })).toBeVisible();
    await page.getByRole("button", { name: "Share" }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __shared: ShareData[] }).__shared))
      .toEqual([{ title: product.title, url: `${new URL(page.url()).origin}/product/${product.id}` }]);
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
  });

  test("without Web Share, Share copies the product's link and says so", async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, "share", { configurable: true, value: undefined });
    });
    const product = await aProduct(page);
    await page.goto(`/product/${product.id}`);
    await expect(page.getByRole("heading", { name: product.title })).toBeVisible();
    await page.getByRole("button", { name: "Share" }).click();
    await expect(toast(page, "Link copied")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${new URL(page.url()).origin}/product/${product.id}`,
    );
    await lookAt(page, "web", "share-link-copied");
  });
});

/** A launch of the member's Mini App in a new tab of the same device (localStorage kept, a new session). */
async function launch(
  page: Page,
  hash: string,
  status: "missed" | "added" | "unsupported" = "missed",
  ready = page.getByTestId("channel-header"),
) {
  await setHomeScreenStatus(page, status);
  await installTelegramClient(page, THEME);
  await page.goto(`/${hash}`);
  await expect(ready).toBeVisible();
}

const offer = (page: Page, title = "Add the shop to your home screen") =>
  page.getByRole("complementary", { name: title });

test("telegram: Add to Home Screen is offered once, on the second visit", async ({ context, request }) => {
  const member = await verifiedTelegramMember(request, "Homer", { theme: THEME });
  const first = await context.newPage();
  await launch(first, member.hash);
  // A reload is the same visit.
  await first.reload();
  await expect(first.getByTestId("channel-header")).toBeVisible();
  await first.waitForTimeout(500);
  await expect(offer(first)).toHaveCount(0);
  expect(await events(first, "web_app_check_home_screen")).toEqual([]);
  await first.close();

  const second = await context.newPage();
  await launch(second, member.hash);
  await expect(offer(second)).toBeVisible();
  await lookAt(second, "telegram", "share-home-screen-offer");
  await offer(second).getByRole("button", { name: "Add" }).click();
  await expect.poll(() => events(second, "web_app_add_to_home_screen")).toHaveLength(1);
  await expect(offer(second)).toHaveCount(0);
  await second.close();

  const third = await context.newPage();
  await launch(third, member.hash);
  await third.waitForTimeout(500);
  await expect(offer(third)).toHaveCount(0);
  expect(await events(third, "web_app_check_home_screen")).toEqual([]);
});

test("telegram: dismissing the offer ends it; an app already added is never offered", async ({
  browser,
  request,
}) => {
  const member = await verifiedTelegramMember(request, "Dee", { theme: THEME });
  const device = await browser.newContext();
  for (let visit = 1; visit <= 2; visit++) await launch(await device.newPage(), member.hash);
  const pages = device.pages();
  const second = pages[1] as Page;
  await offer(second).getByRole("button", { name: "Not now" }).click();
  await expect(offer(second)).toHaveCount(0);
  const third = await device.newPage();
  await launch(third, member.hash);
  await third.waitForTimeout(500);
  await expect(offer(third)).toHaveCount(0);
  await device.close();

  const added = await browser.newContext();
  for (let visit = 1; visit <= 3; visit++) {
    const page = await added.newPage();
    await launch(page, member.hash, "added");
    await page.waitForTimeout(300);
    await expect(offer(page)).toHaveCount(0);
  }
  await added.close();
});

test("telegram in Arabic: Share on a product and the offer, right to left", async ({ context, request }) => {
  const product = await aProduct(await context.newPage());
  const member = await verifiedTelegramMember(request, "Amal", {
    theme: THEME,
    language: "ar",
    startParam: `product_${product.id}`,
  });
  const first = await context.newPage();
  await launch(first, member.hash, "missed", first.getByRole("heading", { name: product.title }));
  const page = await context.newPage();
  await launch(page, member.hash, "missed", page.getByRole("heading", { name: product.title }));
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("button", { name: "مشاركة" })).toBeVisible();
  await expect(offer(page, "أضف المتجر إلى الشاشة الرئيسية")).toBeVisible();
  await screenshot(page, "share-product-ar-telegram-dark");
});

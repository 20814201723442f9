import type { APIRequestContext, Page } from "@playwright/test";
import { type CatalogueProduct, catalogue, pick, premiumTierId } from "./support/catalogue";
import { inEachTelegramTheme } from "./support/looks";
import { screenshot } from "./support/screens";
import { installTelegramClient, launchHash, newTelegramUser, receiveEvent, THEME } from "./support/telegram";
import { expect, test } from "./support/test";
import { catalogText } from "./support/texts";

/**
 * Members in their own language: a Telegram launch whose `language_code` is Russian, Spanish or
 * Arabic shows the age gate, home, a product, the cart, the checkout and Settings in it (Arabic right
 * to left), photographed in Telegram's dark and light themes (tests/e2e/screenshots/lang-*.png);
 * a change in Settings › Appearance changes the app at once; a web visitor's Accept-Language picks
 * the language of the first page.
 */

const inStock = async (request: APIRequestContext): Promise<CatalogueProduct> =>
  pick(
    await catalogue(request),
    (p) => p.stockQuantity >= 3 && Number(p.creditPrice) <= 20,
    "product under 20 credits",
  );

async function shot(page: Page, language: string, name: string): Promise<void> {
  await inEachTelegramTheme(page, (theme) => screenshot(page, `lang-${language}-${theme}-${name}`));
}

for (const language of ["ru", "es", "ar"] as const) {
  const t = (key: string) => catalogText(language, key);
  const direction = language === "ar" ? "rtl" : "ltr";

  test(`inside Telegram in ${language}: the shop, the cart, the checkout and Settings`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const product = await inStock(request);
    const user = { ...newTelegramUser("Lena"), language_code: language };
    const hash = launchHash(undefined, { user, theme: THEME });
    await installTelegramClient(page, THEME);
    await page.goto(`/${hash}`);
    const html = page.locator("html");

    await test.step("age gate", async () => {
      const gate = page.getByTestId("age-gate");
      await expect(gate.getByRole("heading", { name: t("ageGate.title") })).toBeVisible();
      await expect(html).toHaveAttribute("lang", language);
      await expect(html).toHaveAttribute("dir", direction);
      await shot(page, language, "age-gate");
      await gate.getByLabel(t("ageGate.label")).check();
      await gate.getByRole("button", { name: t("common.continue") }).click();
      await expect(gate).toBeHidden();
    });

    // The launch's language is the account's: the API says so, and the plan is taken through it.
    const initData = new URLSearchParams(hash.slice(1)).get("tgWebAppData");
    const session = (await (await request.post("/api/auth/telegram", { data: { initData } })).json()) as {
      token: string;
      user: { language: string };
    };
    expect(session.user.language).toBe(language);
    const auth = { Authorization: `Bearer ${session.token}` };
    expect(
      (
        await request.put("/api/me/plan", { data: { tierId: await premiumTierId(request) }, headers: auth })
      ).ok(),
    ).toBe(true);

    await test.step("home", async () => {
      await expect(page.getByTestId("member-home")).toBeVisible();
      await expect(page.getByRole("button", { name: t("header.products"), exact: true })).toBeVisible();
      await expect(page.getByTestId("message").first()).toBeVisible();
      await shot(page, language, "home");
    });

    await test.step("product", async () => {
      await page.goto(`/product/${product.id}`);
      await expect(page.getByRole("heading", { level: 1, name: product.title })).toBeVisible();
      if (product.coaUrl) await expect(page.getByRole("link", { name: t("product.viewCoa") })).toBeVisible();
      else await expect(page.getByRole("button", { name: t("product.zoomImage") })).toBeVisible();
      await shot(page, language, "product");
      await receiveEvent(page, "main_button_pressed");
      await expect(page.getByTestId("cart-count")).toHaveText("1");
    });

    await test.step("cart", async () => {
      await page.getByRole("button", { name: new RegExp(`^${t("header.cart")}`) }).click();
      const cart = page.getByRole("dialog", { name: t("cart.title") });
      await expect(cart.getByText(product.title)).toBeVisible();
      await shot(page, language, "cart");
      await cart.getByRole("button", { name: t("cart.proceedToCheckout") }).click();
    });

    await test.step("checkout", async () => {
      const sheet = page.getByRole("dialog", { name: t("checkout.title") });
      await expect(sheet.getByTestId("checkout-budget")).toBeVisible();
      await expect(sheet.getByLabel(t("checkout.recipient"))).toBeVisible();
      await shot(page, language, "checkout");
      await page.keyboard.press("Escape");
      await expect(sheet).toBeHidden();
    });

    await test.step("Settings", async () => {
      await page.goto("/settings");
      await expect(page.getByRole("heading", { name: t("settings.title") })).toBeVisible();
      await expect(html).toHaveAttribute("dir", direction);
      await shot(page, language, "settings");
    });

    await test.step("a change of language in Appearance applies at once", async () => {
      await page.goto("/settings/appearance");
      await expect(page.getByRole("heading", { name: t("appearance.title") })).toBeVisible();
      await shot(page, language, "appearance");
      // Set on this page's window: a reload would lose it.
      await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
      await page.getByRole("radio", { name: "English" }).click();
      await expect(page.getByRole("radio", { name: "English" })).toBeChecked();
      await expect(page.getByRole("heading", { name: "Appearance" })).toBeVisible();
      await expect(html).toHaveAttribute("lang", "en");
      await expect(html).toHaveAttribute("dir", "ltr");
      expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
      // The account keeps the choice (the bot and mail follow it).
      await expect
        .poll(
          async () =>
            ((await (await request.get("/api/me", { headers: auth })).json()) as { language: string })
              .language,
        )
        .toBe("en");
    });
  });
}

test.describe("a web visitor whose browser asks for Spanish", () => {
  test.use({ locale: "es-ES" });

  test("gets the first page in Spanish", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByTestId("landing")).toBeVisible();
    await expect(page.getByRole("button", { name: catalogText("es", "landing.join") })).toBeVisible();
    await expect(page.getByRole("link", { name: catalogText("es", "landing.terms") })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await screenshot(page, "lang-es-web-dark-landing");
  });
});

test.describe("a web visitor whose browser asks for Arabic", () => {
  test.use({ locale: "ar" });

  test("reads the page right to left, the sign-up tabs' pill under the chosen tab", async ({ page }) => {
    const t = (key: string) => catalogText("ar", key);
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await page.getByRole("button", { name: t("landing.join") }).click();
    const sheet = page.getByRole("dialog", { name: t("getStarted.title") });
    await sheet.getByRole("button", { name: new RegExp(`^${t("getStarted.shop")}`) }).click();
    const chosen = page.getByRole("tab", { name: t("signUp.title") });
    await expect(chosen).toHaveAttribute("aria-selected", "true");
    // The kit's pill (the tab list's one aria-hidden child) sits under the chosen tab, not its mirror.
    const pill = page.getByRole("tablist").locator(":scope > div > div[aria-hidden]");
    const [tab, under] = [await chosen.boundingBox(), await pill.boundingBox()];
    expect(tab && under && Math.abs(tab.x + tab.width / 2 - (under.x + under.width / 2))).toBeLessThan(4);
    await screenshot(page, "lang-ar-web-dark-sign-up");
  });
});

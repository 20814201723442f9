import type { Page } from "@playwright/test";
import { signUpViaApi } from "./support/accounts";
import { catalogue, pick } from "./support/catalogue";
import { expectReadable } from "./support/contrast";
import { installTelegramClient, LIGHT_THEME, launchHash, newTelegramUser, THEME } from "./support/telegram";
import { expect, test } from "./support/test";

async function productPage(page: Page, prefix: string, productId: string) {
  await page.goto(`${prefix}/product/${productId}`.replace(/^\/\//, "/"));
  await expect(page.getByTestId("product-price")).toBeVisible();
}

for (const scheme of ["dark", "light"] as const) {
  test.describe(`the web, ${scheme}`, () => {
    test.use({ colorScheme: scheme });
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((value) => localStorage.setItem("theme", value), scheme);
    });

    test(`landing, product, sign-in and settings meet WCAG AA contrast (${scheme})`, async ({
      page,
      request,
    }) => {
      const product = pick(
        await catalogue(request),
        (p) => p.stockQuantity > 0 && p.coaUrl !== null,
        "product",
      );
      await page.goto("/");
      await expect(page.getByTestId("channel-header")).toBeVisible();
      await expectReadable(page, "landing");
      await page.goto("/auth");
      await expect(page.getByRole("form", { name: "Login" })).toBeVisible();
      await expectReadable(page, "auth dialog");
      await productPage(page, "", product.id);
      await expectReadable(page, "product");
      await signUpViaApi(page);
      await page.goto("/settings/security");
      await expect(page.getByRole("heading", { name: "Password and Security" })).toBeVisible();
      await expectReadable(page, "security");
    });
  });
}

for (const [name, theme] of [
  ["light", LIGHT_THEME],
  ["dark", THEME],
] as const) {
  test(`inside a ${name} Telegram the age gate, home and product meet WCAG AA contrast`, async ({
    page,
    request,
  }) => {
    const product = pick(await catalogue(request), (p) => p.stockQuantity > 0, "product");
    await installTelegramClient(page, theme);
    await page.goto(`/${launchHash(undefined, { user: newTelegramUser("Contrast"), theme })}`);
    const gate = page.getByTestId("age-gate");
    await expect(gate).toBeVisible();
    await expectReadable(page, "age gate");
    await gate.getByLabel("I confirm I am 21 years or older").check();
    await gate.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByTestId("member-home")).toBeVisible();
    await expectReadable(page, "member home");
    await page.getByRole("button", { name: "Products", exact: true }).click();
    await expect(page.getByTestId("product-card").first()).toBeVisible();
    await expectReadable(page, "products drawer");
    await page.getByTestId("product-card").filter({ hasText: product.title }).click();
    await expect(page.getByTestId("product-price")).toBeVisible();
    await expectReadable(page, "product");
  });
}

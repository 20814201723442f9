import type { Browser } from "@playwright/test";
import { PASSWORD, toast, uniqueEmail } from "./support/accounts";
import { E2E_BOT_TOKEN } from "./support/env";
import { startOwnServer } from "./support/own-server";
import { screenshot } from "./support/screens";
import { installTelegramClient, LIGHT_THEME, launchHash, newTelegramUser, THEME } from "./support/telegram";
import { expect, test } from "./support/test";

// A new owner's path (decision 122): the first start of an empty shop prints a one-time setup link;
// they open it, sign up, become the admin and add a first product. The seeded and empty servers
// are shared by the other specs, so this one starts a shop of its own (support/own-server.ts), and
// photographs /setup inside Telegram (light, dark, Arabic) and on the web before anyone claims it.

interface FreshShop {
  origin: string;
  token: string;
  stop(): Promise<void>;
}

/** A new shop's own server, and the token of the setup link its first start printed. */
async function startFreshShop(): Promise<FreshShop> {
  const server = await startOwnServer({
    LOG_LEVEL: "info",
    SEED_DEMO_DATA: "false",
    // Telegram launches are signed with the suite's token; no bot runs.
    BOT_TOKEN: E2E_BOT_TOKEN,
    BOT_MODE: "off",
  });
  try {
    let token: string | null = null;
    await expect
      .poll(() => {
        // Whole lines only: the last may still be being written.
        const line = server
          .output()
          .split("\n")
          .slice(0, -1)
          .find((text) => text.includes('"setupLink"'));
        const link = line ? (JSON.parse(line) as { setupLink: string }).setupLink : undefined;
        token = link ? new URL(link).searchParams.get("token") : null;
        return token;
      })
      .toMatch(/^[\w-]{40,}$/);
    return { origin: server.origin, token: token ?? "", stop: server.stop };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** /setup inside a Telegram launch of a new Telegram user, signed in by the launch, not claimed. */
async function photographInTelegram(
  browser: Browser,
  { origin, token }: FreshShop,
  name: string,
  theme: Record<string, string>,
  language = "en",
) {
  const context = await browser.newContext({ baseURL: origin });
  try {
    const page = await context.newPage();
    await installTelegramClient(page, theme);
    const user = { ...newTelegramUser("Tess"), language_code: language };
    await page.goto(`/setup?token=${token}${launchHash(undefined, { user, theme })}`);
    await expect(page.getByTestId("setup-ready").getByRole("button")).toBeVisible();
    await expect(page.getByTestId("setup-ready")).toContainText("Tess Gram");
    if (language === "ar") await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await screenshot(page, `telegram-${name}-setup`);
  } finally {
    await context.close();
  }
}

test("a new owner opens the setup link, signs up, becomes the admin and adds a first product", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const shop = await startFreshShop();
  try {
    await photographInTelegram(browser, shop, "light", LIGHT_THEME);
    await photographInTelegram(browser, shop, "dark", THEME);
    await photographInTelegram(browser, shop, "ar", THEME, "ar");

    // On the web, signed out: sign up over the page, and stay on it.
    const link = `${shop.origin}/setup?token=${shop.token}`;
    await page.goto(link);
    await expect(page.getByTestId("setup-ready")).toContainText("Sign up or log in first");
    await screenshot(page, "web-dark-setup-signed-out");
    await page.getByRole("button", { name: "Sign up or log in" }).click();
    const sheet = page.getByRole("dialog", { name: "Create your account" });
    await sheet.getByLabel("Full Name (optional)").fill("Olga Owner");
    await sheet.getByLabel("Email").fill(uniqueEmail("owner"));
    await sheet.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await sheet.getByLabel("Confirm Password").fill(PASSWORD);
    await sheet.getByText("I confirm I am 21 years or older").click();
    await sheet.getByRole("button", { name: "Sign Up" }).click();

    // Back on the link, signed in.
    const ready = page.getByTestId("setup-ready");
    await expect(ready).toContainText("Signed in as Olga Owner.");
    await expect(sheet).toBeHidden();
    await screenshot(page, "web-dark-setup");
    await ready.getByRole("button", { name: "Become the admin" }).click();
    const claimed = page.getByTestId("setup-claimed");
    await expect(claimed.getByRole("heading", { name: "You are the shop's admin" })).toBeVisible();
    await screenshot(page, "web-dark-setup-claimed");

    // The admin's first product, through the staff form.
    await claimed.getByRole("link", { name: "Add a product" }).click();
    await expect(page).toHaveURL(/\/admin\/upload-products$/);
    await page.getByLabel("Title *").fill("First Light");
    await page.getByLabel("Price (credits) *").fill("10");
    await page.getByRole("button", { name: "Upload Product" }).click();
    await expect(toast(page, "Product created successfully!")).toBeVisible({ timeout: 15_000 });
    const products = await page.request.get(`${shop.origin}/api/products`);
    expect(((await products.json()) as { products: { title: string }[] }).products).toEqual([
      expect.objectContaining({ title: "First Light" }),
    ]);

    // The link a second time: used.
    await page.goto(link);
    await page.getByTestId("setup-ready").getByRole("button", { name: "Become the admin" }).click();
    const refused = page.getByTestId("setup-refused");
    await expect(refused.getByRole("heading", { name: "This link was already used" })).toBeVisible();
    await expect(refused).toContainText("each one makes a single admin, once");
    await screenshot(page, "web-dark-setup-used");
  } finally {
    await shop.stop();
  }
});

import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "@playwright/test";
import { PASSWORD, toast, uniqueEmail } from "./support/accounts";
import { E2E_BOT_TOKEN } from "./support/env";
import { screenshot } from "./support/screens";
import { installTelegramClient, LIGHT_THEME, launchHash, newTelegramUser, THEME } from "./support/telegram";
import { expect, test } from "./support/test";

// A new owner's path (decision 122): the first start of an empty shop prints a one-time setup link;
// they open it, sign up, become the admin and add a first product. The seeded and empty servers
// are shared by the other specs, so this one starts a shop of its own (the compiled server, as
// the others, on PGlite in a fresh directory), and photographs /setup inside Telegram (light,
// dark, Arabic) and on the web before anyone claims it.

interface FreshShop {
  origin: string;
  token: string;
  stop(): void;
}

/** A new shop's server on a free port: its address and the token of the setup link it printed. */
async function startFreshShop(): Promise<FreshShop> {
  const dataDir = mkdtempSync(join(tmpdir(), "e2e-setup-link-"));
  const child: ChildProcess = spawn(process.execPath, ["--enable-source-maps", "dist/server/main.js"], {
    env: {
      ...process.env,
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      STATIC_DIR: "dist/miniapp",
      LOG_LEVEL: "info",
      SEED_DEMO_DATA: "false",
      // Telegram launches are signed with the suite's token; no bot runs.
      BOT_TOKEN: E2E_BOT_TOKEN,
      BOT_MODE: "off",
      TRUST_PROXY: "true",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const stop = () => {
    child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  };
  let log = "";
  const printed = new Promise<{ origin: string; token: string }>((resolve, reject) => {
    let origin: string | undefined;
    child.stdout?.on("data", (chunk: Buffer) => {
      log += chunk;
      const lines = log.split("\n");
      // The last piece is a line still being written.
      log = lines.pop() ?? "";
      for (const line of lines) {
        const entry = JSON.parse(line) as { message: string; url?: string; setupLink?: string };
        // The link names localhost; the server listens on 127.0.0.1 (the suite's address).
        if (entry.message === "listening" && entry.url) origin = entry.url.replace("localhost", "127.0.0.1");
        const token = entry.setupLink ? new URL(entry.setupLink).searchParams.get("token") : null;
        if (origin && token) resolve({ origin, token });
      }
    });
    child.on("exit", (code) => reject(new Error(`the fresh shop exited (${code})`)));
  });
  try {
    return { ...(await printed), stop };
  } catch (error) {
    stop();
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
    shop.stop();
  }
});

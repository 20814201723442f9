import type { Page } from "@playwright/test";
import { APPEARANCE_STORAGE_KEY } from "../../miniapp/src/lib/appearance";
import { signInAsAdmin, signUpViaApi, uniqueEmail } from "./support/accounts";
import { type CatalogueProduct, catalogue, pick } from "./support/catalogue";
import { E2E_ADMIN_EMAIL } from "./support/env";
import { holdRequests } from "./support/hold";
import { inEachTelegramTheme } from "./support/looks";
import { screenshot } from "./support/screens";
import {
  installTelegramClient,
  launchHash,
  newTelegramUser,
  postedEvents,
  receiveEvent,
  THEME,
} from "./support/telegram";
import { expect, test } from "./support/test";

/**
 * Every screen of the Mini App, photographed for a person to look at
 * (tests/e2e/screenshots/<launch>-<screen>.png): inside Telegram on iOS and on Android (the kit
 * draws each platform its own way), each screen in Telegram's dark and light themes, and on the
 * plain web in a light and a dark colour scheme. Each launch is one test with one account, a step per screen; each screen is waited for
 * by what marks it loaded and checked a little first.
 */

interface Scheme {
  dark: boolean;
  /** The body's background the scheme should show. */
  background: string;
}

interface Launch {
  /** The screenshots' name prefix. */
  prefix: string;
  telegram: boolean;
  /** On the web, the one scheme shown; inside Telegram each screen is shown in both of its themes. */
  scheme?: Scheme;
  /** The Appearance option checked on this launch. */
  appearance: "Light" | "Dark" | "System";
}

const TELEGRAM_SCHEMES: Record<"dark" | "light", Scheme> = {
  dark: { dark: true, background: "rgb(17, 34, 51)" },
  light: { dark: false, background: "rgb(255, 255, 255)" },
};

/** The seeded catalogue's products this spec shows. */
interface Products {
  inStock: CatalogueProduct;
  second: CatalogueProduct;
  outOfStock: CatalogueProduct;
}

async function products(page: Page): Promise<Products> {
  const all = await catalogue(page.request);
  const inStock = pick(
    all,
    (p) => p.stockQuantity >= 2 && p.primaryImageUrl !== null && p.coaUrl !== null && p.strainType !== null,
    "lab-tested product in stock with an image",
  );
  const second = pick(all, (p) => p.stockQuantity >= 1 && p.id !== inStock.id, "second product in stock");
  const outOfStock = pick(all, (p) => p.stockQuantity === 0, "out-of-stock product");
  return { inStock, second, outOfStock };
}

/** Nothing on screen says something failed: no error toast, no failed-load state. */
async function expectNoErrors(page: Page): Promise<void> {
  await expect(page.locator("[data-sonner-toast][data-type='error']")).toHaveCount(0);
  await expect(page.getByText(/^(Failed to load|Something went wrong|Unable to)/)).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Not authorized" })).toHaveCount(0);
}

async function expectScheme(page: Page, scheme: Scheme): Promise<void> {
  const html = page.locator("html");
  if (scheme.dark) await expect(html).toHaveClass(/(^| )dark( |$)/);
  else await expect(html).not.toHaveClass(/(^| )dark( |$)/);
  await expect
    .poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor))
    .toBe(scheme.background);
}

/**
 * Checks for errors, then saves <prefix><name>.png; inside Telegram in each of its themes (switched
 * live), as <prefix>dark-<name>.png and <prefix>light-<name>.png, each in the theme's colours.
 */
async function shot(page: Page, launch: Launch, name: string): Promise<void> {
  await test.step(`screenshot ${launch.prefix}${name}`, async () => {
    await expectNoErrors(page);
    if (!launch.telegram) return screenshot(page, `${launch.prefix}${name}`);
    await inEachTelegramTheme(page, async (theme) => {
      await expectScheme(page, TELEGRAM_SCHEMES[theme]);
      await screenshot(page, `${launch.prefix}${theme}-${name}`);
    });
  });
}

/** Telegram's MainButton as the page last set it up (inside Telegram it is the page's Add to Cart). */
const mainButton = async (page: Page) =>
  (await postedEvents(page)).filter((event) => event.type === "web_app_setup_main_button").at(-1)?.data;

/**
 * Add to Cart is offered: inside Telegram as its MainButton (drawn by Telegram, so not in the
 * screenshots), on the web as the page's own button.
 */
async function expectAddToCart(page: Page, launch: Launch, enabled: boolean): Promise<void> {
  if (launch.telegram) {
    await expect
      .poll(() => mainButton(page))
      .toMatchObject({ is_visible: true, is_active: enabled, text: expect.stringMatching(/^Add to Cart/) });
    await expect(page.getByRole("button", { name: /^Add to Cart/ })).toHaveCount(0);
  } else if (enabled) {
    await expect(page.getByRole("button", { name: /^Add to Cart/ })).toBeEnabled();
  } else {
    await expect(page.getByRole("button", { name: /^Add to Cart/ })).toBeDisabled();
  }
}

async function addToCart(page: Page, launch: Launch): Promise<void> {
  await expectAddToCart(page, launch, true);
  if (launch.telegram) await receiveEvent(page, "main_button_pressed");
  else await page.getByRole("button", { name: /^Add to Cart/ }).click();
}

const heading = (page: Page, name: string) => page.getByRole("heading", { level: 1, name, exact: true });

/** Home signed in, the drawers, the product pages and the cart: the shopping screens. */
async function shoppingScreens(page: Page, launch: Launch, { inStock, second, outOfStock }: Products) {
  await test.step("member home", async () => {
    await expect(page.getByTestId("member-home")).toBeVisible();
    await expect(
      page.getByTestId("channel-header").getByRole("heading", { name: "Private Smoke Shop" }),
    ).toBeVisible();
    if (launch.scheme) await expectScheme(page, launch.scheme);
    await shot(page, launch, "home");
  });

  await test.step("products drawer", async () => {
    await page.getByRole("button", { name: "Products", exact: true }).click();
    const drawer = page.getByRole("dialog", { name: "Products" });
    await expect(drawer.getByTestId("product-card").first()).toBeVisible();
    await expect(drawer.getByTestId("product-card").filter({ hasText: inStock.title })).toBeVisible();
    await shot(page, launch, "products");
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
  });

  await test.step("cart drawer, empty", async () => {
    await page.getByRole("button", { name: /^Cart/ }).click();
    const drawer = page.getByRole("dialog", { name: "Shopping Cart" });
    await expect(drawer.getByText("Your cart is empty")).toBeVisible();
    await expect(drawer.getByRole("button", { name: "Browse products" })).toBeVisible();
    await shot(page, launch, "cart-empty");
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
  });

  await test.step("product in stock", async () => {
    await page.goto(`/product/${inStock.id}`);
    await expect(heading(page, inStock.title)).toBeVisible();
    await expect(page.getByTestId("stock")).toHaveText(`${inStock.stockQuantity} in stock`);
    await expect(page.getByTestId("product-price")).toHaveText(`${inStock.creditPrice} credits`);
    await expect(page.getByRole("link", { name: "View Certificate of Analysis" })).toBeVisible();
    await expectAddToCart(page, launch, true);
    await shot(page, launch, "product");
  });

  await test.step("product image zoom", async () => {
    await page.getByRole("button", { name: "Zoom image" }).click();
    const zoom = page.getByRole("dialog", { name: "Image zoom" });
    await expect(zoom.getByTestId("zoom-level")).toHaveText("100%");
    await expect(zoom.getByTestId("zoom-image")).toBeVisible();
    await shot(page, launch, "product-zoom");
    await zoom.getByRole("button", { name: "Close zoom" }).click();
    await expect(zoom).toBeHidden();
  });

  await test.step("two products into the cart", async () => {
    await addToCart(page, launch);
    await expect(page.getByTestId("cart-count")).toHaveText("1");
    // A full load each time: the toast of the last screen does not follow to the next one.
    await page.goto(`/product/${second.id}`);
    await expect(heading(page, second.title)).toBeVisible();
    await addToCart(page, launch);
    await expect(page.getByTestId("cart-count")).toHaveText("2");
  });

  await test.step("product out of stock", async () => {
    await page.goto(`/product/${outOfStock.id}`);
    await expect(heading(page, outOfStock.title)).toBeVisible();
    await expect(page.getByTestId("stock")).toHaveText("Out of stock");
    await expectAddToCart(page, launch, false);
    await shot(page, launch, "product-out-of-stock");
  });

  await test.step("cart drawer with two lines", async () => {
    await page.goto("/");
    await expect(page.getByTestId("member-home")).toBeVisible();
    await page.getByRole("button", { name: /^Cart/ }).click();
    const drawer = page.getByRole("dialog", { name: "Shopping Cart" });
    await expect(drawer.getByTestId("cart-line")).toHaveCount(2);
    await expect(drawer.getByText("2 item(s) in your cart")).toBeVisible();
    await expect(drawer.getByTestId("cart-total")).toBeVisible();
    await expect(drawer.getByRole("button", { name: /Checkout/ })).toBeVisible();
    await shot(page, launch, "cart");
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
  });
}

/** The settings pages, the legal pages and the 404 page, signed in. */
async function accountScreens(page: Page, launch: Launch, fullName: string) {
  await test.step("a bottom sheet: Manage Your Plan", async () => {
    await page.getByRole("button", { name: "Manage Your Plan" }).click();
    const sheet = page.getByRole("dialog", { name: "Manage Your Plan" });
    await expect(sheet.getByLabel("Select plan")).toBeVisible();
    await shot(page, launch, "plan-sheet");
    await page.keyboard.press("Escape");
    await expect(sheet).toBeHidden();
  });

  await test.step("settings menu", async () => {
    await page.getByRole("button", { name: "Account" }).click();
    await expect(page).toHaveURL("/settings");
    await expect(heading(page, "Settings")).toBeVisible();
    await expect(page.getByText(fullName)).toBeVisible();
    const menu = page.getByRole("navigation", { name: "Settings" });
    await expect(menu.getByRole("link", { name: "Account Actions" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Administration" })).toHaveCount(0);
    await shot(page, launch, "settings");
  });

  await test.step("edit profile", async () => {
    await page.goto("/settings/profile");
    await expect(heading(page, "Edit Profile")).toBeVisible();
    await expect(page.getByLabel("Full Name")).toHaveValue(fullName);
    await expect(page.getByRole("button", { name: "Save" })).toBeEnabled();
    await shot(page, launch, "profile");
  });

  await test.step("password and security", async () => {
    await page.goto("/settings/security");
    await expect(heading(page, "Password and Security")).toBeVisible();
    // A Telegram account has no password yet; a web account changes its own.
    const form = page.getByRole("form", { name: launch.telegram ? "Set a password" : "Change password" });
    await expect(form.getByLabel("New Password", { exact: true })).toBeVisible();
    if (launch.telegram) await expect(page.getByTestId("telegram-linked")).toBeVisible();
    else await expect(page.getByRole("button", { name: "Link Telegram" })).toBeVisible();
    await shot(page, launch, "security");
  });

  await test.step("appearance", async () => {
    await page.goto("/settings/appearance");
    await expect(heading(page, "Appearance")).toBeVisible();
    await expect(page.getByLabel(new RegExp(`^${launch.appearance}`))).toBeChecked();
    if (launch.scheme) await expectScheme(page, launch.scheme);
    await shot(page, launch, "appearance");
  });

  await test.step("purchases", async () => {
    await page.goto("/settings/purchases");
    await expect(heading(page, "Purchases")).toBeVisible();
    await expect(page.getByText("No purchases yet")).toBeVisible();
    await shot(page, launch, "purchases");
  });

  await test.step("account actions", async () => {
    await page.goto("/settings/account");
    await expect(heading(page, "Account Actions")).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign Out" })).toBeVisible();
    await expect(page.getByRole("form", { name: "Delete Account" })).toBeVisible();
    await shot(page, launch, "account");
  });

  for (const [path, title, name] of [
    ["/terms-of-service", "Terms of Service", "terms"],
    ["/privacy-policy", "Privacy Policy", "privacy"],
  ] as const) {
    await test.step(title, async () => {
      await page.goto(path);
      await expect(heading(page, title)).toBeVisible();
      await expect(page.getByTestId("legal-meta")).toHaveText(/^Version \d+ · Effective /);
      await expect(page.locator(".markdown h3").first()).toBeVisible();
      await shot(page, launch, name);
    });
  }

  await test.step("404 page", async () => {
    await page.goto("/no/such/page");
    await expect(heading(page, "Oops! Page not found")).toBeVisible();
    await expect(page.getByRole("link", { name: "Return to Home" })).toBeVisible();
    await shot(page, launch, "not-found");
  });
}

async function adminScreens(page: Page, launch: Launch) {
  await test.step("sign in as the admin", async () => {
    await signInAsAdmin(page);
  });

  await test.step("home with the composer", async () => {
    await page.goto("/");
    await expect(page.getByTestId("feed").getByTestId("message").first()).toBeVisible();
    await expect(page.getByRole("form", { name: "New message" })).toBeVisible();
    await shot(page, launch, "home-admin");
  });

  await test.step("administration", async () => {
    await page.goto("/administration");
    await expect(heading(page, "Administration")).toBeVisible();
    const links = page.getByRole("navigation", { name: "Administration" }).getByRole("link");
    await expect(links.first()).toHaveText("Dashboard");
    await expect(links.filter({ hasText: "Users" })).toBeVisible();
    await shot(page, launch, "administration");
  });

  await test.step("users admin", async () => {
    await page.goto("/admin/users");
    await expect(heading(page, "Users")).toBeVisible();
    // Oldest first, a page at a time: the admin may be past the first page of a long run's users.
    await page.getByRole("searchbox", { name: "Search users" }).fill(E2E_ADMIN_EMAIL);
    const admin = page.getByTestId("user-row").filter({ hasText: E2E_ADMIN_EMAIL });
    await expect(admin.locator(".badge-role")).toHaveText(["Admin"]);
    await expect(admin.getByRole("combobox")).toBeVisible();
    await shot(page, launch, "admin-users");
  });
}

/** Uncaught errors in the page fail the launch. */
function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

for (const launch of [
  { prefix: "tg-ios-", telegram: true, appearance: "System", platform: "ios" },
  { prefix: "tg-android-", telegram: true, appearance: "System", platform: "android" },
] as const) {
  test.describe(`Telegram, ${launch.platform}, dark and light themes`, () => {
    test("every screen", async ({ page }) => {
      test.setTimeout(120_000);
      const errors = collectPageErrors(page);
      await installTelegramClient(page, THEME);
      const user = newTelegramUser("Shay");
      const fullName = `${user.first_name} ${user.last_name}`;
      const shown = await products(page);

      await test.step("the channel while Telegram signs in, then the landing", async () => {
        // The sign-in is held so that the screen is seen as it is before it: the channel and the
        // sign-in's spinner, without the landing's code (a returning member lands on the feed).
        const release = await holdRequests(page, "**/api/auth/telegram");
        await page.goto(`/${launchHash(undefined, { user, theme: THEME, platform: launch.platform })}`);
        await expect(page.getByTestId("member-home-pending")).toBeVisible();
        await expect(page.getByRole("status", { name: "Signing in" })).toBeVisible();
        await expect(page.getByTestId("landing")).toHaveCount(0);
        await shot(page, launch, "signing-in");
        // Let go: the sign-in (and any later one) goes through from now on; a new member, not yet
        // through the age gate, gets the landing.
        release();
        await expect(page.getByTestId("landing")).toBeVisible();
        await expect(page.getByTestId("hero-image")).toBeVisible();
        await expect(page.getByText("You must be 21+ to join.", { exact: true })).toBeVisible();
        await shot(page, launch, "landing");
      });

      await test.step("age gate", async () => {
        const gate = page.getByTestId("age-gate");
        await expect(gate.getByRole("heading", { name: "Confirm your age" })).toBeVisible();
        await expect(gate.getByLabel("I confirm I am 21 years or older")).not.toBeChecked();
        await expect(gate.getByRole("button", { name: "Continue" })).toBeVisible();
        await shot(page, launch, "age-gate");
        await gate.getByLabel("I confirm I am 21 years or older").check();
        await gate.getByRole("button", { name: "Continue" }).click();
        await expect(gate).toBeHidden();
      });

      await shoppingScreens(page, launch, shown);
      await accountScreens(page, launch, fullName);
      // The admin screens are left to the web launches: ADMIN_EMAILS makes an admin by email, and a
      // fresh Telegram account has none (the screens themselves are the same inside Telegram).
      expect(errors).toEqual([]);
    });
  });
}

for (const launch of [
  {
    prefix: "web-light-",
    telegram: false,
    scheme: { dark: false, background: "rgb(255, 255, 255)" },
    appearance: "Light",
    colorScheme: "light",
  },
  {
    prefix: "web-dark-",
    telegram: false,
    scheme: { dark: true, background: "rgb(15, 17, 21)" },
    appearance: "Dark",
    colorScheme: "dark",
  },
] as const) {
  test.describe(`the web, ${launch.colorScheme} colour scheme`, () => {
    test.use({ colorScheme: launch.colorScheme });

    test("every screen", async ({ page }) => {
      test.setTimeout(120_000);
      const errors = collectPageErrors(page);
      // The web's default Appearance is Dark: a light web app is one whose person chose Light.
      if (launch.appearance === "Light") {
        await page.addInitScript((key) => localStorage.setItem(key, "light"), APPEARANCE_STORAGE_KEY);
      }
      const shown = await products(page);

      await test.step("landing", async () => {
        await page.goto("/");
        await expect(page.getByTestId("landing")).toBeVisible();
        await expect(page.getByTestId("hero-image")).toBeVisible();
        await expect(
          page.getByTestId("channel-header").getByRole("heading", { name: "Private Smoke Shop" }),
        ).toBeVisible();
        await expect(page.getByRole("button", { name: "Join" })).toBeVisible();
        await expect(page.getByRole("link", { name: "Terms of Service" })).toBeVisible();
        if (launch.scheme) await expectScheme(page, launch.scheme);
        await shot(page, launch, "landing");
      });

      await test.step("Get Started sheet", async () => {
        await page.getByRole("button", { name: "Join" }).click();
        const sheet = page.getByRole("dialog", { name: "Get Started" });
        await expect(sheet.getByRole("button", { name: /^Shop/ })).toBeVisible();
        await expect(sheet.getByRole("button", { name: /^Login/ })).toBeVisible();
        await shot(page, launch, "get-started");
        await sheet.getByRole("button", { name: /^Login/ }).click();
      });

      await test.step("auth dialog, Login", async () => {
        await expect(page.getByRole("tab", { name: "Login" })).toHaveAttribute("aria-selected", "true");
        const form = page.getByRole("form", { name: "Login" });
        await expect(form.getByLabel("Email")).toBeVisible();
        await expect(form.getByRole("button", { name: "Login" })).toBeVisible();
        await shot(page, launch, "auth-login");
      });

      await test.step("auth dialog, Sign Up", async () => {
        await page.getByRole("tab", { name: "Sign Up" }).click();
        await expect(page.getByRole("tab", { name: "Sign Up" })).toHaveAttribute("aria-selected", "true");
        const form = page.getByRole("form", { name: "Sign Up" });
        await expect(form.getByLabel("Confirm Password")).toBeVisible();
        await expect(form.getByLabel("I confirm I am 21 years or older")).toBeVisible();
        await expect(form.getByRole("button", { name: "Sign Up" })).toBeVisible();
        await shot(page, launch, "auth-signup");
        await page.keyboard.press("Escape");
        await expect(page.getByRole("dialog")).toBeHidden();
      });

      const fullName = "Sam Screens";
      await test.step("sign up", async () => {
        await signUpViaApi(page, { email: uniqueEmail("screens"), fullName });
        await page.goto("/");
      });

      await shoppingScreens(page, launch, shown);
      await accountScreens(page, launch, fullName);
      await adminScreens(page, launch);
      expect(errors).toEqual([]);
    });
  });
}

import type { Page } from "@playwright/test";
import { toast } from "./support/accounts";
import { screenshot } from "./support/screens";
import {
  installTelegramClient,
  launchHash,
  newTelegramUser,
  postedEvents,
  receiveEvent,
} from "./support/telegram";
import { expect, test } from "./support/test";

test.beforeEach(async ({ page }) => {
  await installTelegramClient(page);
});

const backButton = async (page: Page) =>
  (await postedEvents(page)).filter((event) => event.type === "web_app_setup_back_button").at(-1)?.data;

test("a signed Telegram launch signs in without a form and passes the age gate", async ({ page }) => {
  const user = newTelegramUser("Ada");
  const signIns: number[] = [];
  page.on("response", (response) => {
    if (response.url().endsWith("/api/auth/telegram")) signIns.push(response.status());
  });
  await page.goto(`/${launchHash(undefined, { user })}`);

  // Signed in, not yet 21+-confirmed: only the landing, with the age checkbox instead of Join.
  const gate = page.getByTestId("age-gate");
  await expect(gate).toBeVisible();
  expect(signIns).toEqual([200]);
  await expect(page.getByRole("button", { name: "Join" })).toHaveCount(0);
  await expect(page.getByText("You must be 21+ to join.", { exact: true })).toBeVisible();
  // It says why it is there, and leaving is closing the app (signing out would sign in again).
  await expect(gate.getByRole("heading", { name: "Confirm your age" })).toBeVisible();
  await expect(gate.getByRole("button", { name: "Close" })).toBeVisible();
  await expect(gate.getByRole("button", { name: "Sign out" })).toHaveCount(0);
  await expect(page.locator("body")).toHaveClass(/scroll-locked/);
  await screenshot(page, "telegram-age-gate");

  // Settings are out of reach until then.
  await page.getByRole("button", { name: "Account" }).click();
  await expect(page).toHaveURL("/");
  await expect(gate).toBeVisible();

  await gate.getByRole("button", { name: "Continue" }).click();
  await expect(gate.getByRole("alert")).toHaveText("You must be 21+ to join");
  await expect(toast(page, "Validation Error")).toContainText("You must be 21+ to join");
  await screenshot(page, "telegram-age-gate-unticked");

  await gate.getByLabel("I confirm I am 21 years or older").check();
  // Ticked: the refusal no longer applies, and its toast goes.
  await expect(toast(page, "Validation Error")).toHaveCount(0);
  await gate.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByTestId("member-home")).toBeVisible();
  await expect(page.locator("body")).not.toHaveClass(/scroll-locked/);
  await screenshot(page, "telegram-member-home");

  // The session is a Bearer token kept for the tab: a reload stays signed in without a new sign-in.
  await page.reload();
  await expect(page.getByTestId("member-home")).toBeVisible();
  expect(signIns).toEqual([200]);
  expect(await page.evaluate(() => sessionStorage.getItem("session-token"))).toBeTruthy();

  // Its account: the name from Telegram, no password yet, Telegram already linked.
  await page.getByRole("button", { name: "Account" }).click();
  await expect(page).toHaveURL("/settings");
  await expect(page.getByText("Ada Gram")).toBeVisible();
  await expect.poll(() => backButton(page)).toEqual({ is_visible: true });
  await page.getByRole("link", { name: "Password and Security" }).click();
  const form = page.getByRole("form", { name: "Set a password" });
  await expect(form).toBeVisible();
  await expect(form.getByLabel("Current Password")).toHaveCount(0);
  await expect(form.getByLabel("Email")).toBeVisible();
  await expect(page.getByTestId("telegram-linked")).toContainText(`@${user.username}`);
  await expect(page.getByRole("button", { name: "Link Telegram" })).toHaveCount(0);
  await screenshot(page, "telegram-security");

  // Telegram's BackButton leads back through the settings.
  await receiveEvent(page, "back_button_pressed");
  await expect(page).toHaveURL("/settings");
});

test("a Telegram user adds an email and a password, then logs in on the web", async ({
  page,
  browser,
  baseURL,
}) => {
  const user = newTelegramUser("Web");
  await page.goto(`/${launchHash(undefined, { user })}`);
  const gate = page.getByTestId("age-gate");
  await gate.getByLabel("I confirm I am 21 years or older").check();
  await gate.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByTestId("member-home")).toBeVisible();

  await page.goto("/settings/security");
  const form = page.getByRole("form", { name: "Set a password" });
  const submit = form.getByRole("button", { name: "Set Password" });
  await expect(submit).toBeDisabled();
  const email = `tg-${user.id}@e2e.test`;
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("New Password", { exact: true }).fill("Telegram1");
  await expect(submit).toBeDisabled();
  await form.getByLabel("Confirm New Password").fill("Telegram1");
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(toast(page, "Password updated")).toBeVisible();
  // Now it has a password: the form asks for the current one next time.
  await expect(
    page.getByRole("form", { name: "Change password" }).getByLabel("Current Password"),
  ).toBeVisible();
  await expect(page.getByLabel("Email", { exact: true }).first()).toHaveValue(email);

  // The same account on the plain web.
  const webContext = await browser.newContext({ baseURL });
  const web = await webContext.newPage();
  await web.goto("/auth");
  const login = web.getByRole("form", { name: "Login" });
  await login.getByLabel("Email").fill(email);
  await login.getByLabel("Password").fill("Telegram1");
  await login.getByRole("button", { name: "Login" }).click();
  await expect(toast(web, "Welcome back!")).toBeVisible();
  await web.goto("/settings");
  await expect(web.getByText("Web Gram")).toBeVisible();
  await webContext.close();
});

test("a forged launch is refused with the message and Retry", async ({ page }) => {
  await page.goto(`/${launchHash(undefined, { user: newTelegramUser(), forged: true })}`);
  const error = page.getByTestId("telegram-auth-error");
  await expect(error).toHaveText("Telegram sign-in data is invalid");
  await expect(page.getByRole("button", { name: "Retry" })).toBeVisible();
  // Refused means signed out: only the landing.
  await expect(page.getByTestId("age-gate")).toHaveCount(0);
  await expect(page.getByTestId("member-home")).toHaveCount(0);
  await screenshot(page, "telegram-refused");

  // Retry asks again (and is refused again: the data is still forged).
  const retried = page.waitForResponse((r) => r.url().endsWith("/api/auth/telegram"));
  await page.getByRole("button", { name: "Retry" }).click();
  expect((await retried).status()).toBe(401);
  await expect(error).toHaveText("Telegram sign-in data is invalid");
});

test("Retry after a failed Telegram sign-in can succeed", async ({ page }) => {
  let fail = true;
  await page.route("**/api/auth/telegram", async (route) => {
    if (fail) {
      await route.fulfill({
        status: 503,
        json: { error: { code: "internal", message: "Try again shortly" } },
      });
      return;
    }
    await route.continue();
  });
  await page.goto(`/${launchHash(undefined, { user: newTelegramUser() })}`);
  await expect(page.getByTestId("telegram-auth-error")).toHaveText("Try again shortly");
  fail = false;
  await page.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByTestId("age-gate")).toBeVisible();
});

test("Appearance System follows Telegram's theme; a chosen scheme overrides it", async ({ page }) => {
  const user = newTelegramUser("Theo");
  await page.goto(`/${launchHash(undefined, { user })}`);
  const gate = page.getByTestId("age-gate");
  await gate.getByLabel("I confirm I am 21 years or older").check();
  await gate.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByTestId("member-home")).toBeVisible();

  const html = page.locator("html");
  const bodyColour = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  // Default Dark in a dark Telegram: Telegram's own colours.
  await expect.poll(bodyColour).toBe("rgb(17, 34, 51)");

  await page.goto("/settings/appearance");
  await expect(page.getByText("Follows Telegram's theme")).toBeVisible();
  await page.getByLabel(/^System/).check();
  await expect(html).toHaveClass(/(^| )dark( |$)/);
  await receiveEvent(page, "theme_changed", {
    theme_params: { bg_color: "#fafafa", text_color: "#111111", secondary_bg_color: "#eeeeee" },
  });
  await expect(html).not.toHaveClass(/(^| )dark( |$)/);
  await expect.poll(bodyColour).toBe("rgb(250, 250, 250)");
  await screenshot(page, "telegram-appearance-system-light");

  // Dark chosen in a light Telegram: the app's own dark palette, not Telegram's light colours.
  await page.getByLabel(/^Dark/).check();
  await expect(html).toHaveClass(/(^| )dark( |$)/);
  await expect.poll(bodyColour).toBe("rgb(15, 17, 21)");
});

test("a Telegram-only account confirms deletion by typing DELETE", async ({ page }) => {
  await page.goto(`/${launchHash(undefined, { user: newTelegramUser("Del") })}`);
  const gate = page.getByTestId("age-gate");
  await gate.getByLabel("I confirm I am 21 years or older").check();
  await gate.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByTestId("member-home")).toBeVisible();

  await page.goto("/settings/account");
  const form = page.getByRole("form", { name: "Delete Account" });
  await expect(form.getByLabel("Type DELETE to confirm")).toBeVisible();
  await form.getByLabel("Type DELETE to confirm").fill("remove");
  await form.getByRole("button", { name: "Delete Account" }).click();
  await expect(toast(page, "Confirmation doesn't match")).toContainText(
    "Please type DELETE to confirm deletion.",
  );
  await form.getByLabel("Type DELETE to confirm").fill("DELETE");
  await form.getByRole("button", { name: "Delete Account" }).click();
  await expect(toast(page, "Account deleted")).toBeVisible();
  await expect(page).toHaveURL("/");
  // Signed out inside Telegram: the landing offers Telegram's sign-in again.
  await expect(page.getByRole("button", { name: "Continue with Telegram" })).toBeVisible();
  await screenshot(page, "telegram-signed-out");
});

test("the age gate's Close closes the Mini App", async ({ page }) => {
  await page.goto(`/${launchHash(undefined, { user: newTelegramUser("Cleo") })}`);
  const gate = page.getByTestId("age-gate");
  await gate.getByRole("button", { name: "Close" }).click();
  await expect
    .poll(async () => (await postedEvents(page)).some((event) => event.type === "web_app_close"))
    .toBe(true);
});

test("expired launch data offers Close, not a Retry that cannot succeed", async ({ page }) => {
  const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
  await page.goto(`/${launchHash(undefined, { user: newTelegramUser("Old"), signedAt: twoDaysAgo })}`);
  await expect(page.getByTestId("telegram-auth-error")).toHaveText(
    "Telegram sign-in data has expired. Please reopen the app.",
  );
  await expect(page.getByRole("button", { name: "Retry" })).toHaveCount(0);
  await screenshot(page, "telegram-expired");
  await page.getByRole("button", { name: "Close" }).click();
  await expect
    .poll(async () => (await postedEvents(page)).some((event) => event.type === "web_app_close"))
    .toBe(true);
});

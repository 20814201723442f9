import { PASSWORD, signUpViaApi, toast, uniqueEmail } from "./support/accounts";
import { solidPng } from "./support/files";
import { screenshot } from "./support/screens";
import { expect, test } from "./support/test";

test("settings need a signed-in user", async ({ page }) => {
  for (const path of [
    "/settings",
    "/settings/profile",
    "/settings/security",
    "/settings/account",
    "/settings/memberships",
    "/settings/help",
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL("/auth");
  }
});

test("the settings menu (no Administration for a member)", async ({ page }) => {
  await signUpViaApi(page, { fullName: "Menu Member" });
  await page.goto("/settings");
  const menu = page.getByRole("navigation", { name: "Settings" });
  const labels = [
    ["Edit Profile", "/settings/profile"],
    ["Password and Security", "/settings/security"],
    ["Appearance", "/settings/appearance"],
    ["Notifications", "/settings/notifications"],
    ["Purchases", "/settings/purchases"],
    ["Memberships", "/settings/memberships"],
    ["Chats", "/settings/chats"],
    ["Invite friends", "/settings/invite"],
    ["Help", "/settings/help"],
    ["Account Actions", "/settings/account"],
  ] as const;
  for (const [label, href] of labels) {
    await expect(menu.getByRole("link", { name: label })).toHaveAttribute("href", href);
  }
  await expect(menu.getByRole("link")).toHaveCount(labels.length);
  await expect(menu.getByRole("link", { name: "Administration" })).toHaveCount(0);
  await screenshot(page, "settings");
  await page.getByRole("link", { name: "Back" }).click();
  await expect(page).toHaveURL("/");
});

test("edit profile: name, avatar checks and upload, email read-only", async ({ page }) => {
  const email = await signUpViaApi(page, { fullName: "Old Name" });
  await page.goto("/settings/profile");
  const emailField = page.getByLabel("Email");
  await expect(emailField).toHaveValue(email);
  await expect(emailField).toHaveAttribute("readonly", "");
  await expect(emailField).toHaveAccessibleDescription("Your email is changed under Password & Security.");

  const input = page.getByTestId("avatar-input");
  await input.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
  await expect(toast(page, "Please select an image file")).toBeVisible();
  await input.setInputFiles({
    name: "huge.png",
    mimeType: "image/png",
    buffer: Buffer.concat([solidPng(8), Buffer.alloc(5 * 1024 * 1024)]),
  });
  await expect(toast(page, "Image must be less than 5MB")).toBeVisible();
  // Claims to be an image but is not one: the server looks at the bytes and refuses.
  const refused = page.waitForResponse("**/api/me/avatar");
  await input.setInputFiles({
    name: "fake.png",
    mimeType: "image/png",
    buffer: Buffer.from("not really a png"),
  });
  const answer = await refused;
  expect(answer.status()).toBeGreaterThanOrEqual(400);
  const { error } = (await answer.json()) as { error: { message: string } };
  await expect(toast(page, error.message).first()).toBeVisible();
  await input.setInputFiles({ name: "me.png", mimeType: "image/png", buffer: solidPng(96) });
  await expect(toast(page, "Profile picture updated!")).toBeVisible();
  const avatar = page.getByRole("img", { name: "You" });
  await expect(avatar).toHaveAttribute("src", /^\/media\/avatars\//);
  await expect(avatar).toHaveJSProperty("complete", true);
  await screenshot(page, "settings-profile");

  // A blank name is refused on the field, and nothing is saved.
  await page.getByLabel("Full Name").fill("   ");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("form", { name: "Profile" }).getByRole("alert")).toHaveText(
    "Please enter your full name.",
  );
  await expect(page).toHaveURL("/settings/profile");

  await page.getByLabel("Full Name").fill("New Name");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Profile updated")).toBeVisible();
  await expect(page).toHaveURL("/settings");
  await expect(page.getByText("New Name")).toBeVisible();
});

test("password and security: the spec's checks, the server's answer, then Password updated", async ({
  page,
}) => {
  const email = await signUpViaApi(page);
  // The test's clock: toasts (at the bottom, over the Telegram section) time out when told to.
  await page.clock.install();
  await page.goto("/settings/security");
  await expect(page.getByLabel("Email").first()).toHaveValue(email);
  const form = page.getByRole("form", { name: "Change password" });
  const submit = form.getByRole("button", { name: "Update Password" });
  await expect(submit).toBeDisabled();
  await form.getByLabel("Current Password").fill(PASSWORD);
  await form.getByLabel("New Password", { exact: true }).fill("abcdef");
  await expect(submit).toBeDisabled();
  await form.getByLabel("Confirm New Password").fill("abcdeg");
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(toast(page, "Error").filter({ hasText: "New passwords do not match." })).toBeVisible();

  await form.getByLabel("New Password", { exact: true }).fill("abc");
  await form.getByLabel("Confirm New Password").fill("abc");
  await submit.click();
  await expect(
    toast(page, "Error").filter({ hasText: "Password must be at least 6 characters." }),
  ).toBeVisible();
  await screenshot(page, "settings-security");

  // Unlike the original, the current password is checked.
  await form.getByLabel("Current Password").fill("Not-my-password1");
  await form.getByLabel("New Password", { exact: true }).fill("changed1");
  await form.getByLabel("Confirm New Password").fill("changed1");
  await submit.click();
  await expect(toast(page, "Error").filter({ hasText: "Current password is incorrect" })).toBeVisible();
  // …and on the field itself.
  await expect(form.getByLabel("Current Password")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByRole("alert")).toHaveText("Current password is incorrect");

  await form.getByLabel("Current Password").fill(PASSWORD);
  await submit.click();
  await expect(toast(page, "Password updated")).toBeVisible();
  await expect(form.getByLabel("Current Password")).toHaveValue("");

  // The toasts go after their 4 s, uncovering the section below the form; a pointer resting on
  // them (left there by the click, with the toasts appearing under it) would hold them.
  await page.mouse.move(195, 100);
  await page.clock.runFor(4_500);
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
  // A web account without Telegram can link it; here no bot runs (BOT_MODE=off), and it says so.
  await page.getByRole("button", { name: "Link Telegram" }).click();
  await expect(
    toast(page, "Error").filter({ hasText: "The bot does not run in this process (BOT_MODE=off)" }),
  ).toBeVisible();
});

test("appearance: Dark by default, Light and System remembered", async ({ page }) => {
  await signUpViaApi(page);
  await page.goto("/settings/appearance");
  const html = page.locator("html");
  await expect(page.getByLabel(/^Dark/)).toBeChecked();
  await expect(html).toHaveClass(/(^| )dark( |$)/);

  await page.getByLabel(/^Light/).check();
  await expect(html).not.toHaveClass(/(^| )dark( |$)/);
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
    "rgb(255, 255, 255)",
  );
  await screenshot(page, "settings-appearance-light");
  await page.reload();
  await expect(page.getByLabel(/^Light/)).toBeChecked();
  await expect(html).not.toHaveClass(/(^| )dark( |$)/);

  // System follows the device outside Telegram.
  await page.getByLabel(/^System/).check();
  await page.emulateMedia({ colorScheme: "light" });
  await expect(html).not.toHaveClass(/(^| )dark( |$)/);
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(html).toHaveClass(/(^| )dark( |$)/);
  await page.getByLabel(/^Dark/).check();
  await screenshot(page, "settings-appearance");
});

test("purchases: No purchases yet", async ({ page }) => {
  await signUpViaApi(page);
  await page.goto("/settings/purchases");
  await expect(page.getByText("No purchases yet")).toBeVisible();
  await screenshot(page, "settings-purchases");
});

test("purchases list orders when there are some", async ({ page }) => {
  await signUpViaApi(page);
  await page.route("**/api/me/orders", (route) =>
    route.fulfill({
      json: {
        orders: [
          {
            id: "00000000-0000-4000-8000-000000000001",
            number: 1001,
            status: "fulfilled",
            total: "42.50",
            lines: [
              { productId: null, title: "Blue Dream", unitPrice: "21.25", quantity: 2, subtotal: "42.50" },
            ],
            delivery: { name: "A", address: "1 Main St", state: "CA" },
            createdAt: "2025-06-03T10:00:00.000Z",
          },
        ],
      },
    }),
  );
  await page.goto("/settings/purchases");
  const order = page.getByTestId("order");
  await expect(order).toContainText("06/03/2025");
  await expect(order).toContainText("#1001");
  await expect(order).toContainText("2 items");
  await expect(order).toContainText("42.50 credits");
  await expect(order).toContainText("Fulfilled");
});

test("delete account: typed email confirms; the account is gone", async ({ page }) => {
  const email = await signUpViaApi(page);
  await page.goto("/settings/account");
  const form = page.getByRole("form", { name: "Delete Account" });
  const button = form.getByRole("button", { name: "Delete Account" });
  await expect(button).toBeDisabled();
  await form.getByRole("textbox").fill("someone-else@e2e.test");
  await expect(button).toBeEnabled();
  await button.click();
  await expect(toast(page, "Email doesn't match")).toContainText(
    "Please enter your email address correctly to confirm deletion.",
  );
  await screenshot(page, "settings-account");

  // Case and spaces around do not matter.
  await form.getByRole("textbox").fill(`  ${email.toUpperCase()} `);
  await button.click();
  await expect(toast(page, "Account deleted")).toBeVisible();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("button", { name: "Join" })).toBeVisible();

  // The credentials went with it.
  await page.goto("/auth");
  const login = page.getByRole("form", { name: "Login" });
  await login.getByLabel("Email").fill(email);
  await login.getByLabel("Password").fill(PASSWORD);
  await login.getByRole("button", { name: "Login" }).click();
  await expect(toast(page, "Login failed")).toContainText("Invalid email or password");
});

test("Memberships: a new member has no plan and is offered the plan picker", async ({ page }) => {
  await signUpViaApi(page, { email: uniqueEmail("memberships") });
  await page.goto("/settings");
  await page.getByRole("link", { name: "Memberships" }).click();
  await expect(page).toHaveURL("/settings/memberships");
  await expect(page.getByRole("heading", { name: "Memberships" })).toBeVisible();
  await expect(page.getByText("No Active Plan", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Choose a Plan" }).click();
  const picker = page.getByRole("dialog", { name: "Manage Your Plan" });
  await expect(picker.getByLabel("Select plan")).toBeVisible();
  await screenshot(page, "settings-memberships-picker");
  await picker.getByRole("button", { name: "Close" }).click();
  await page.getByRole("link", { name: "Back" }).click();
  await expect(page).toHaveURL("/settings");
});

test("a session that ends mid-visit signs the app out", async ({ page, baseURL }) => {
  // The next call's 401 alone: the event stream, which would tell the page first (and sign it out
  // before the tap below, as the stream tests show), is kept away from this page.
  await page.route("**/api/events", (route) => route.abort());
  await signUpViaApi(page, { fullName: "Fading Member" });
  await page.goto("/settings");
  await expect(page.getByRole("navigation", { name: "Settings" })).toBeVisible();
  // Revoked elsewhere (here: through the API, outside the page): the next call answers 401.
  const revoked = await page.request.post("/api/auth/logout", { headers: { Origin: baseURL ?? "" } });
  expect(revoked.ok()).toBe(true);
  // The tap's call answers 401; the app may learn it a moment before from a call of its own (Settings,
  // and the link with it, then leave before the tap lands): either way it ends on the sign-in page.
  await page
    .getByRole("link", { name: "Purchases" })
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await expect(page).toHaveURL("/auth");
});

import { expect, test } from "@playwright/test";
import { signInAsAdmin, signUpViaApi, toast, uniqueEmail } from "./support/accounts";
import { E2E_ADMIN_EMAIL } from "./support/env";
import { screenshot } from "./support/screens";

test("a member is sent to Not authorized on /administration", async ({ page }) => {
  await signUpViaApi(page, { email: uniqueEmail("not-admin") });
  await page.goto("/administration");
  await expect(page.getByRole("heading", { name: "Not authorized" })).toBeVisible();
  // The spec's text, with its curly apostrophe.
  await expect(
    page.getByText("Your account doesn\u2019t have permission to access this page."),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Retry" })).toBeVisible();
  await screenshot(page, "guard-not-authorized");
  // The server refuses too, whatever the screen shows.
  expect((await page.request.get("/api/admin/users")).status()).toBe(403);
  await page.getByRole("button", { name: "Go Home" }).click();
  await expect(page).toHaveURL("/");
});

test("signed out, a staff page redirects to /auth", async ({ page }) => {
  await page.goto("/administration");
  await expect(page).toHaveURL("/auth");
  await page.goto("/admin/users");
  await expect(page).toHaveURL("/auth");
});

test("Verifying permissions..., then Unable to Verify Permissions with Retry", async ({ page }) => {
  await signInAsAdmin(page);
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let fail = true;
  await page.route("**/api/me/roles", async (route) => {
    if (!fail) return route.continue();
    await held;
    await route.fulfill({ status: 500, json: { error: { code: "internal", message: "boom" } } });
  });
  await page.goto("/administration");
  await expect(page.getByText("Verifying permissions...")).toBeVisible();
  await screenshot(page, "guard-verifying");
  release();
  await expect(page.getByRole("heading", { name: "Unable to Verify Permissions" })).toBeVisible();
  await expect(page.getByText("Unexpected error loading roles")).toBeVisible();
  await screenshot(page, "guard-role-error");
  fail = false;
  await page.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByRole("heading", { name: "Administration" })).toBeVisible();
});

test("a role check that hangs gives up after 5 s: Failed to load user roles", async ({ page }) => {
  await signInAsAdmin(page);
  await page.route("**/api/me/roles", () => {});
  // The page's clock is the test's: the 5 s pass at once rather than in real time. (It also keeps
  // flowing on its own, so "not yet" is checked with a second of slack.)
  await page.clock.install();
  await page.goto("/administration");
  await expect(page.getByText("Verifying permissions...")).toBeVisible();
  await page.clock.runFor(4_000);
  await expect(page.getByText("Verifying permissions...")).toBeVisible();
  await page.clock.runFor(1_100);
  await expect(page.getByRole("heading", { name: "Unable to Verify Permissions" })).toBeVisible();
  await expect(page.getByText("Failed to load user roles")).toBeVisible();
});

test("an admin sees Administration and changes a user's role", async ({ page, browser, baseURL }) => {
  // Someone to promote, signed up in their own browser.
  const otherContext = await browser.newContext({ baseURL });
  const other = await otherContext.newPage();
  const otherEmail = await signUpViaApi(other, { email: uniqueEmail("promote"), fullName: "Pat Promote" });

  await signInAsAdmin(page);
  await page.goto("/settings");
  await page.getByRole("link", { name: "Administration" }).click();
  await expect(page).toHaveURL("/administration");
  const links = page.getByRole("navigation", { name: "Administration" }).getByRole("link");
  await expect(links).toHaveText([
    "Edit Landing Page",
    "Users",
    "Memberships",
    "Content Filters",
    "Terms of Service",
    "Privacy Policy",
    "Refund Policy",
    "Shipping Policy",
    "Cancellation Policy",
    "Products",
    "Upload Products",
  ]);
  await screenshot(page, "administration");

  await links.filter({ hasText: "Users" }).click();
  await expect(page).toHaveURL("/admin/users");
  const row = page.getByTestId("user-row").filter({ hasText: otherEmail });
  await expect(row).toContainText("Pat Promote");
  await expect(row).toContainText("No role assigned");
  const admin = page.getByTestId("user-row").filter({ hasText: E2E_ADMIN_EMAIL });
  await expect(admin.locator(".badge-role")).toHaveText(["Admin"]);
  await expect(row.getByRole("combobox")).toBeVisible();
  await expect(row.getByRole("combobox").locator("option:not([disabled])")).toHaveText([
    "Admin",
    "Moderator",
    "Employee",
  ]);

  await row.getByRole("combobox").selectOption("moderator");
  await expect(toast(page, "Role updated successfully")).toBeVisible();
  await expect(row.locator(".badge-role")).toHaveText(["Moderator"]);
  await screenshot(page, "admin-users");

  // Replaced, not added: one role.
  await row.getByRole("combobox").selectOption("employee");
  await expect(row.locator(".badge-role")).toHaveText(["Employee"]);
  await page.reload();
  await expect(
    page.getByTestId("user-row").filter({ hasText: otherEmail }).locator(".badge-role"),
  ).toHaveText(["Employee"]);

  // A failure says so.
  await page.route("**/api/admin/users/*/role", (route) =>
    route.fulfill({ status: 500, json: { error: { code: "internal", message: "boom" } } }),
  );
  await page
    .getByTestId("user-row")
    .filter({ hasText: otherEmail })
    .getByRole("combobox")
    .selectOption("admin");
  await expect(toast(page, "Failed to update role")).toBeVisible();

  // An employee is staff but not admin: still not authorized on the admin screens.
  await other.goto("/administration");
  await expect(other.getByRole("heading", { name: "Not authorized" })).toBeVisible();
  await otherContext.close();
});

test("the users list failing to load says Failed to load users", async ({ page }) => {
  await signInAsAdmin(page);
  await page.route("**/api/admin/users", (route) =>
    route.fulfill({ status: 500, json: { error: { code: "internal", message: "boom" } } }),
  );
  await page.goto("/admin/users");
  await expect(page.getByText("Failed to load users").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Retry" })).toBeVisible();
});

test("/admin leads to /admin/settings (the landing page editor comes later)", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin");
  await expect(page).toHaveURL("/admin/settings");
  await page.goto("/administration");
  await page.getByRole("link", { name: "Back" }).click();
  await expect(page).toHaveURL("/settings");
});

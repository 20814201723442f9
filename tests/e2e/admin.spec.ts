import { expect, test } from "@playwright/test";
import { openAdminScreen, signInAsAdmin, signUpViaApi, toast, uniqueEmail } from "./support/accounts";
import { expectReadable } from "./support/contrast";
import { E2E_ADMIN_EMAIL, SEEDED_ORIGIN } from "./support/env";
import { screenshot } from "./support/screens";
import { LIGHT_THEME, THEME } from "./support/telegram";

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
    "Orders",
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

// Plan requests (PLAN_PAYMENTS=manual). The e2e server runs in free mode, where nothing is ever
// requested: the requests are answered here, in the server's shapes, over its real users.

interface UserBody {
  id: string;
  fullName: string | null;
  email: string | null;
  tier: { id: string; displayName: string; tierLevel: number } | null;
  pendingRequest: {
    id: string;
    tierId: string | null;
    tierName: string;
    status: "pending" | "approved" | "declined";
    createdAt: string;
    decidedAt: string | null;
  } | null;
}

const USER_LAUNCHES = [
  { name: "web", theme: null },
  { name: "telegram-light", theme: LIGHT_THEME },
  { name: "telegram-dark", theme: THEME },
] as const;

const requestOf = (id: string, tierName: string): NonNullable<UserBody["pendingRequest"]> => ({
  id,
  tierId: null,
  tierName,
  status: "pending",
  createdAt: new Date().toISOString(),
  decidedAt: null,
});

for (const launch of USER_LAUNCHES) {
  test(`plan requests (${launch.name}): the tier column, the Pending requests filter, approve and decline`, async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(90_000);
    // Two members of their own: one on Basic (chosen through the API, free mode), one with no plan.
    const context = await browser.newContext({ baseURL });
    const member = await context.newPage();
    const quinnEmail = await signUpViaApi(member, { email: uniqueEmail("quinn"), fullName: "Quinn Request" });
    const basic = (
      (await (await member.request.get("/api/tiers")).json()) as {
        tiers: { id: string; displayName: string; tierLevel: number }[];
      }
    ).tiers.find((tier) => tier.displayName === "Basic");
    const chose = await member.request.put("/api/me/plan", {
      data: { tierId: basic?.id },
      headers: { Origin: SEEDED_ORIGIN },
    });
    expect(chose.status()).toBe(200);
    await context.clearCookies();
    const danaEmail = await signUpViaApi(member, { email: uniqueEmail("dana"), fullName: "Dana Decline" });
    await context.close();

    // Their requests, as the server would list them; deciding one takes it off.
    const quinnRequest = requestOf("3f0e9a51-2b7c-4d8e-9f10-a1b2c3d4e501", "Premium");
    const danaRequest = requestOf("3f0e9a51-2b7c-4d8e-9f10-a1b2c3d4e502", "VIP");
    const pending = new Map([
      [quinnEmail, quinnRequest],
      [danaEmail, danaRequest],
    ]);
    const decided: string[] = [];
    let refuseNextApprove = launch.name === "web";
    await page.route(
      (url) => url.pathname === "/api/admin/users",
      async (route) => {
        const url = new URL(route.request().url());
        const onlyPending = url.searchParams.get("filter") === "pending";
        url.searchParams.set("filter", "all");
        const response = await route.fetch({ url: url.toString() });
        const users = ((await response.json()) as { users: UserBody[] }).users.map((user) => ({
          ...user,
          pendingRequest: (user.email && pending.get(user.email)) || null,
        }));
        await route.fulfill({
          response,
          json: { users: onlyPending ? users.filter((user) => user.pendingRequest) : users },
        });
      },
    );
    await page.route("**/api/admin/plan-requests/*/*", async (route) => {
      const [id, decision] = route.request().url().split("/").slice(-2);
      if (decision === "approve" && refuseNextApprove) {
        refuseNextApprove = false;
        return route.fulfill({
          status: 409,
          json: { error: { code: "conflict", message: "This request was already decided" } },
        });
      }
      const email = [...pending].find(([, r]) => r.id === id)?.[0];
      const found = email ? pending.get(email) : undefined;
      if (!email || !found) {
        return route.fulfill({
          status: 404,
          json: { error: { code: "not_found", message: "Request not found" } },
        });
      }
      pending.delete(email);
      decided.push(`${decision} ${found.tierName}`);
      const status = decision === "approve" ? "approved" : "declined";
      return route.fulfill({ json: { request: { ...found, status, decidedAt: new Date().toISOString() } } });
    });

    await openAdminScreen(page, request, {
      theme: launch.theme,
      firstName: "Uma",
      screen: "Users",
      path: "/admin/users",
    });
    await expect(page).toHaveURL("/admin/users");
    const row = (email: string) => page.getByTestId("user-row").filter({ hasText: email });

    // All users: each with their plan; the waiting requests with Approve and Decline.
    const filter = page.getByRole("tab", { name: "All users" });
    await expect(filter).toHaveAttribute("aria-selected", "true");
    await expect(row(quinnEmail).getByTestId("user-tier")).toHaveText("Plan: Basic");
    await expect(row(danaEmail).getByTestId("user-tier")).toHaveText("Plan: No plan");
    await expect(row(quinnEmail).getByTestId("user-request")).toContainText("Requested: Premium");
    await expect(row(E2E_ADMIN_EMAIL).getByTestId("user-request")).toHaveCount(0);

    // Pending requests: only those two.
    await page.getByRole("tab", { name: "Pending requests" }).click();
    await expect(page.getByRole("tab", { name: "Pending requests" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await expect(page.getByTestId("user-row")).toHaveCount(2);
    await screenshot(page, `admin-users-pending-${launch.name}`);
    await expectReadable(page, `users, pending requests, ${launch.name}`);

    const approve = row(quinnEmail).getByRole("button", {
      name: "Approve Quinn Request's request for Premium",
    });
    if (launch.name === "web") {
      // Decided elsewhere meanwhile: the server's message, and the list is read again.
      await approve.click();
      await expect(toast(page, "Failed to approve request")).toContainText(
        "This request was already decided",
      );
    }
    await approve.click();
    await expect(toast(page, "Plan request approved")).toBeVisible();
    await expect(row(quinnEmail)).toHaveCount(0);
    await row(danaEmail).getByRole("button", { name: "Decline Dana Decline's request for VIP" }).click();
    await expect(toast(page, "Plan request declined")).toBeVisible();
    await expect(page.getByText("No pending requests")).toBeVisible();
    expect(decided).toEqual(["approve Premium", "decline VIP"]);
    await screenshot(page, `admin-users-no-pending-${launch.name}`);
    await expectReadable(page, `users, no pending requests, ${launch.name}`);

    // Back to everyone: nothing waits any more.
    await page.getByRole("tab", { name: "All users" }).click();
    await expect(row(quinnEmail).getByTestId("user-request")).toHaveCount(0);
    await expect(row(danaEmail).getByTestId("user-request")).toHaveCount(0);
    // A live refetch of the list may still be in the route above as the test ends.
    await page.unrouteAll({ behavior: "ignoreErrors" });
  });
}

import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { signInAsAdmin, signUpViaApi, telegramAdmin, toast, uniqueEmail } from "./support/accounts";
import { expectReadable } from "./support/contrast";
import { SEEDED_ORIGIN } from "./support/env";
import { screenshot } from "./support/screens";
import { installTelegramClient, LIGHT_THEME, THEME } from "./support/telegram";

// The seeded tiers (db/seed/tiers.ts) stay as they are: other specs choose Basic and Premium. Each
// test names its own tiers after the clock and deletes them, or, when a member keeps one from being
// deleted, leaves it inactive, out of the public plan list.

interface AdminTier {
  id: string;
  name: string;
  displayName: string;
  priceMonthly: string;
  tierLevel: number;
  isActive: boolean;
  members: number;
}

const uniqueName = (prefix: string) => `${prefix} ${Date.now().toString().slice(-7)}`;

const tierRow = (page: Page, displayName: string) =>
  page
    .getByTestId("admin-tier")
    .filter({ has: page.getByRole("heading", { name: displayName, exact: true }) });

async function allTiers(request: APIRequestContext): Promise<AdminTier[]> {
  const response = await request.get("/api/admin/tiers");
  expect(response.status()).toBe(200);
  return ((await response.json()) as { tiers: AdminTier[] }).tiers;
}

/** Opens /admin/memberships the way an admin gets there: Settings, Administration, Memberships. */
async function openFromAdministration(page: Page) {
  await page.goto("/administration");
  await page
    .getByRole("navigation", { name: "Administration" })
    .getByRole("link", { name: "Memberships" })
    .click();
  await expect(page).toHaveURL("/admin/memberships");
  await expect(page.getByRole("heading", { name: "Memberships", level: 1 })).toBeVisible();
  await expect(tierRow(page, "Free")).toBeVisible();
}

/** Waits out the toasts (4 s; longer while the pointer rests on one) so they cover no button. */
async function untilToastsGo(page: Page) {
  await page.mouse.move(195, 100);
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 10_000 });
}

async function fillCreateSheet(
  page: Page,
  values: { name: string; price: string; description?: string; features?: string },
) {
  await page.getByRole("button", { name: "Add Tier" }).click();
  const sheet = page.getByRole("dialog", { name: "Add Membership Tier" });
  await sheet.getByLabel("Display name").fill(values.name);
  await sheet.getByLabel("Price (USD per month)").fill(values.price);
  if (values.description) await sheet.getByLabel("Description").fill(values.description);
  if (values.features) await sheet.getByLabel("Features").fill(values.features);
  return sheet;
}

test("an admin lists, creates, edits and deletes membership tiers", async ({ page }) => {
  test.setTimeout(60_000);
  await signInAsAdmin(page);
  await openFromAdministration(page);

  // The seeded tiers, lowest level first, each with its slug, price, level and members.
  const seeded = [
    ["Free", "free", "$0.00/month", "1"],
    ["Basic", "basic", "$25.00/month", "2"],
    ["Premium", "premium", "$50.00/month", "3"],
    ["VIP", "vip", "$100.00/month", "4"],
  ] as const;
  for (const [name, slug, price, level] of seeded) {
    const row = tierRow(page, name);
    await expect(row.getByText(slug, { exact: true })).toBeVisible();
    await expect(row.getByTestId("tier-price")).toHaveText(price);
    await expect(row.getByTestId("tier-level")).toHaveText(level);
    await expect(row.getByTestId("tier-members")).toHaveText(/^\d+ members?$/);
    await expect(row.getByTestId("tier-inactive")).toHaveCount(0);
  }
  const highest = Math.max(...(await allTiers(page.request)).map((tier) => tier.tierLevel));

  // Create: the slug follows the name; the new tier goes one level above the highest.
  const name = uniqueName("E2E Gold");
  const sheet = await fillCreateSheet(page, {
    name,
    price: "30.5",
    description: "A tier made by the end-to-end tests.",
    features: "Thirty dollars a month\n\nEarly access",
  });
  const slug = name.toLowerCase().replaceAll(" ", "_");
  await expect(sheet.getByText(`Slug: ${slug}`)).toBeVisible();
  await expect(sheet.getByRole("checkbox", { name: "Active" })).toBeChecked();
  await screenshot(page, "admin-memberships-create");
  await sheet.getByRole("button", { name: "Create Tier" }).click();
  await expect(toast(page, "Membership tier created successfully")).toBeVisible();
  await expect(sheet).toHaveCount(0);
  const created = tierRow(page, name);
  await expect(created.getByText(slug, { exact: true })).toBeVisible();
  await expect(created.getByTestId("tier-price")).toHaveText("$30.50/month");
  await expect(created.getByTestId("tier-level")).toHaveText(String(highest + 1));
  await expect(created.getByTestId("tier-members")).toHaveText("0 members");
  const stored = (await allTiers(page.request)).find((tier) => tier.displayName === name);
  expect(stored).toMatchObject({ name: slug, priceMonthly: "30.50", isActive: true });

  // The same name again: the server's refusal is what the toast says.
  await fillCreateSheet(page, { name, price: "1" });
  await page.getByRole("button", { name: "Create Tier" }).click();
  await expect(toast(page, "Failed to create membership tier")).toContainText(
    "A membership tier with this name already exists",
  );
  await page
    .getByRole("dialog", { name: "Add Membership Tier" })
    .getByRole("button", { name: "Cancel" })
    .click();
  await untilToastsGo(page);

  // Edit: only the name, the price and Active; the slug follows the new name.
  const renamed = `${name} Plus`;
  await created.getByRole("button", { name: `Edit ${name}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit Membership Tier" });
  await expect(edit.getByLabel("Display name")).toHaveValue(name);
  await expect(edit.getByLabel("Price (USD per month)")).toHaveValue("30.50");
  await expect(edit.getByLabel("Description")).toHaveCount(0);
  await expect(edit.getByLabel("Features")).toHaveCount(0);
  await edit.getByLabel("Display name").fill(renamed);
  await edit.getByLabel("Price (USD per month)").fill("35");
  await edit.getByRole("checkbox", { name: "Active" }).uncheck();
  await screenshot(page, "admin-memberships-edit");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "Membership tier updated successfully")).toBeVisible();
  await expect(edit).toHaveCount(0);
  const edited = tierRow(page, renamed);
  await expect(edited.getByTestId("tier-inactive")).toHaveText("Inactive");
  await expect(edited.getByTestId("tier-price")).toHaveText("$35.00/month");
  await expect(edited.getByText(`${slug}_plus`, { exact: true })).toBeVisible();
  await expect(edited.getByTestId("tier-level")).toHaveText(String(highest + 1));
  await expect(tierRow(page, name)).toHaveCount(0);
  // An inactive tier is not offered to members.
  const publicTiers = (await (await page.request.get("/api/tiers")).json()) as { tiers: AdminTier[] };
  expect(publicTiers.tiers.map((tier) => tier.displayName)).not.toContain(renamed);
  await untilToastsGo(page);
  await screenshot(page, "admin-memberships-list");

  // Delete: the confirmation names the tier; Cancel keeps it.
  await edited.getByRole("button", { name: `Delete ${renamed}` }).click();
  const confirm = page.getByRole("dialog", { name: `Delete ${renamed}?` });
  await expect(confirm).toContainText(`This permanently deletes the ${renamed} tier`);
  await screenshot(page, "admin-memberships-delete");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(edited).toBeVisible();
  await edited.getByRole("button", { name: `Delete ${renamed}` }).click();
  await confirm.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(toast(page, `${renamed} deleted successfully`)).toBeVisible();
  await expect(tierRow(page, renamed)).toHaveCount(0);
  expect((await allTiers(page.request)).map((tier) => tier.displayName)).not.toContain(renamed);

  // The seeded tiers are as they were.
  for (const [seededName, , price] of seeded) {
    await expect(tierRow(page, seededName).getByTestId("tier-price")).toHaveText(price);
  }
});

test("the form's checks say the spec's messages", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/memberships");
  await expect(tierRow(page, "Free")).toBeVisible();
  const before = (await allTiers(page.request)).length;

  const sheet = await fillCreateSheet(page, { name: "   ", price: "10" });
  await sheet.getByRole("button", { name: "Create Tier" }).click();
  await expect(toast(page, "Failed to create membership tier")).toContainText("Display name is required");
  await expect(sheet.getByRole("alert")).toHaveText("Display name is required");
  await expect(sheet.getByLabel("Display name")).toHaveAttribute("aria-invalid", "true");

  await sheet.getByLabel("Display name").fill(uniqueName("E2E Check"));
  await sheet.getByLabel("Price (USD per month)").fill("-5");
  await sheet.getByRole("button", { name: "Create Tier" }).click();
  await expect(sheet.getByRole("alert")).toHaveText("Valid price is required");
  await expect(toast(page, "Failed to create membership tier")).toContainText("Valid price is required");
  await expect(sheet.getByLabel("Price (USD per month)")).toHaveAttribute("step", "0.01");
  await expect(sheet.getByLabel("Price (USD per month)")).toHaveAttribute("min", "0");
  await screenshot(page, "admin-memberships-validation");
  await sheet.getByRole("button", { name: "Cancel" }).click();

  // Nothing was created.
  expect(await allTiers(page.request)).toHaveLength(before);

  // Editing a seeded tier to a blank name is refused the same way, and nothing changes.
  await tierRow(page, "Basic").getByRole("button", { name: "Edit Basic" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Membership Tier" });
  await edit.getByLabel("Display name").fill("");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "Failed to update membership tier")).toContainText("Display name is required");
  await edit.getByRole("button", { name: "Close" }).click();
  expect((await allTiers(page.request)).find((tier) => tier.name === "basic")).toMatchObject({
    displayName: "Basic",
    priceMonthly: "25.00",
    isActive: true,
  });
});

test("a tier with members on it is not deleted: the server's message says why", async ({
  page,
  browser,
  baseURL,
}) => {
  await signInAsAdmin(page);
  await page.goto("/admin/memberships");
  await expect(tierRow(page, "Free")).toBeVisible();
  const name = uniqueName("E2E Taken");
  const sheet = await fillCreateSheet(page, { name, price: "12" });
  await sheet.getByRole("button", { name: "Create Tier" }).click();
  await expect(toast(page, "Membership tier created successfully")).toBeVisible();
  const tier = (await allTiers(page.request)).find((t) => t.displayName === name);
  if (!tier) throw new Error(`${name} was not created`);

  // A member of their own chooses it.
  const memberContext = await browser.newContext({ baseURL });
  const member = await memberContext.newPage();
  await signUpViaApi(member, { email: uniqueEmail("tier-member"), fullName: "Tier Member" });
  const chose = await member.request.put("/api/me/plan", {
    data: { tierId: tier.id },
    headers: { Origin: SEEDED_ORIGIN },
  });
  expect(chose.status(), await chose.text()).toBe(200);
  await memberContext.close();

  await page.reload();
  const row = tierRow(page, name);
  await expect(row.getByTestId("tier-members")).toHaveText("1 member");
  await row.getByRole("button", { name: `Delete ${name}` }).click();
  await page
    .getByRole("dialog", { name: `Delete ${name}?` })
    .getByRole("button", { name: "Delete", exact: true })
    .click();
  const failed = toast(page, "Failed to delete tier");
  await expect(failed).toContainText("Cannot delete tier. 1 user(s) are currently on this plan.");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(row).toBeVisible();
  await screenshot(page, "admin-memberships-delete-refused");

  // Left behind inactive, so members are not offered it.
  const patched = await page.request.patch(`/api/admin/tiers/${tier.id}`, {
    data: { displayName: name, priceMonthly: "12.00", isActive: false },
    headers: { Origin: SEEDED_ORIGIN },
  });
  expect(patched.status()).toBe(200);
});

test("a member is refused /admin/memberships, and so is their API call", async ({ page }) => {
  await signUpViaApi(page, { email: uniqueEmail("not-admin-tiers") });
  await page.goto("/admin/memberships");
  await expect(page.getByRole("heading", { name: "Not authorized" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Add Tier" })).toHaveCount(0);
  expect((await page.request.get("/api/admin/tiers")).status()).toBe(403);
});

test("signed out, /admin/memberships goes to /auth", async ({ page }) => {
  await page.goto("/admin/memberships");
  await expect(page).toHaveURL("/auth");
});

test("the list failing to load says so, and Retry loads it", async ({ page }) => {
  await signInAsAdmin(page);
  let fail = true;
  await page.route("**/api/admin/tiers", (route) =>
    fail
      ? route.fulfill({ status: 500, json: { error: { code: "internal", message: "boom" } } })
      : route.fallback(),
  );
  await page.goto("/admin/memberships");
  await expect(page.getByText("Failed to load membership tiers")).toBeVisible();
  fail = false;
  await page.getByRole("button", { name: "Retry" }).click();
  await expect(tierRow(page, "Free")).toBeVisible();
});

test("with no tiers at all, the page says so and still offers Add Tier", async ({ page }) => {
  await signInAsAdmin(page);
  await page.route("**/api/admin/tiers", (route) =>
    route.request().method() === "GET" ? route.fulfill({ json: { tiers: [] } }) : route.fallback(),
  );
  await page.goto("/admin/memberships");
  await expect(page.getByText("No membership tiers yet")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add Tier" })).toBeVisible();
});

test.describe("inside Telegram", () => {
  for (const [themeName, theme] of [
    ["light", LIGHT_THEME],
    ["dark", THEME],
  ] as const) {
    test(`an admin manages tiers (${themeName})`, async ({ page, request }) => {
      test.setTimeout(60_000);
      const hash = await telegramAdmin(page, request, "Tia", theme);

      await installTelegramClient(page, theme);
      await page.goto(`/${hash}`);
      await page.getByRole("button", { name: "Account" }).click();
      await page.getByRole("link", { name: "Administration" }).click();
      await page
        .getByRole("navigation", { name: "Administration" })
        .getByRole("link", { name: "Memberships" })
        .click();
      await expect(page).toHaveURL("/admin/memberships");
      await expect(tierRow(page, "VIP")).toBeVisible();
      await screenshot(page, `admin-memberships-telegram-${themeName}`);
      await expectReadable(page, `memberships admin, Telegram ${themeName}`);

      const name = uniqueName(`E2E Tg ${themeName}`);
      const sheet = await fillCreateSheet(page, { name, price: "9.99", features: "One\nTwo" });
      await expect(sheet.getByRole("checkbox", { name: "Active" })).toBeChecked();
      await screenshot(page, `admin-memberships-telegram-${themeName}-create`);
      await expectReadable(page, `memberships admin sheet, Telegram ${themeName}`);
      await sheet.getByRole("button", { name: "Create Tier" }).click();
      await expect(toast(page, "Membership tier created successfully")).toBeVisible();
      await untilToastsGo(page);

      const row = tierRow(page, name);
      await row.getByRole("button", { name: `Delete ${name}` }).click();
      const confirm = page.getByRole("dialog", { name: `Delete ${name}?` });
      await expect(confirm).toBeVisible();
      await screenshot(page, `admin-memberships-telegram-${themeName}-delete`);
      await expectReadable(page, `memberships admin delete, Telegram ${themeName}`);
      await confirm.getByRole("button", { name: "Delete", exact: true }).click();
      await expect(toast(page, `${name} deleted successfully`)).toBeVisible();
      await expect(row).toHaveCount(0);
    });
  }
});

import type { APIRequestContext, Page } from "@playwright/test";
import {
  openAdminScreen,
  signInAsAdmin,
  signUpViaApi,
  telegramAdmin,
  toast,
  uniqueEmail,
} from "./support/accounts";
import { expectReadable } from "./support/contrast";
import { SEEDED_ORIGIN } from "./support/env";
import { gate } from "./support/hold";
import { LAUNCHES, launchTheme, lookAt } from "./support/looks";
import { screenshot } from "./support/screens";
import { installTelegramClient, THEME } from "./support/telegram";
import { expect, test } from "./support/test";
import { catalogText } from "./support/texts";
import { untilToastsGo } from "./support/toasts";

// The seeded tiers (db/seed/tiers.ts) stay as they are: other specs choose Basic and Premium. Each
// test names its own tiers after the clock and deletes them, or, when a member keeps one from being
// deleted, leaves it inactive, out of the public plan list.

interface AdminTier {
  id: string;
  name: string;
  displayName: string;
  priceMonthly: string;
  tierLevel: number;
  priceStars: number | null;
  isActive: boolean;
  members: number;
}

const uniqueName = (prefix: string) => `${prefix} ${Date.now().toString().slice(-7)}`;

const tierRow = (page: Page, displayName: string) =>
  page
    .getByRole("list", { name: "Membership tiers" })
    .getByRole("listitem", { name: displayName, exact: true })
    .and(page.getByTestId("admin-tier"));

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

test("inside Telegram in Arabic: a taken name is said under the display name, in Arabic", async ({
  page,
  request,
}) => {
  const hash = await telegramAdmin(page, request, "Layla", THEME, "ar");
  await installTelegramClient(page, THEME);
  await page.goto(`/${hash}`);
  await expect(page.getByTestId("member-home")).toBeVisible();
  await page.goto("/admin/memberships");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  const ar = (key: string) => catalogText("ar", key, "admin");
  await page.getByRole("button", { name: ar("admin.memberships.addTier") }).click();
  const sheet = page.getByRole("dialog", { name: ar("admin.memberships.addTitle") });
  const name = sheet.getByLabel(ar("admin.memberships.displayName"));
  // The seeded Basic tier has the name: only the server knows, and answers in the admin's language.
  await name.fill("Basic");
  await sheet.getByLabel(ar("admin.memberships.priceMonthly")).fill("7");
  await sheet.getByRole("button", { name: ar("admin.memberships.createTier") }).click();
  const taken = catalogText("ar", "A membership tier with this name already exists", "messages");
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(name).toHaveAccessibleDescription(taken);
  await expect(sheet.getByRole("alert")).toHaveText(taken);
  await expect(sheet.getByLabel(ar("admin.memberships.priceMonthly"))).not.toHaveAttribute("aria-invalid");
  await expect(toast(page, ar("admin.memberships.createFailed"))).toContainText(taken);
  await untilToastsGo(page);
  // The sheet keeps its scroll at the button pressed: bring the refused field into the picture.
  await name.scrollIntoViewIfNeeded();
  await screenshot(page, "admin-memberships-name-taken-ar-telegram-dark");
  await expectReadable(page, "the tier form's refusal in Arabic, Telegram dark");
  // Editing the name takes the message away.
  await name.fill("Basic Plus");
  await expect(sheet.getByRole("alert")).toHaveCount(0);
  await expect(name).not.toHaveAttribute("aria-invalid");
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

test("inside Telegram, an admin manages tiers", async ({ page, request }) => {
  test.setTimeout(60_000);
  await openAdminScreen(page, request, {
    theme: THEME,
    firstName: "Tia",
    screen: "Memberships",
    path: "/admin/memberships",
  });
  await expect(page).toHaveURL("/admin/memberships");
  await expect(tierRow(page, "VIP")).toBeVisible();
  await lookAt(page, "telegram", "admin-memberships");

  const name = uniqueName("E2E Tg");
  const sheet = await fillCreateSheet(page, { name, price: "9.99", features: "One\nTwo" });
  await expect(sheet.getByRole("checkbox", { name: "Active" })).toBeChecked();
  await lookAt(page, "telegram", "admin-memberships-create");
  await sheet.getByRole("button", { name: "Create Tier" }).click();
  await expect(toast(page, "Membership tier created successfully")).toBeVisible();
  await untilToastsGo(page);

  const row = tierRow(page, name);
  await row.getByRole("button", { name: `Delete ${name}` }).click();
  const confirm = page.getByRole("dialog", { name: `Delete ${name}?` });
  await expect(confirm).toBeVisible();
  await lookAt(page, "telegram", "admin-memberships-delete");
  await confirm.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(toast(page, `${name} deleted successfully`)).toBeVisible();
  await expect(row).toHaveCount(0);
});

// Telegram Stars: a tier's Stars price, and the payments list (answered here in the server's shapes:
// the e2e server runs with the bot off, so no real payment can arrive).

test("the Stars price is checked as the server checks it, saved, shown and cleared", async ({ page }) => {
  test.setTimeout(60_000);
  await signInAsAdmin(page);
  // A shop selling plans for Stars (the server here runs PLAN_PAYMENTS=free): its answer, so said.
  await page.route("**/api/admin/tiers", async (route) => {
    if (route.request().method() !== "GET") return route.fallback();
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), payments: "stars" } });
  });
  await page.goto("/admin/memberships");
  await expect(tierRow(page, "Free")).toBeVisible();
  const name = uniqueName("E2E Stars");
  const sheet = await fillCreateSheet(page, { name, price: "20" });
  const stars = sheet.getByLabel("Stars price (per 30 days, optional)");
  await expect(stars).toHaveAttribute("step", "1");
  await expect(stars).toHaveAttribute("min", "1");
  await expect(stars).toHaveAttribute("max", "10000");
  for (const wrong of ["0", "2.5", "10001"]) {
    await stars.fill(wrong);
    await sheet.getByRole("button", { name: "Create Tier" }).click();
    await expect(sheet.getByRole("alert")).toHaveText("Stars price must be a whole number from 1 to 10000");
    await expect(stars).toHaveAttribute("aria-invalid", "true");
  }
  await expect(toast(page, "Failed to create membership tier")).toContainText(
    "Stars price must be a whole number from 1 to 10000",
  );
  await screenshot(page, "admin-memberships-stars-validation");
  await expectReadable(page, "Stars price validation, web");
  await stars.fill("250");
  await expect(sheet.getByRole("alert")).toHaveCount(0);
  await sheet.getByRole("button", { name: "Create Tier" }).click();
  await expect(toast(page, "Membership tier created successfully")).toBeVisible();
  const row = tierRow(page, name);
  await expect(row.getByTestId("tier-stars")).toHaveText("⭐ 250 / 30 days");
  expect((await allTiers(page.request)).find((tier) => tier.displayName === name)).toMatchObject({
    priceStars: 250,
  });
  // The seeded paid tiers are sold for Stars too; the free one needs no Stars price.
  await expect(tierRow(page, "Basic").getByTestId("tier-stars")).toHaveText("⭐ 1250 / 30 days");
  await expect(tierRow(page, "Free").getByTestId("tier-stars")).toHaveCount(0);

  // Edit shows it; emptied, the tier is no longer sold for Stars.
  await row.getByRole("button", { name: `Edit ${name}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit Membership Tier" });
  await expect(edit.getByLabel("Stars price (per 30 days, optional)")).toHaveValue("250");
  await edit.getByLabel("Stars price (per 30 days, optional)").fill("");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "Membership tier updated successfully")).toBeVisible();
  // In a Stars shop, a paid tier without a Stars price is one members can only ask an admin for.
  await expect(row.getByTestId("tier-stars")).toHaveText(
    "Not sold for Stars: members can only ask an admin for it",
  );
  await untilToastsGo(page);
  await row.scrollIntoViewIfNeeded();
  await screenshot(page, "admin-memberships-not-for-stars");
  await expectReadable(page, "a tier not sold for Stars, web");
  const saved = (await allTiers(page.request)).find((tier) => tier.displayName === name);
  expect(saved).toMatchObject({ priceStars: null });

  // Gone again.
  const removed = await page.request.delete(`/api/admin/tiers/${saved?.id}`, {
    headers: { Origin: SEEDED_ORIGIN },
  });
  expect(removed.status()).toBe(200);
});

interface StarPaymentBody {
  id: string;
  userId: string | null;
  userName: string | null;
  telegramId: string;
  tierName: string | null;
  stars: number;
  currency: string;
  chargeId: string;
  providerChargeId: string | null;
  flag: string | null;
  renewal: boolean;
  paidAt: string;
  expiresAt: string | null;
  refundedAt: string | null;
}

/**
 * The list as the server sends it (decision 116): the payment not applied first (money for an
 * account deleted before it arrived), then the newest: Stars, a card payment through the provider,
 * a Stars renewal, one refunded.
 */
function starPayments(): StarPaymentBody[] {
  const stars = { currency: "XTR", providerChargeId: null, flag: null, refundedAt: null };
  return [
    {
      ...stars,
      id: "0c4a6e3e-4d0b-4a43-9f25-3b8f2a7c1d05",
      userId: null,
      userName: null,
      telegramId: "5001",
      tierName: null,
      stars: 250,
      chargeId: "stxGoneBeforeItArrived",
      flag: "account_gone",
      renewal: false,
      paidAt: "2031-06-01T12:00:00.000Z",
      expiresAt: null,
    },
    {
      ...stars,
      id: "0c4a6e3e-4d0b-4a43-9f25-3b8f2a7c1d01",
      userId: "7d2f0b8e-1c3a-4e5f-8a9b-0c1d2e3f4a01",
      userName: "Sam Stars",
      telegramId: "5002",
      tierName: "Premium",
      stars: 250,
      chargeId: "stxSamFirst",
      renewal: false,
      paidAt: "2031-06-15T12:00:00.000Z",
      expiresAt: "2031-07-15T12:00:00.000Z",
    },
    {
      ...stars,
      id: "0c4a6e3e-4d0b-4a43-9f25-3b8f2a7c1d04",
      userId: "7d2f0b8e-1c3a-4e5f-8a9b-0c1d2e3f4a04",
      userName: "Cara Card",
      telegramId: "5004",
      tierName: "Basic",
      stars: 2500,
      currency: "EUR",
      chargeId: "inv-charge-cara",
      providerChargeId: "pi_3PcaraCardRefund42",
      renewal: false,
      paidAt: "2031-06-12T12:00:00.000Z",
      expiresAt: "2031-07-12T12:00:00.000Z",
    },
    {
      ...stars,
      id: "0c4a6e3e-4d0b-4a43-9f25-3b8f2a7c1d02",
      userId: "7d2f0b8e-1c3a-4e5f-8a9b-0c1d2e3f4a02",
      userName: "Ora Other",
      telegramId: "5003",
      tierName: "VIP",
      stars: 500,
      chargeId: "stxOraRenewal",
      renewal: true,
      paidAt: "2031-06-10T12:00:00.000Z",
      expiresAt: "2031-07-10T12:00:00.000Z",
    },
    {
      ...stars,
      id: "0c4a6e3e-4d0b-4a43-9f25-3b8f2a7c1d03",
      userId: null,
      userName: null,
      telegramId: "5005",
      tierName: "Basic",
      stars: 100,
      chargeId: "stxGone",
      renewal: false,
      paidAt: "2031-05-02T12:00:00.000Z",
      expiresAt: "2031-06-01T12:00:00.000Z",
      refundedAt: "2031-05-03T12:00:00.000Z",
    },
  ];
}

const paymentRow = (page: Page, member: string) =>
  page
    .getByRole("list", { name: "Telegram payments" })
    .getByRole("listitem", { name: member, exact: true })
    .and(page.getByTestId("star-payment"));

/**
 * GET /api/admin/payments from `payments`; a refund (Stars) or a mark (a provider's) marks the
 * payment refunded (as the server does) unless `refusals` holds an answer for its id.
 */
async function answerPayments(
  page: Page,
  payments: StarPaymentBody[],
  refusals: Record<string, { status: number; message: string }> = {},
) {
  await page.route("**/api/admin/payments", (route) => route.fulfill({ json: { payments } }));
  await page.route(/\/api\/admin\/payments\/[^/]+\/(refund|mark-refunded)$/, async (route) => {
    const id = route.request().url().split("/").at(-2) ?? "";
    const refusal = refusals[id];
    if (refusal) {
      return route.fulfill({
        status: refusal.status,
        json: { error: { code: "conflict", message: refusal.message } },
      });
    }
    const payment = payments.find((p) => p.id === id);
    if (!payment)
      return route.fulfill({
        status: 404,
        json: { error: { code: "not_found", message: "Payment not found" } },
      });
    payment.refundedAt = new Date().toISOString();
    return route.fulfill({ json: { payment } });
  });
}

test("payments: loading, a failure with Retry, and none yet", async ({ page }) => {
  await signInAsAdmin(page);
  const { passed: held, open: release } = gate();
  let answer: "fail" | "empty" = "fail";
  await page.route("**/api/admin/payments", async (route) => {
    await held;
    if (answer === "fail") {
      return route.fulfill({ status: 500, json: { error: { code: "internal", message: "boom" } } });
    }
    return route.fulfill({ json: { payments: [] } });
  });
  await page.goto("/admin/memberships");
  const section = page.getByRole("region", { name: "Telegram payments" });
  await expect(section.getByRole("status", { name: "Loading payments" })).toBeVisible();
  release();
  await expect(section.getByText("Failed to load payments")).toBeVisible();
  answer = "empty";
  await section.getByRole("button", { name: "Retry" }).click();
  await expect(section.getByText("No payments yet")).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await screenshot(page, "admin-memberships-payments-empty");
});

for (const launch of LAUNCHES) {
  test(`payments (${launch}): listed with member, tier, amount, date and renewal; a payment not applied badged with why; Stars refunded, a card payment marked refunded after refunding at the provider`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const payments = starPayments();
    const ora = payments.find((p) => p.userName === "Ora Other");
    await answerPayments(page, payments, {
      [ora?.id ?? ""]: { status: 409, message: "This payment was already refunded" },
    });
    await openAdminScreen(page, request, {
      theme: launchTheme(launch),
      firstName: "Pay",
      screen: "Memberships",
      path: "/admin/memberships",
    });
    const section = page.getByRole("region", { name: "Telegram payments" });
    const sam = paymentRow(page, "Sam Stars");
    await expect(sam.getByTestId("payment-tier")).toHaveText("Premium");
    await expect(sam.getByTestId("payment-amount")).toHaveText("⭐ 250");
    await expect(sam.getByTestId("payment-date")).toHaveText("06/15/2031");
    await expect(sam.getByTestId("payment-kind")).toHaveText("First payment · paid until 07/15/2031");
    await expect(sam.getByTestId("payment-refunded")).toHaveCount(0);
    await expect(paymentRow(page, "Ora Other").getByTestId("payment-kind")).toHaveText(
      "Renewal · paid until 07/10/2031",
    );
    const gone = paymentRow(page, "Deleted account");
    await expect(gone.getByTestId("payment-refunded")).toHaveText("Refunded");
    await expect(gone.getByRole("button", { name: /^Refund/ })).toHaveCount(0);
    // Money for an account deleted before it arrived: listed first, unmatched, the payer and the charge.
    const unmatched = paymentRow(page, "Telegram user 5001");
    await expect(section.getByTestId("star-payment").first()).toHaveAccessibleName("Telegram user 5001");
    await expect(unmatched.getByTestId("payment-unmatched")).toHaveText("Unmatched");
    await expect(unmatched.getByTestId("payment-why")).toHaveText(
      "Not applied: the account it was for has been deleted",
    );
    await expect(unmatched.getByTestId("payment-charge")).toHaveText(
      "Telegram user 5001 · charge stxGoneBeforeItArrived",
    );
    await expect(unmatched.getByTestId("payment-tier")).toHaveText("—");
    // A card payment through the provider.
    const cara = paymentRow(page, "Cara Card");
    await expect(cara.getByTestId("payment-amount")).toHaveText("€25.00");
    await expect(cara.getByTestId("payment-kind")).toHaveText(
      "Paid by card · First payment · paid until 07/12/2031",
    );
    await section.getByRole("heading", { name: "Telegram payments" }).scrollIntoViewIfNeeded();
    await lookAt(page, launch, "admin-memberships-payments");

    // Refund: confirmed first; Cancel keeps it.
    await sam.getByRole("button", { name: "Refund Sam Stars's payment of 250 Stars" }).click();
    const confirm = page.getByRole("dialog", { name: "Refund this payment?" });
    await expect(confirm).toContainText(
      "Sam Stars gets ⭐ 250 back for Premium, paid on 06/15/2031, and their subscription ends at once.",
    );
    await lookAt(page, launch, "admin-memberships-refund");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toHaveCount(0);
    expect(payments[0]?.refundedAt).toBeNull();
    await sam.getByRole("button", { name: "Refund Sam Stars's payment of 250 Stars" }).click();
    await confirm.getByRole("button", { name: "Refund", exact: true }).click();
    await expect(toast(page, "Payment refunded")).toBeVisible();
    await expect(confirm).toHaveCount(0);
    await expect(sam.getByTestId("payment-refunded")).toHaveText("Refunded");
    await expect(sam.getByRole("button", { name: /^Refund/ })).toHaveCount(0);

    // A refusal says the server's message.
    await paymentRow(page, "Ora Other")
      .getByRole("button", { name: /^Refund/ })
      .click();
    await confirm.getByRole("button", { name: "Refund", exact: true }).click();
    await expect(toast(page, "Refund failed")).toContainText("This payment was already refunded");
    await expect(confirm).toHaveCount(0);

    // The unmatched payment: Refund gives the Stars back and changes no plan.
    await unmatched.getByRole("button", { name: "Refund Telegram user 5001's payment of 250 Stars" }).click();
    await expect(confirm).toContainText(
      "Telegram user 5001 gets ⭐ 250 back. Nothing was granted for this payment, so no plan changes.",
    );
    await confirm.getByRole("button", { name: "Refund", exact: true }).click();
    await expect(unmatched.getByTestId("payment-refunded")).toHaveText("Refunded");
    await untilToastsGo(page);

    // The card payment: no Refund through Telegram; marked refunded once refunded at the provider.
    await expect(cara.getByRole("button", { name: /^Refund/ })).toHaveCount(0);
    await cara.getByRole("button", { name: "Mark Cara Card's payment of €25.00 refunded" }).click();
    const mark = page.getByRole("dialog", { name: "Refunded at the provider?" });
    await expect(mark).toContainText(
      "Telegram cannot refund a card payment. First refund €25.00 to Cara Card in your payment provider's dashboard, using this charge id:",
    );
    await expect(mark.getByTestId("provider-charge-id")).toHaveText("pi_3PcaraCardRefund42");
    await expect(mark).toContainText("Then confirm here: their Basic plan ends at once.");
    await expect(mark.getByRole("button", { name: "Copy the charge id" })).toBeVisible();
    await lookAt(page, launch, "admin-memberships-mark-refunded");
    await mark.getByRole("button", { name: "Yes, refunded" }).click();
    await expect(toast(page, "Marked refunded")).toBeVisible();
    await expect(mark).toHaveCount(0);
    await expect(cara.getByTestId("payment-refunded")).toHaveText("Refunded");
    await expect(cara.getByRole("button", { name: /^Mark/ })).toHaveCount(0);
  });
}

test("inside Telegram in Arabic: a payment not applied and a card payment's mark-refunded sheet read right to left", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  await answerPayments(page, starPayments());
  const hash = await telegramAdmin(page, request, "Sami", THEME, "ar");
  await installTelegramClient(page, THEME);
  await page.goto(`/${hash}`);
  await expect(page.getByTestId("member-home")).toBeVisible();
  await page.goto("/admin/memberships");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  const list = page.getByRole("list", { name: catalogText("ar", "admin.payments.title", "admin") });
  const rows = list.getByTestId("star-payment");
  await expect(rows.first().getByTestId("payment-unmatched")).toHaveText(
    catalogText("ar", "admin.payments.unmatchedBadge", "admin"),
  );
  await page
    .getByRole("heading", { name: catalogText("ar", "admin.payments.title", "admin") })
    .scrollIntoViewIfNeeded();
  await lookAt(page, "telegram", "admin-memberships-payments-ar");
  await rows
    .filter({ hasText: "Cara Card" })
    // The row's one button: Mark refunded (named for the member and the amount).
    .getByRole("button")
    .click();
  const mark = page.getByRole("dialog", { name: catalogText("ar", "admin.payments.markQuestion", "admin") });
  await expect(mark.getByTestId("provider-charge-id")).toHaveText("pi_3PcaraCardRefund42");
  await lookAt(page, "telegram", "admin-memberships-mark-refunded-ar");
});

import type { Page, Route } from "@playwright/test";
import { openAdminScreen, signInAsAdmin, toast } from "./support/accounts";
import { SEEDED_ORIGIN } from "./support/env";
import { LAUNCHES, launchTheme, lookAt } from "./support/looks";
import { placeCreditOrder, telegramMember } from "./support/orders";
import { screenshot } from "./support/screens";
import { expect, test } from "./support/test";
import { untilToastsGo } from "./support/toasts";

// The owner's dashboard (/admin/dashboard). Other specs place orders on the same server, so the
// figures are read from the screen and compared with what this spec itself changes.

const totalValue = (page: Page, key: "credits" | "orders") =>
  page.getByTestId(`total-${key}`).locator(".dashboard-total-value");

const periodTab = (page: Page, label: string) =>
  page.getByRole("tablist", { name: "Period" }).getByRole("tab", { name: label });

/** A total as shown ("1,234.50") as a number. */
const shown = async (page: Page, key: "credits" | "orders") =>
  Number(((await totalValue(page, key).textContent()) ?? "").replace(/,/g, ""));

async function expectFigures(page: Page) {
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await expect(periodTab(page, "30 days")).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("dashboard-zone")).toHaveText("Days in UTC, today included");
  await expect(totalValue(page, "orders")).not.toHaveText("0");
  for (const chart of ["chart-credits", "chart-orders", "chart-plans", "chart-new-members"]) {
    await expect(page.getByTestId(chart).locator("svg"), chart).toBeVisible();
  }
  await expect(page.getByRole("img", { name: /^Bar chart of credits spent per day/ })).toBeVisible();
  // Members by plan: the chart's numbers as a table, the seeded plans in it.
  const plans = page.getByRole("table", { name: /^Members on each plan now/ });
  await expect(plans.getByRole("rowheader", { name: "Premium" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Top products" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Low stock" })).toBeVisible();
}

for (const launch of LAUNCHES) {
  test(`an admin reads the dashboard and switches the period (${launch})`, async ({
    page,
    request,
    playwright,
  }) => {
    test.setTimeout(60_000);
    const buyer = await playwright.request.newContext({ baseURL: SEEDED_ORIGIN });
    await placeCreditOrder(buyer, await telegramMember(buyer, `Buyer${launch}`));
    await buyer.dispose();
    await openAdminScreen(page, request, {
      theme: launchTheme(launch),
      firstName: `Owner${launch}`,
      screen: "Dashboard",
      path: "/admin/dashboard",
    });
    await expectFigures(page);
    await lookAt(page, launch, "dashboard");

    await periodTab(page, "7 days").click();
    await expect(periodTab(page, "7 days")).toHaveAttribute("aria-selected", "true");
    const daily = page.getByTestId("table-daily");
    await daily.getByText("Credits and orders, day by day").click();
    // Seven days, each a row under the header row.
    await expect(daily.getByRole("row")).toHaveCount(8);
    await page.getByRole("heading", { name: "Members by plan" }).scrollIntoViewIfNeeded();
    await lookAt(page, launch, "dashboard-7-days", { readable: false });
    await page.getByRole("heading", { name: "Feed posts" }).scrollIntoViewIfNeeded();
    await lookAt(page, launch, "dashboard-posts");
  });
}

test("a new order moves the figures without a reload", async ({ page, request }) => {
  test.setTimeout(60_000);
  const buyer = await telegramMember(request, "LiveBuyer");
  await placeCreditOrder(request, buyer);
  await signInAsAdmin(page);
  await page.goto("/admin/dashboard");
  await expectFigures(page);
  const orders = await shown(page, "orders");
  const credits = await shown(page, "credits");

  const placed = await placeCreditOrder(request, buyer);
  await expect(totalValue(page, "orders")).toHaveText((orders + 1).toLocaleString("en-US"));
  await expect
    .poll(async () => Math.round((await shown(page, "credits")) * 100))
    .toBe(Math.round((credits + Number(placed.credits)) * 100));
  await screenshot(page, "dashboard-live");
});

test("the dashboard failing to load says so, and Retry loads it", async ({ page }) => {
  await signInAsAdmin(page);
  const fail = (route: Route) =>
    route.fulfill({
      status: 500,
      json: { error: { code: "internal", message: "Something went wrong. Please try again." } },
    });
  await page.route("**/api/admin/dashboard?*", fail);
  await page.goto("/admin/dashboard");
  await expect(page.getByText("Failed to load the dashboard")).toBeVisible();
  await screenshot(page, "dashboard-error");
  await page.unroute("**/api/admin/dashboard?*", fail);
  await page.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByTestId("total-orders")).toBeVisible();
});

test("a period without orders says so; the plans, posts and stock still show", async ({ page }) => {
  await signInAsAdmin(page);
  // Other specs' orders are on this server: the server's own answer, with its orders taken out, as
  // it answers for a period nobody ordered in.
  await page.route("**/api/admin/dashboard?*", async (route) => {
    const answer = await (await route.fetch()).json();
    answer.daily = answer.daily.map((day: { date: string }) => ({
      date: day.date,
      credits: "0.00",
      orders: 0,
    }));
    answer.totals = { ...answer.totals, credits: "0.00", orders: 0 };
    answer.topProducts = { byCredits: [], byUnits: [] };
    await route.fulfill({ json: answer });
  });
  await page.goto("/admin/dashboard");
  await expect(page.getByText("No orders in this period")).toBeVisible();
  await expect(page.getByTestId("chart-credits")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Members by plan" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Low stock" })).toBeVisible();
  await screenshot(page, "dashboard-empty");
});

test("the admin sets the channel's time zone on the settings screen, and the dashboard counts in it", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signInAsAdmin(page);
  await page.goto("/admin/settings");
  const zone = page.getByLabel("Time Zone");
  await expect(zone).toHaveValue("UTC");
  try {
    await zone.fill("Mars/Olympus");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page, "Failed to save settings")).toContainText(
      "Time zone must be a name such as Europe/Berlin or UTC",
    );
    await untilToastsGo(page);
    await zone.fill("america/new_york");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page, "Settings saved successfully!")).toBeVisible();
    // Saved in its own spelling.
    await expect(zone).toHaveValue("America/New_York");
    await page.goto("/admin/dashboard");
    await expect(page.getByTestId("dashboard-zone")).toHaveText("Days in America/New York, today included");
  } finally {
    const { settings } = (await (await page.request.get("/api/admin/settings")).json()) as {
      settings: Record<string, unknown>;
    };
    const { id: _id, ...form } = settings;
    const restored = await page.request.put("/api/admin/settings", {
      data: { ...form, timeZone: "UTC" },
      headers: { Origin: SEEDED_ORIGIN },
    });
    expect(restored.status()).toBe(200);
  }
});

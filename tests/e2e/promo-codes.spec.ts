import type { Page } from "@playwright/test";
import {
  openAdminScreen,
  signInAsAdmin,
  signUpViaApi,
  toast,
  verifiedTelegramMember,
} from "./support/accounts";
import { SEEDED_ORIGIN } from "./support/env";
import { LAUNCHES, launchTheme, lookAt } from "./support/looks";
import { installTelegramClient, THEME } from "./support/telegram";
import { expect, test } from "./support/test";
import { catalogText } from "./support/texts";
import { untilToastsGo } from "./support/toasts";

// Promo codes (decision 112): Administration › Promo codes, and a member redeeming one in Manage
// Your Plan, through a promo link inside Telegram and on the web, and in Arabic.

const uniqueCode = (prefix: string) => `${prefix}${Math.random().toString(36).slice(2, 8).toUpperCase()}`;

/** A code made by the e2e admin through the API; the page's cookies are cleared after. */
async function codeFromAdmin(page: Page, reward: Record<string, unknown>, prefix = "Gift"): Promise<string> {
  await signInAsAdmin(page);
  let tierId: string | undefined;
  if (reward.kind === "days") {
    const tiers = (await (await page.request.get("/api/tiers")).json()) as {
      tiers: { id: string; displayName: string }[];
    };
    tierId = tiers.tiers.find((tier) => tier.displayName === "Premium")?.id;
  }
  const code = uniqueCode(prefix);
  const made = await page.request.post("/api/admin/promo-codes", {
    data: { code, reward: tierId ? { ...reward, tierId } : reward, maxUses: 50 },
    headers: { Origin: SEEDED_ORIGIN },
  });
  expect(made.status(), await made.text()).toBe(201);
  await page.context().clearCookies();
  return code;
}

const planSheet = (page: Page) => page.getByRole("dialog", { name: "Manage Your Plan" });

for (const launch of LAUNCHES) {
  test(`${launch}: an admin creates a code and sees it listed with its uses`, async ({ page, request }) => {
    await openAdminScreen(page, request, {
      theme: launchTheme(launch),
      firstName: "Pam",
      screen: "Promo codes",
      path: "/admin/promo-codes",
    });
    await expect(page.getByRole("heading", { level: 1, name: "Promo codes" })).toBeVisible();
    const code = uniqueCode("Spring");
    const form = page.getByTestId("promo-create");
    await form.getByLabel("Code").fill(code);
    // The contract's rules are said under their fields before anything is sent.
    await form.getByLabel("It gives").selectOption("days");
    await form.getByRole("button", { name: "Create code" }).click();
    await expect(form.getByText("Choose the plan the free days are on")).toBeVisible();
    await expect(form.getByText("Free days are a whole number from 1 to 3650")).toBeVisible();
    await untilToastsGo(page);
    await lookAt(page, launch, "promo-codes-admin-refused");
    await form.getByLabel("It gives").selectOption("credits");
    await form.getByLabel("Credits", { exact: true }).fill("7.50");
    await form.getByLabel("Total uses").fill("25");
    await form.getByRole("button", { name: "Create code" }).click();
    await expect(toast(page, `Code ${code} created`)).toBeVisible();
    const row = page.getByTestId("promo-row").filter({ hasText: code });
    await expect(row).toContainText("0 of 25 used");
    await expect(row).toContainText("Brought 0 members, 0 orders");
    await untilToastsGo(page);
    await lookAt(page, launch, "promo-codes-admin");
    await row.getByRole("button", { name: "Turn off" }).click();
    await expect(row).toContainText("Off");
  });
}

test("inside Telegram: a promo link opens Manage Your Plan with the code; redeeming gives free days", async ({
  page,
  request,
}) => {
  const code = await codeFromAdmin(page, { kind: "days", days: 10 });
  const member = await verifiedTelegramMember(request, "Paz", { theme: THEME, startParam: `promo_${code}` });
  await installTelegramClient(page, THEME);
  await page.goto(`/${member.hash}`);
  await expect(page).toHaveURL("/settings/memberships");
  const sheet = planSheet(page);
  await expect(sheet.getByLabel("Promo code")).toHaveValue(code);
  await lookAt(page, "telegram", "promo-redeem-filled");
  await sheet.getByRole("button", { name: "Redeem" }).click();
  await expect(toast(page, "Code redeemed")).toBeVisible();
  await expect(page.getByText("10 free days of Premium.")).toBeVisible();
  await expect(sheet.getByTestId("plan-grant")).toContainText("Free until");
  await untilToastsGo(page);
  await lookAt(page, "telegram", "promo-redeemed");
  // The same code again: the server says why, under the field.
  await sheet.getByTestId("promo-open").click();
  await sheet.getByLabel("Promo code").fill(code.toLowerCase());
  await sheet.getByRole("button", { name: "Redeem" }).click();
  await expect(sheet.getByRole("alert")).toHaveText("You have already used this code");
  await lookAt(page, "telegram", "promo-refused");
});

test("on the web: /?promo= leads to Manage Your Plan filled in; credits join this month's budget", async ({
  page,
}) => {
  const code = await codeFromAdmin(page, { kind: "credits", amount: "12.00" }, "Web");
  await signUpViaApi(page, { fullName: "Wendy Web" });
  await page.goto(`/?promo=${code}`);
  await expect(page).toHaveURL("/settings/memberships");
  const sheet = planSheet(page);
  await expect(sheet.getByLabel("Promo code")).toHaveValue(code);
  await sheet.getByRole("button", { name: "Redeem" }).click();
  await expect(toast(page, "Code redeemed")).toBeVisible();
  await expect(sheet.getByTestId("plan-credits-added")).toContainText("12");
  await expect(sheet.getByTestId("money-remaining")).toContainText("$12.00 of $12.00");
  await untilToastsGo(page);
  await lookAt(page, "web", "promo-redeemed");
  // A wrong code: 404's words under the field.
  await sheet.getByTestId("promo-open").click();
  await sheet.getByLabel("Promo code").fill("NOSUCHCODE1");
  await sheet.getByRole("button", { name: "Redeem" }).click();
  await expect(sheet.getByRole("alert")).toHaveText("This code does not exist");
});

test("inside Telegram in Arabic: Have a code? reads right to left", async ({ page, request }) => {
  const member = await verifiedTelegramMember(request, "Rami", { theme: THEME, language: "ar" });
  await installTelegramClient(page, THEME);
  await page.goto(`/${member.hash}`);
  await expect(page.getByTestId("member-home")).toBeVisible();
  await page.goto("/settings/memberships");
  await page.getByRole("button", { name: catalogText("ar", "memberships.choosePlan") }).click();
  const sheet = page.getByRole("dialog", { name: catalogText("ar", "plans.manageTitle") });
  await sheet.getByTestId("promo-open").click();
  await sheet.getByLabel(catalogText("ar", "promo.label")).fill("NOSUCHCODE2");
  await sheet.getByRole("button", { name: catalogText("ar", "promo.redeem") }).click();
  await expect(sheet.getByRole("alert")).toHaveText("هذا الرمز غير موجود");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await lookAt(page, "telegram", "promo-refused-ar");
});

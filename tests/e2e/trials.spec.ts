import type { Page } from "@playwright/test";
import {
  signInAsAdmin,
  signUpViaApi,
  toast,
  uniqueEmail,
  verifiedTelegramMember,
  verifyMailedEmail,
} from "./support/accounts";
import { SEEDED_ORIGIN } from "./support/env";
import { lookAt } from "./support/looks";
import { installTelegramClient, THEME } from "./support/telegram";
import { expect, test } from "./support/test";
import { catalogText } from "./support/texts";
import { untilToastsGo } from "./support/toasts";

// Free trials (decision 113): a tier offering a trial, started from Manage Your Plan inside Telegram
// and on the web (a member with a proven email), "Trial ends on …" after; in Arabic too. Each test
// makes a tier of its own (other specs count the seeded ones) and switches it off at the end.

interface TrialTier {
  id: string;
  displayName: string;
  priceMonthly: string;
}

async function trialTier(page: Page, days: number): Promise<TrialTier> {
  await signInAsAdmin(page);
  const name = `Trial ${Math.random().toString(36).slice(2, 7)}`;
  const made = await page.request.post("/api/admin/tiers", {
    data: { displayName: name, priceMonthly: "40.00", trialDays: days, features: ["Early access"] },
    headers: { Origin: SEEDED_ORIGIN },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { tier } = (await made.json()) as { tier: TrialTier };
  await page.context().clearCookies();
  return tier;
}

async function retire(page: Page, tier: TrialTier): Promise<void> {
  await signInAsAdmin(page);
  const off = await page.request.patch(`/api/admin/tiers/${tier.id}`, {
    data: {
      displayName: tier.displayName,
      priceMonthly: tier.priceMonthly,
      trialDays: null,
      isActive: false,
    },
    headers: { Origin: SEEDED_ORIGIN },
  });
  expect(off.status()).toBe(200);
}

/** Memberships › the plan sheet, with the trial tier picked in its dropdown. */
async function pickInSheet(page: Page, tier: TrialTier, sheetName: string, chooseLabel: string) {
  await page.goto("/settings/memberships");
  await page.getByRole("button", { name: chooseLabel }).click();
  const sheet = page.getByRole("dialog", { name: sheetName });
  await sheet.getByRole("combobox").selectOption(tier.id);
  return sheet;
}

test("inside Telegram: Try free for 7 days starts the trial; Memberships says when it ends", async ({
  page,
  request,
}) => {
  const tier = await trialTier(page, 7);
  try {
    const member = await verifiedTelegramMember(request, "Tia", { theme: THEME });
    await installTelegramClient(page, THEME);
    await page.goto(`/${member.hash}`);
    await expect(page.getByTestId("member-home")).toBeVisible();
    const sheet = await pickInSheet(page, tier, "Manage Your Plan", "Choose a plan");
    const start = sheet.getByTestId("trial-start");
    await expect(start).toHaveText("Try free for 7 days");
    await lookAt(page, "telegram", "trial-offer");
    await start.click();
    await expect(toast(page, `Your free trial of ${tier.displayName} has started`)).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Manage Your Plan" })).toHaveCount(0);
    const card = page.getByTestId("tier-card");
    await expect(card.getByRole("heading", { name: tier.displayName })).toBeVisible();
    await expect(card.getByTestId("plan-grant")).toContainText("Trial ends on");
    await untilToastsGo(page);
    await lookAt(page, "telegram", "trial-started");
    // A second start is refused with the server's words.
    const again = await request.post("/api/me/plan/trial", {
      data: { tierId: tier.id },
      headers: member.auth,
    });
    expect(again.status()).toBe(409);
  } finally {
    await retire(page, tier);
  }
});

test("on the web: a member with a proven email starts a trial; one without is asked to verify first", async ({
  page,
}) => {
  const tier = await trialTier(page, 5);
  try {
    await signUpViaApi(page, { fullName: "Una Unproven" });
    let sheet = await pickInSheet(page, tier, "Manage Your Plan", "Choose a plan");
    await sheet.getByTestId("trial-start").click();
    await expect(toast(page, "The free trial did not start")).toBeVisible();
    await expect(
      page.getByText("Verify your email address first: a free trial is once per person"),
    ).toBeVisible();
    await untilToastsGo(page);
    await page.context().clearCookies();

    const email = uniqueEmail("trial");
    await signUpViaApi(page, { email, fullName: "Vera Verified" });
    await verifyMailedEmail(page.request, email);
    sheet = await pickInSheet(page, tier, "Manage Your Plan", "Choose a plan");
    await sheet.getByTestId("trial-start").click();
    await expect(toast(page, `Your free trial of ${tier.displayName} has started`)).toBeVisible();
    await expect(page.getByTestId("tier-card").getByTestId("plan-grant")).toContainText("Trial ends on");
    await untilToastsGo(page);
    await lookAt(page, "web", "trial-started");
  } finally {
    await retire(page, tier);
  }
});

test("inside Telegram in Arabic: the trial offer and its end read right to left", async ({
  page,
  request,
}) => {
  const tier = await trialTier(page, 3);
  try {
    const member = await verifiedTelegramMember(request, "Lina", { theme: THEME, language: "ar" });
    await installTelegramClient(page, THEME);
    await page.goto(`/${member.hash}`);
    await expect(page.getByTestId("member-home")).toBeVisible();
    const sheet = await pickInSheet(
      page,
      tier,
      catalogText("ar", "plans.manageTitle"),
      catalogText("ar", "memberships.choosePlan"),
    );
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await lookAt(page, "telegram", "trial-offer-ar");
    await sheet.getByTestId("trial-start").click();
    await expect(page.getByTestId("tier-card").getByTestId("plan-grant")).toBeVisible();
    await untilToastsGo(page);
    await lookAt(page, "telegram", "trial-started-ar");
  } finally {
    await retire(page, tier);
  }
});

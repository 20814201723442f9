import type { Page } from "@playwright/test";
import { signUpViaApi, toast, verifiedTelegramMember } from "./support/accounts";
import { expectReadable } from "./support/contrast";
import { holdRequests } from "./support/hold";
import { LAUNCHES, type Launch, lookAt } from "./support/looks";
import { screenshot } from "./support/screens";
import {
  installTelegramClient,
  launchHash,
  newTelegramUser,
  postedEvents,
  receiveEvent,
  setInvoiceOutcome,
  THEME,
} from "./support/telegram";
import { expect, test } from "./support/test";
import { catalogText } from "./support/texts";
import { untilToastsGo } from "./support/toasts";

// The seeded tiers (db/seed/tiers.ts): Free 0.00 (level 1), Basic 25.00, Premium 50.00, VIP 100.00,
// the paid ones priced in Stars (1250, 2500, 5000). Every test starts from a member of its own, with
// no tier, so the seeded data stays as it is.
const SEEDED_PRICES = { Basic: "25.00", Premium: "50.00", VIP: "100.00" } as const;
type SeededName = keyof typeof SEEDED_PRICES;

/** The dropdown's option for a seeded tier: its name, then its price (decision 123). */
const optionOf = (name: SeededName) => `${name} · $${SEEDED_PRICES[name]}/month`;

const planDialog = (page: Page) => page.getByRole("dialog", { name: "Manage Your Plan" });

/** Opens the picker from the header and waits for it to load. */
async function openPicker(page: Page) {
  await page.getByRole("button", { name: "Manage Your Plan" }).click();
  const dialog = planDialog(page);
  await expect(dialog.getByLabel("Select plan")).toBeVisible();
  return dialog;
}

/** Picks the seeded tier `name` in the dropdown (its price shows) and returns the picker. */
async function select(page: Page, name: SeededName) {
  const dialog = planDialog(page);
  await dialog.getByLabel("Select plan").selectOption({ label: optionOf(name) });
  await expect(dialog.getByTestId("plan-price")).toHaveText(`$${SEEDED_PRICES[name]}/month`);
  return dialog;
}

/** Picks the seeded tier `name` and presses the action button reading `action`. */
async function pick(page: Page, name: SeededName, action: string) {
  const dialog = await select(page, name);
  await dialog.getByRole("button", { name: action, exact: true }).click();
}

/** The confirmation as it should read; returns it unconfirmed. */
async function expectConfirmation(page: Page, title: string, sentence: string, cost: string) {
  const confirmation = page.getByRole("dialog", { name: title });
  await expect(confirmation.getByText(sentence, { exact: true })).toBeVisible();
  await expect(confirmation.getByTestId("plan-cost")).toHaveText(cost);
  return confirmation;
}

/**
 * Confirms and checks the outcome: the toast, and both sheets closed. `untilToastGoes` waits out
 * the toast (4 s) so that the next screenshot shows the sheet rather than the toast over it.
 */
async function confirmChange(page: Page, title: string, toastText: string, untilToastGoes = false) {
  await page.getByRole("dialog", { name: title }).getByRole("button", { name: "Confirm" }).click();
  await expect(toast(page, toastText)).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  if (untilToastGoes) await expect(toast(page, toastText)).toHaveCount(0, { timeout: 8000 });
}

/** Basic to Premium: the confirmation as it should read (photographed and checked), then confirmed. */
async function upgradeBasicToPremium(page: Page, launch: Launch) {
  await pick(page, "Premium", "Upgrade Plan");
  await expectConfirmation(
    page,
    "Upgrade Plan",
    "You are about to change from Basic to Premium.",
    "New cost: $50.00/month (+$25.00)",
  );
  await lookAt(page, launch, "plans-confirmation");
  await confirmChange(page, "Upgrade Plan", "Your plan has been upgraded to Premium");
}

/** Answers GET /api/me/budget from the server with some money rolled over from last month. */
async function withRollover(page: Page, rollover: string) {
  await page.route("**/api/me/budget", async (route) => {
    const response = await route.fetch();
    const budget = (await response.json()) as { rollover: string; remaining: string };
    const cents = (amount: string) => Math.round(Number(amount) * 100);
    const remaining = (cents(budget.remaining) + cents(rollover)) / 100;
    await route.fulfill({ response, json: { ...budget, rollover, remaining: remaining.toFixed(2) } });
  });
}

test("signed out, the plan button leads to /auth", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByTestId("channel-header")).toBeVisible();
  await page.getByRole("button", { name: "Manage Your Plan" }).click();
  await expect(page).toHaveURL("/auth");
});

test("on the web: pick a first plan, upgrade, see it under Memberships, downgrade", async ({ page }) => {
  test.setTimeout(60_000);
  await signUpViaApi(page, { fullName: "Plan Member" });
  await page.goto("/");
  await expect(page.getByTestId("member-home")).toBeVisible();

  // The budget held back: the sheet says it is loading.
  const release = await holdRequests(page, "**/api/me/budget");
  await page.getByRole("button", { name: "Manage Your Plan" }).click();
  await expect(planDialog(page).getByText("Loading plans...")).toBeVisible();
  release();
  const dialog = planDialog(page);
  await expect(dialog.getByLabel("Select plan")).toBeVisible();
  await page.unroute("**/api/me/budget");

  // No plan yet: no budget, so no Money remaining panel; the default price; paid tiers only.
  await expect(dialog.getByText("Money remaining")).toHaveCount(0);
  for (const line of [
    "Using monthly budget",
    "Up to $0.00 in monthly value",
    "Budget resets on the first of next month",
    "Unused money rolls over automatically",
  ]) {
    await expect(dialog.getByText(line, { exact: true })).toBeVisible();
  }
  await expect(dialog.getByText(/rolled over from last month/)).toHaveCount(0);
  await expect(dialog.getByTestId("plan-price")).toHaveText("$25.00/month");
  await expect(dialog.getByRole("button", { name: "Select Plan" })).toBeDisabled();
  // Each option names its tier before its price; Free (level 1) is not offered.
  const options = await dialog.getByLabel("Select plan").locator("option:not([disabled])").allTextContents();
  expect(options.slice(0, 3)).toEqual([optionOf("Basic"), optionOf("Premium"), optionOf("VIP")]);
  expect(options.some((option) => option.startsWith("Free"))).toBe(false);

  await select(page, "Basic");
  await expect(dialog.getByRole("list", { name: "Basic features" })).toContainText(
    "$25 monthly budget, 1 credit per dollar",
  );
  // Plans change at once here (PLAN_PAYMENTS=free): nothing is paid through Telegram, no Stars line.
  await expect(dialog.getByTestId("tier-sale")).toHaveCount(0);
  await pick(page, "Basic", "Select Plan");
  await expectConfirmation(
    page,
    "Upgrade Plan",
    "You are about to change from no plan to Basic.",
    "New cost: $25.00/month (+$25.00)",
  );
  await confirmChange(page, "Upgrade Plan", "Your plan has been upgraded to Basic", true);

  // Reopened: this month's budget is Basic's, and Basic is the current plan.
  await openPicker(page);
  await expect(dialog.getByTestId("money-remaining")).toHaveText("$25.00 of $25.00");
  await expect(dialog.getByRole("progressbar", { name: "Budget used" })).toHaveAttribute(
    "aria-valuenow",
    "0",
  );
  await expect(dialog.getByText("Up to $25.00 in monthly value", { exact: true })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Current Plan" })).toBeDisabled();
  await screenshot(page, "plans-web-dialog");
  await expectReadable(page, "plan dialog, web");

  await upgradeBasicToPremium(page, "web");

  await page.goto("/settings/memberships");
  const card = page.getByTestId("tier-card");
  await expect(card.getByRole("heading", { name: "Premium" })).toBeVisible();
  await expect(card.getByText("Pro - Premium", { exact: true })).toBeVisible();
  await expect(card.getByText("$50.00/month", { exact: true })).toBeVisible();
  await expect(card.getByText("A $50 monthly budget with early access to new drops.")).toBeVisible();
  await expect(card.getByRole("list", { name: "Premium features" }).getByRole("listitem")).toHaveCount(4);
  await screenshot(page, "plans-web-memberships");
  await expectReadable(page, "memberships, web");

  // Manage Plan opens the same picker; a cheaper tier is a downgrade, and the page follows it.
  await card.getByRole("button", { name: "Manage Plan" }).click();
  await expect(dialog.getByLabel("Select plan")).toBeVisible();
  await pick(page, "Basic", "Downgrade Plan");
  await expectConfirmation(
    page,
    "Change Plan",
    "You are about to change from Premium to Basic.",
    "New cost: $25.00/month (saves $25.00/month)",
  );
  await confirmChange(page, "Change Plan", "Your plan has been changed to Basic");
  await expect(card.getByRole("heading", { name: "Basic" })).toBeVisible();
  await expect(card.getByText("Pro - Basic", { exact: true })).toBeVisible();
});

test("a failed change says so and keeps the confirmation; Escape steps back one sheet", async ({ page }) => {
  await signUpViaApi(page, { fullName: "Unlucky Member" });
  await page.goto("/settings/memberships");
  await expect(page.getByText("No Active Plan")).toBeVisible();
  await page.getByRole("button", { name: "Choose a Plan" }).click();
  await expect(planDialog(page).getByLabel("Select plan")).toBeVisible();
  await pick(page, "Basic", "Select Plan");
  const confirmation = page.getByRole("dialog", { name: "Upgrade Plan" });

  const answers = [
    { status: 404, json: { error: { code: "not_found", message: "Plan not found" } } },
    {
      status: 500,
      json: { error: { code: "internal", message: "Something went wrong. Please try again." } },
    },
  ];
  // Each answer waits until the test has seen the busy state.
  let release = () => {};
  let gate = Promise.resolve();
  const hold = () => {
    gate = new Promise<void>((resolve) => {
      release = resolve;
    });
  };
  await page.route("**/api/me/plan", async (route) => {
    if (route.request().method() !== "PUT") return route.fallback();
    await gate;
    await route.fulfill(answers.shift() ?? { status: 500 });
  });

  // A refusal the server explains shows its message…
  hold();
  await confirmation.getByRole("button", { name: "Confirm" }).click();
  await expect(confirmation.getByRole("button", { name: "Updating..." })).toBeDisabled();
  await expect(confirmation.getByRole("button", { name: "Cancel" })).toBeDisabled();
  release();
  await expect(toast(page, "Error").filter({ hasText: "Plan not found" })).toBeVisible();
  // …a server fault the spec's text.
  hold();
  await confirmation.getByRole("button", { name: "Confirm" }).click();
  await expect(confirmation.getByRole("button", { name: "Updating..." })).toBeVisible();
  release();
  await expect(
    toast(page, "Error").filter({ hasText: "Failed to update your plan. Please try again." }),
  ).toBeVisible();
  await expect(confirmation.getByRole("button", { name: "Confirm" })).toBeEnabled();
  await screenshot(page, "plans-web-failed");

  // Escape closes the confirmation only; the picker under it keeps the choice.
  await page.keyboard.press("Escape");
  await expect(confirmation).toHaveCount(0);
  await expect(planDialog(page).getByTestId("plan-price")).toHaveText("$25.00/month");
  // Two Escapes back to back close both sheets: the second comes after the first has taken the
  // confirmation out but before the picker's layer has re-rendered (one task, a microtask apart).
  await planDialog(page).getByRole("button", { name: "Select Plan" }).click();
  await expect(confirmation).toBeVisible();
  await page.evaluate(async () => {
    const pressEscape = () =>
      document.activeElement?.dispatchEvent(
        new KeyboardEvent("keydown", { key: "Escape", bubbles: true, cancelable: true }),
      );
    pressEscape();
    await new Promise<void>((resolve) => queueMicrotask(resolve));
    pressEscape();
  });
  await expect(confirmation).toHaveCount(0);
  await expect(planDialog(page)).toHaveCount(0);
  await expect(page.getByText("No Active Plan")).toBeVisible();
});

test(`inside Telegram: the picker, the rollover line, an upgrade and Memberships`, async ({ page }) => {
  test.setTimeout(60_000);
  await installTelegramClient(page);
  await page.goto(`/${launchHash(undefined, { user: newTelegramUser("Planner") })}`);
  const gate = page.getByTestId("age-gate");
  await gate.getByLabel("I confirm I am 21 years or older").check();
  await gate.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByTestId("member-home")).toBeVisible();

  // Telegram's BackButton closes the sheet.
  const dialog = await openPicker(page);
  await receiveEvent(page, "back_button_pressed");
  await expect(dialog).toHaveCount(0);

  await openPicker(page);
  await pick(page, "Basic", "Select Plan");
  await confirmChange(page, "Upgrade Plan", "Your plan has been upgraded to Basic", true);

  // Money carried over from last month: in the total, and on its green line.
  await withRollover(page, "5.00");
  await openPicker(page);
  await expect(dialog.getByTestId("money-remaining")).toHaveText("$30.00 of $30.00");
  const rollover = dialog.getByText("$5.00 rolled over from last month", { exact: true });
  await expect(rollover).toBeVisible();
  const [red, green, blue] = (await rollover.evaluate((el) => getComputedStyle(el).color))
    .match(/[\d.]+/g)
    ?.map(Number) ?? [0, 0, 0];
  expect(green).toBeGreaterThan(red ?? 0);
  expect(green).toBeGreaterThan(blue ?? 0);
  await lookAt(page, "telegram", "plans-dialog");

  await upgradeBasicToPremium(page, "telegram");

  await page.getByRole("button", { name: "Account" }).click();
  await page.getByRole("link", { name: "Memberships" }).click();
  await expect(page).toHaveURL("/settings/memberships");
  const card = page.getByTestId("tier-card");
  await expect(card.getByText("Pro - Premium", { exact: true })).toBeVisible();
  await expect(card.getByText("$50.00/month", { exact: true })).toBeVisible();
  await lookAt(page, "telegram", "plans-memberships");
});

// Paying for a plan. The seeded server runs PLAN_PAYMENTS=free: the manual and Stars modes are
// answered here, in the server's shapes, over what the server says (its own rules are API-tested).
// Nothing is changed on the server: the member's tier stays as the server has it.

interface SeededTier {
  id: string;
  displayName: string;
  priceMonthly: string;
  tierLevel: number;
  priceStars: number | null;
}

interface PlanRequestBody {
  id: string;
  tierId: string | null;
  tierName: string;
  status: "pending" | "approved" | "declined";
  createdAt: string;
  decidedAt: string | null;
}

interface SubscriptionBody {
  tierId: string;
  tierName: string;
  stars: number;
  /** XTR for a Stars subscription; a provider's currency for an invoice plan (decision 109). */
  currency: string;
  expiresAt: string;
  renews: boolean;
  paymentDue: boolean;
  lapsesAt: string;
}

interface PlanState {
  payments: "free" | "manual" | "stars" | "invoice";
  /** The invoice's currency (PLAN_PAYMENTS=invoice); the server's null otherwise. */
  currency?: string;
  request: PlanRequestBody | null;
  subscription: SubscriptionBody | null;
  /** Replaces the server's tier (a Stars purchase the bot would have recorded). */
  tier?: SeededTier;
}

/** Premium's seeded Stars price. */
const STARS = 2500;
/** Midday UTC, so the device's time zone keeps the date. */
const RENEWS_AT = "2031-07-15T12:00:00.000Z";
/** RENEWS_AT and 3 days of grace (PLAN_GRACE_DAYS). */
const LAPSES_AT = "2031-07-18T12:00:00.000Z";

/** A Stars subscription to `tier` renewing on RENEWS_AT, as the server answers it. */
const renewing = (tier: SeededTier): SubscriptionBody => ({
  tierId: tier.id,
  tierName: tier.displayName,
  stars: STARS,
  currency: "XTR",
  expiresAt: RENEWS_AT,
  renews: true,
  paymentDue: false,
  lapsesAt: LAPSES_AT,
});

async function seededTier(page: Page, displayName: string): Promise<SeededTier> {
  const tiers = ((await (await page.request.get("/api/tiers")).json()) as { tiers: SeededTier[] }).tiers;
  const tier = tiers.find((t) => t.displayName === displayName);
  if (!tier) throw new Error(`no seeded tier ${displayName}`);
  return tier;
}

/** A new member of its own, on the web or through a Telegram launch past the age gate, on home. */
async function startMember(page: Page, launch: Launch, firstName: string) {
  if (launch === "web") {
    await signUpViaApi(page, { fullName: `${firstName} Member` });
    await page.goto("/");
  } else {
    await installTelegramClient(page);
    await page.goto(`/${launchHash(undefined, { user: newTelegramUser(firstName) })}`);
    const gate = page.getByTestId("age-gate");
    await gate.getByLabel("I confirm I am 21 years or older").check();
    await gate.getByRole("button", { name: "Continue" }).click();
  }
  await expect(page.getByTestId("member-home")).toBeVisible();
}

/**
 * GET /api/me/plan: the server's answer with the state's payments, request, subscription (and tier);
 * PUT in manual mode: a request for the tier, as the server answers it (`outcome: "requested"`).
 */
async function answerPlan(page: Page, state: PlanState) {
  let last: Record<string, unknown> = {};
  await page.route("**/api/me/plan", async (route) => {
    const method = route.request().method();
    if (method === "GET") {
      const response = await route.fetch();
      const plan = (await response.json()) as Record<string, unknown>;
      last = {
        ...plan,
        payments: state.payments,
        ...(state.currency ? { currency: state.currency } : {}),
        request: state.request,
        subscription: state.subscription,
        ...(state.tier ? { tier: state.tier } : {}),
      };
      return route.fulfill({ response, json: last });
    }
    if (method === "PUT" && state.payments === "manual") {
      const { tierId } = route.request().postDataJSON() as { tierId: string };
      const tiers = ((await (await page.request.get("/api/tiers")).json()) as { tiers: SeededTier[] }).tiers;
      const tier = tiers.find((t) => t.id === tierId);
      state.request = {
        id: "5b0c8a52-6f2c-4f7e-9d43-0a9d3c1e7b21",
        tierId,
        tierName: tier?.displayName ?? "?",
        status: "pending",
        createdAt: new Date().toISOString(),
        decidedAt: null,
      };
      return route.fulfill({
        json: { ...last, request: state.request, outcome: "requested", upgraded: false },
      });
    }
    return route.fallback();
  });
}

/** GET /api/tiers with no Stars price on the named tier: a paid tier an owner left unpriced in Stars. */
async function notForStars(page: Page, displayName: SeededName) {
  await page.route("**/api/tiers", async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { tiers: SeededTier[] };
    const tiers = body.tiers.map((t) => (t.displayName === displayName ? { ...t, priceStars: null } : t));
    await route.fulfill({ response, json: { tiers } });
  });
}

/** The line under a paid tier's price in a Stars shop (decision 123). */
const STARS_LINE = `⭐ ${STARS} every 30 days with Telegram Stars`;
const NOT_FOR_STARS_LINE = "Not sold for Telegram Stars: an admin approves requests for it";

for (const launch of LAUNCHES) {
  test(`manual payments (${launch}): a paid tier is requested, and the request shows as waiting, then declined`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await startMember(page, launch, "Requester");
    const state: PlanState = { payments: "manual", request: null, subscription: null };
    await answerPlan(page, state);

    const dialog = await openPicker(page);
    await expect(dialog.getByTestId("plan-request")).toHaveCount(0);
    await pick(page, "Premium", "Select Plan");
    const confirmation = await expectConfirmation(
      page,
      "Upgrade Plan",
      "You are about to change from no plan to Premium.",
      "New cost: $50.00/month (+$50.00)",
    );
    await expect(confirmation.getByTestId("plan-pay")).toHaveText(
      "An admin reviews your request before your plan changes.",
    );
    await lookAt(page, launch, "plans-request-confirmation");
    await confirmation.getByRole("button", { name: "Send Request" }).click();

    // The toast says it was sent; the picker stays, showing the request waiting.
    await expect(toast(page, "Your request for Premium was sent. An admin will review it.")).toBeVisible();
    await expect(confirmation).toHaveCount(0);
    await expect(dialog.getByTestId("plan-request")).toHaveText(
      "Your request for Premium is waiting for an admin",
    );
    await expect(dialog.getByRole("button", { name: "Request Pending" })).toBeDisabled();
    await lookAt(page, launch, "plans-request-sent");
    // Another tier can still be asked for instead.
    await dialog.getByLabel("Select plan").selectOption({ label: optionOf("Basic") });
    await expect(dialog.getByRole("button", { name: "Select Plan" })).toBeEnabled();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);

    // Memberships: no plan yet, and the request waiting above it.
    await page.goto("/settings/memberships");
    await expect(page.getByText("No Active Plan")).toBeVisible();
    await expect(page.getByTestId("plan-request")).toHaveText(
      "Your request for Premium is waiting for an admin",
    );
    await lookAt(page, launch, "plans-memberships-pending");

    // Declined by an admin.
    if (state.request)
      state.request = { ...state.request, status: "declined", decidedAt: new Date().toISOString() };
    await page.reload();
    await expect(page.getByTestId("plan-request")).toHaveText("Your request for Premium was declined");
    await lookAt(page, launch, "plans-memberships-declined");
  });
}

for (const launch of LAUNCHES.filter((l) => l !== "web")) {
  test(`Stars payments (${launch}): pay for a tier in Telegram's payment sheet, then the plan follows`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const premium = await seededTier(page, "Premium");
    await startMember(page, launch, "Payer");
    await notForStars(page, "Basic");
    const state: PlanState = { payments: "stars", request: null, subscription: null };
    await answerPlan(page, state);

    // The invoice link: first Telegram is unavailable, then a link; each answer held until released.
    const invoiceUrl = "https://t.me/$e2eStarsInvoice_1";
    const invoiceAnswers: { status: number; json: unknown }[] = [
      {
        status: 503,
        json: {
          error: {
            code: "unavailable",
            message: "Payments through Telegram are not available right now. Please try again later.",
          },
        },
      },
    ];
    let release = () => {};
    let gate = Promise.resolve();
    const hold = () => {
      gate = new Promise<void>((resolve) => {
        release = resolve;
      });
    };
    const invoiceBodies: unknown[] = [];
    await page.route("**/api/me/plan/invoice", async (route) => {
      invoiceBodies.push(route.request().postDataJSON());
      await gate;
      await route.fulfill(invoiceAnswers.shift() ?? { status: 200, json: { invoiceUrl } });
    });

    // Under each paid tier's price: its Stars price, or that it is not sold for Stars.
    const dialog = await openPicker(page);
    await select(page, "Basic");
    await expect(dialog.getByTestId("tier-sale")).toHaveText(NOT_FOR_STARS_LINE);
    await select(page, "Premium");
    await expect(dialog.getByTestId("tier-sale")).toHaveText(STARS_LINE);
    await lookAt(page, launch, "plans-stars-picker");
    await dialog.getByRole("button", { name: "Select Plan", exact: true }).click();
    const confirmation = await expectConfirmation(
      page,
      "Upgrade Plan",
      "You are about to change from no plan to Premium.",
      "New cost: $50.00/month (+$50.00)",
    );
    await expect(confirmation.getByTestId("plan-pay")).toHaveText(`Pay ${STARS_LINE}`);
    const payButton = confirmation.getByRole("button", { name: `Pay ⭐ ${STARS}` });
    await lookAt(page, launch, "plans-stars-confirmation");

    // Telegram unavailable: the server's message, and the confirmation stays.
    hold();
    await payButton.click();
    await expect(payButton).toBeDisabled();
    await expect(confirmation.getByRole("button", { name: "Cancel" })).toBeDisabled();
    await lookAt(page, launch, "plans-stars-making-invoice", { readable: false });
    release();
    await expect(
      toast(page, "Error").filter({
        hasText: "Payments through Telegram are not available right now. Please try again later.",
      }),
    ).toBeVisible();
    await expect(payButton).toBeEnabled();

    // The payment failing says so; the confirmation stays for another try.
    await setInvoiceOutcome(page, "failed");
    await payButton.click();
    await expect(toast(page, "Payment failed. Please try again.")).toBeVisible();
    await expect(payButton).toBeEnabled();
    expect(invoiceBodies.at(-1)).toEqual({ tierId: premium.id });
    const opened = (await postedEvents(page)).filter((event) => event.type === "web_app_open_invoice");
    expect(opened.at(-1)?.data).toEqual({ slug: "e2eStarsInvoice_1" });

    // Closed without paying: back to the picker, quietly (the earlier toasts waited out first).
    await untilToastsGo(page);
    await setInvoiceOutcome(page, "cancelled");
    await payButton.click();
    await expect(confirmation).toHaveCount(0);
    await expect(planDialog(page)).toBeVisible();
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);

    // Paid: the bot records it a moment later (here: the second read of the plan after paying).
    await page.unroute("**/api/me/plan");
    let afterPaying = 0;
    await page.route("**/api/me/plan", async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as Record<string, unknown>;
      afterPaying += 1;
      const bought = afterPaying >= 2;
      await route.fulfill({
        response,
        json: {
          ...body,
          payments: "stars",
          request: null,
          tier: bought ? premium : body.tier,
          subscription: bought ? renewing(premium) : null,
        },
      });
    });
    await setInvoiceOutcome(page, "paid");
    await pick(page, "Premium", "Select Plan");
    await page
      .getByRole("dialog", { name: "Upgrade Plan" })
      .getByRole("button", { name: `Pay ⭐ ${STARS}` })
      .click();
    await expect(toast(page, "Payment received. Your plan will update in a moment.")).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(toast(page, "Your plan has been upgraded to Premium")).toBeVisible({ timeout: 15_000 });
    expect(afterPaying).toBeGreaterThanOrEqual(2);

    // Memberships: the tier, paid with Stars, and when it renews.
    await page.getByRole("button", { name: "Account" }).click();
    await page.getByRole("link", { name: "Memberships" }).click();
    const card = page.getByTestId("tier-card");
    await expect(card.getByRole("heading", { name: "Premium" })).toBeVisible();
    await expect(card.getByTestId("plan-subscription")).toHaveText(
      "Paid with Telegram Stars · Renews on July 15, 2031",
    );
    await expect(card.getByTestId("tier-sale")).toHaveText(STARS_LINE);
    await untilToastsGo(page);
    await lookAt(page, launch, "plans-memberships-stars");
  });
}

test("Stars payments on the web: the picker says what Stars buy, the confirmation to pay inside Telegram", async ({
  page,
}) => {
  await startMember(page, "web", "Webpayer");
  await notForStars(page, "Basic");
  await answerPlan(page, { payments: "stars", request: null, subscription: null });
  const dialog = await openPicker(page);
  await select(page, "Basic");
  await expect(dialog.getByTestId("tier-sale")).toHaveText(NOT_FOR_STARS_LINE);
  await screenshot(page, "plans-web-not-for-stars");
  await expectReadable(page, "a tier not sold for Stars, web");
  await select(page, "Premium");
  await expect(dialog.getByTestId("tier-sale")).toHaveText(STARS_LINE);
  await screenshot(page, "plans-web-stars-picker");
  await dialog.getByRole("button", { name: "Select Plan", exact: true }).click();
  const confirmation = page.getByRole("dialog", { name: "Upgrade Plan" });
  await expect(confirmation.getByTestId("plan-pay")).toHaveText(
    "This plan is paid with Telegram Stars inside Telegram",
  );
  await expect(confirmation.getByRole("button", { name: `Pay ⭐ ${STARS}` })).toBeDisabled();
  await screenshot(page, "plans-web-stars-confirmation");
  await expectReadable(page, "Stars confirmation, web");
});

test("inside Telegram in Arabic: the picker names its tiers and Memberships says the Stars price, right to left", async ({
  page,
  request,
}) => {
  const premium = await seededTier(page, "Premium");
  const member = await verifiedTelegramMember(request, "Nadia", { theme: THEME, language: "ar" });
  await installTelegramClient(page, THEME);
  await answerPlan(page, {
    payments: "stars",
    request: null,
    subscription: renewing(premium),
    tier: premium,
  });
  await page.goto(`/${member.hash}`);
  await expect(page.getByTestId("member-home")).toBeVisible();
  await page.goto("/settings/memberships");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  const card = page.getByTestId("tier-card");
  await expect(card.getByRole("heading", { name: "Premium" })).toBeVisible();
  await expect(card.getByTestId("tier-sale")).toHaveText(
    `⭐ ${STARS} ${catalogText("ar", "plans.everyThirtyDays")}`,
  );
  await lookAt(page, "telegram", "plans-memberships-ar");

  await card.getByRole("button", { name: catalogText("ar", "memberships.managePlan") }).click();
  const sheet = page.getByRole("dialog", { name: catalogText("ar", "plans.manageTitle") });
  // The seeded tiers come first (other specs' tiers, made meanwhile, sit on higher levels).
  const options = sheet.getByRole("combobox").locator("option:not([disabled])");
  for (const [index, name] of ["Basic", "Premium", "VIP"].entries())
    await expect(options.nth(index)).toHaveText(new RegExp(`^${name} · `));
  await expect(sheet.getByTestId("tier-sale")).toHaveText(
    `⭐ ${STARS} ${catalogText("ar", "plans.everyThirtyDays")}`,
  );
  await lookAt(page, "telegram", "plans-picker-ar");
});

// Renewal (decision 107): the server's answers in its shapes, the state kept here.
for (const launch of LAUNCHES) {
  test(`Stars renewal (${launch}): Memberships says when it renews, cancels and restarts it, and shows payment due`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const premium = await seededTier(page, "Premium");
    await startMember(page, launch, "Renewer");
    const state: PlanState = {
      payments: "stars",
      request: null,
      subscription: renewing(premium),
      tier: premium,
    };
    await answerPlan(page, state);
    const bodies: unknown[] = [];
    await page.route("**/api/me/plan/renewal", async (route) => {
      const { renew } = route.request().postDataJSON() as { renew: boolean };
      bodies.push({ renew });
      const subscription = { ...renewing(premium), renews: renew, lapsesAt: renew ? LAPSES_AT : RENEWS_AT };
      state.subscription = subscription;
      await route.fulfill({ json: subscription });
    });

    await page.goto("/settings/memberships");
    const card = page.getByTestId("tier-card");
    const line = card.getByTestId("plan-subscription");
    await expect(line).toHaveText("Paid with Telegram Stars · Renews on July 15, 2031");
    await expect(card.getByTestId("tier-sale")).toHaveText(STARS_LINE);
    await expect(card.getByRole("button", { name: "Cancel renewal" })).toBeVisible();
    await lookAt(page, launch, "plans-memberships-renewing");

    await card.getByRole("button", { name: "Cancel renewal" }).click();
    await expect(toast(page, "Renewal cancelled. Your plan ends on July 15, 2031.")).toBeVisible();
    await expect(line).toHaveText("Renewal cancelled · Ends on July 15, 2031");
    await expect(card.getByRole("button", { name: "Renew", exact: true })).toBeVisible();
    await untilToastsGo(page);
    await lookAt(page, launch, "plans-memberships-renewal-cancelled");

    await card.getByRole("button", { name: "Renew", exact: true }).click();
    await expect(toast(page, "Your plan will renew on July 15, 2031.")).toBeVisible();
    await expect(line).toHaveText("Paid with Telegram Stars · Renews on July 15, 2031");
    expect(bodies).toEqual([{ renew: false }, { renew: true }]);

    // The period is over and the renewal has not come: payment due until the plan lapses.
    state.subscription = { ...renewing(premium), paymentDue: true };
    await page.reload();
    await expect(line).toHaveText(
      "Payment due · The renewal has not arrived. Your plan stays until July 18, 2031.",
    );
    await expect(card.getByTestId("plan-renewal")).toHaveCount(0);
    await untilToastsGo(page);
    await lookAt(page, launch, "plans-memberships-payment-due");
  });
}

// PLAN_PAYMENTS=invoice (decision 109): the server's answers in its shapes. Paid by card inside
// Telegram, one period at a time: Memberships says when the next payment is and offers it.
for (const launch of LAUNCHES) {
  test(`Invoice plans (${launch}): the confirmation pays by card, Memberships shows the next payment and payment due`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const premium = await seededTier(page, "Premium");
    await startMember(page, launch, "Cardpayer");
    const state: PlanState = { payments: "invoice", currency: "EUR", request: null, subscription: null };
    await answerPlan(page, state);
    await openPicker(page);
    await pick(page, "Premium", "Select Plan");
    const confirmation = page.getByRole("dialog", { name: "Upgrade Plan" });
    const pay = confirmation.getByRole("button", { name: "Pay €50.00" });
    if (launch === "web") {
      await expect(confirmation.getByTestId("plan-pay")).toHaveText(
        "This plan is paid by card inside Telegram",
      );
      await expect(pay).toBeDisabled();
    } else {
      await expect(confirmation.getByTestId("plan-pay")).toHaveText("Pay €50.00 by card for 30 days");
      await expect(pay).toBeEnabled();
    }
    await lookAt(page, launch, "plans-invoice-confirmation");

    state.subscription = { ...renewing(premium), currency: "EUR", stars: 5000 };
    state.tier = premium;
    await page.goto("/settings/memberships");
    const card = page.getByTestId("tier-card");
    const line = card.getByTestId("plan-subscription");
    await expect(line).toHaveText("Paid by card · Next payment on July 15, 2031");
    await expect(card.getByTestId("tier-sale")).toHaveText("€50.00 by card for 30 days");
    const payNext = card.getByRole("button", { name: "Pay €50.00 for the next 30 days" });
    await expect(payNext).toHaveCount(launch === "web" ? 0 : 1);
    await expect(card.getByRole("button", { name: "Cancel renewal" })).toBeVisible();
    await untilToastsGo(page);
    await lookAt(page, launch, "plans-memberships-invoice");

    state.subscription = { ...state.subscription, paymentDue: true };
    await page.reload();
    await expect(line).toHaveText(
      "Payment due · The renewal has not arrived. Your plan stays until July 18, 2031.",
    );
    await expect(payNext).toHaveCount(launch === "web" ? 0 : 1);
    await untilToastsGo(page);
    await lookAt(page, launch, "plans-memberships-invoice-due");
  });
}

test("Stars renewal: a refusal says why and the state stays", async ({ page }) => {
  const premium = await seededTier(page, "Premium");
  await startMember(page, "web", "Refused");
  await answerPlan(page, {
    payments: "stars",
    request: null,
    subscription: renewing(premium),
    tier: premium,
  });
  await page.route("**/api/me/plan/renewal", (route) =>
    route.fulfill({
      status: 503,
      json: {
        error: {
          code: "unavailable",
          message: "Payments through Telegram are not available right now. Please try again later.",
        },
      },
    }),
  );
  await page.goto("/settings/memberships");
  await page.getByRole("button", { name: "Cancel renewal" }).click();
  await expect(
    toast(page, "Error").filter({
      hasText: "Payments through Telegram are not available right now. Please try again later.",
    }),
  ).toBeVisible();
  await expect(page.getByTestId("plan-subscription")).toHaveText(
    "Paid with Telegram Stars · Renews on July 15, 2031",
  );
});

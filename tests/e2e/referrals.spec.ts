import type { APIRequestContext, Page, PlaywrightWorkerArgs } from "@playwright/test";
import { sign } from "@telegram-apps/init-data-node";
import {
  openAdminScreen,
  PASSWORD,
  signInAsAdmin,
  toast,
  uniqueEmail,
  verifiedTelegramMember,
} from "./support/accounts";
import { E2E_BOT_TOKEN, SEEDED_ORIGIN } from "./support/env";
import { lookAt } from "./support/looks";
import { installTelegramClient, newTelegramUser, postedEvents, THEME } from "./support/telegram";
import { expect, test } from "./support/test";
import { catalogText } from "./support/texts";
import { untilToastsGo } from "./support/toasts";

// Referrals (decision 114): Settings › Invite friends inside Telegram and on the web, attribution
// through the link, and Administration › Referrals. The programme is one setting of the server,
// so these run one after another.
test.describe.configure({ mode: "serial" });

/** The e2e admin sets the programme through the API; the page's cookies are cleared after. */
async function setProgramme(page: Page, settings: Record<string, unknown>): Promise<void> {
  await signInAsAdmin(page);
  const saved = await page.request.put("/api/admin/referrals/settings", {
    data: settings,
    headers: { Origin: SEEDED_ORIGIN },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  await page.context().clearCookies();
}

/**
 * A friend launched through `code` (startapp=ref_<code>): Telegram signs the start parameter into
 * initData. Signed in from a request context of its own (the member's keeps the member's cookie).
 */
async function friendThrough(
  playwright: PlaywrightWorkerArgs["playwright"],
  firstName: string,
  code: string,
) {
  const own = await playwright.request.newContext({ baseURL: SEEDED_ORIGIN });
  try {
    const initData = sign(
      { user: newTelegramUser(firstName), query_id: "AAHref", start_param: `ref_${code}` } as Parameters<
        typeof sign
      >[0],
      E2E_BOT_TOKEN,
      new Date(),
    );
    const signedIn = await own.post("/api/auth/telegram", { data: { initData } });
    expect(signedIn.status()).toBe(200);
  } finally {
    await own.dispose();
  }
}

/**
 * The e2e servers run no bot, so they know no bot username and give only the web link; the
 * member's page gets the answer a server with its bot running gives (t.me/<bot>/<app>?startapp=ref_).
 */
async function withBotLink(page: Page): Promise<void> {
  await page.route("**/api/me/referrals", async (route) => {
    const real = (await (await route.fetch()).json()) as { code: string };
    const telegramLink = `https://t.me/shop_bot/shop?startapp=ref_${real.code}`;
    await route.fulfill({ json: { ...real, telegramLink, link: telegramLink } });
  });
}

const CREDITS = { enabled: true, rewardKind: "credits", credits: "5.00" };

async function referralsOf(request: APIRequestContext, auth: { Authorization: string }) {
  const res = await request.get("/api/me/referrals", { headers: auth });
  expect(res.status()).toBe(200);
  return (await res.json()) as { code: string; joined: number; telegramLink: string | null };
}

test("inside Telegram: a friend launched through the link counts; Invite friends shows the link and shares through Telegram", async ({
  page,
  request,
  playwright,
}) => {
  await setProgramme(page, CREDITS);
  const member = await verifiedTelegramMember(request, "Rhea", { theme: THEME });
  const { code } = await referralsOf(request, member.auth);
  expect(code).toMatch(/^[a-z0-9]{8}$/);
  // A new member launched through the member's link (startapp=ref_<code>).
  await friendThrough(playwright, "Finn", code);
  expect((await referralsOf(request, member.auth)).joined).toBe(1);

  await withBotLink(page);
  await installTelegramClient(page, THEME);
  await page.goto(`/${member.hash}`);
  await expect(page.getByTestId("member-home")).toBeVisible();
  await page.goto("/settings");
  await page
    .getByRole("navigation", { name: "Settings" })
    .getByRole("link", { name: "Invite friends" })
    .click();
  await expect(page).toHaveURL("/settings/invite");
  await expect(page.getByRole("heading", { level: 1, name: "Invite friends" })).toBeVisible();
  const link = page.getByTestId("invite-link");
  await expect(link).toHaveValue(`https://t.me/shop_bot/shop?startapp=ref_${code}`);
  await expect(page.getByText("You and your friend each get 5.00 credits")).toBeVisible();
  const counts = page.getByTestId("invite-counts");
  await expect(counts.getByText("Friends joined")).toBeVisible();
  await expect(counts.locator("dd").first()).toHaveText("1");
  await expect(counts.locator("dd").nth(1)).toHaveText("0");
  await lookAt(page, "telegram", "referrals-invite");

  await page.getByTestId("invite-share").click();
  await expect
    .poll(async () => {
      const share = (await postedEvents(page)).find((event) => event.type === "web_app_open_tg_link");
      return (share?.data as { path_full?: string } | undefined)?.path_full ?? "";
    })
    .toContain(`/share/url?url=${encodeURIComponent(await link.inputValue())}`);
});

test("on the web: a visitor through /?ref= signs up and counts; their own page copies their link", async ({
  page,
  request,
  context,
}) => {
  await setProgramme(page, CREDITS);
  const member = await verifiedTelegramMember(request, "Wes");
  const { code } = await referralsOf(request, member.auth);

  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  // No Web Share API (as in most desktop browsers): Share copies the link.
  await page.addInitScript(() => {
    Object.defineProperty(navigator, "share", { value: undefined, configurable: true });
  });
  await page.goto(`/?ref=${code}`);
  await page.getByRole("button", { name: "Join" }).click();
  await page.getByRole("dialog", { name: "Get Started" }).getByRole("button", { name: /^Shop/ }).click();
  const form = page.getByRole("form", { name: "Sign Up" });
  await form.getByLabel("Email").fill(uniqueEmail("friend"));
  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await form.getByLabel("Confirm Password").fill(PASSWORD);
  await form.getByLabel("I confirm I am 21 years or older").check();
  await form.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByTestId("member-home")).toBeVisible();
  await expect.poll(async () => (await referralsOf(request, member.auth)).joined).toBe(1);
  expect(await page.evaluate(() => localStorage.getItem("referralCode"))).toBeNull();

  await page.goto("/settings/invite");
  const link = page.getByTestId("invite-link");
  await expect(link).toHaveValue(/\/\?ref=[a-z0-9]{8}$/);
  expect(await link.inputValue()).not.toContain(code);
  await lookAt(page, "web", "referrals-invite");
  await page.getByTestId("invite-share").click();
  await expect(toast(page, "Link copied")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await link.inputValue());
});

test("inside Telegram in Arabic: Invite friends reads right to left", async ({ page, request }) => {
  await setProgramme(page, CREDITS);
  const member = await verifiedTelegramMember(request, "Sami", { theme: THEME, language: "ar" });
  await withBotLink(page);
  await installTelegramClient(page, THEME);
  await page.goto(`/${member.hash}`);
  await expect(page.getByTestId("member-home")).toBeVisible();
  await page.goto("/settings/invite");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(
    page.getByRole("heading", { level: 1, name: catalogText("ar", "referral.title"), exact: true }),
  ).toBeVisible();
  await expect(page.getByTestId("invite-link")).toHaveValue(/startapp=ref_/);
  await lookAt(page, "telegram", "referrals-invite-ar");
});

test("when the programme is off the page says so plainly", async ({ page, request }) => {
  await setProgramme(page, { ...CREDITS, enabled: false });
  const member = await verifiedTelegramMember(request, "Otto", { theme: THEME });
  await installTelegramClient(page, THEME);
  await page.goto(`/${member.hash}`);
  await expect(page.getByTestId("member-home")).toBeVisible();
  await page.goto("/settings/invite");
  await expect(page.getByTestId("invite-off")).toContainText("The referral programme is off");
  await expect(page.getByTestId("invite-link")).toHaveCount(0);
  await lookAt(page, "telegram", "referrals-invite-off");
  await setProgramme(page, CREDITS);
});

test("Administration › Referrals: the admin sets free days on a plan and sees who brought whom", async ({
  page,
  request,
  playwright,
}) => {
  await setProgramme(page, CREDITS);
  const member = await verifiedTelegramMember(request, "Ines");
  const { code } = await referralsOf(request, member.auth);
  await friendThrough(playwright, "Jonah", code);

  await signInAsAdmin(page);
  await page.goto("/administration");
  await page
    .getByRole("navigation", { name: "Administration" })
    .getByRole("link", { name: "Referrals", exact: true })
    .click();
  await expect(page).toHaveURL("/admin/referrals");
  await expect(page.getByRole("heading", { level: 1, name: "Referrals" })).toBeVisible();
  await expect(page.getByRole("checkbox", { name: /Referral programme on/ })).toBeChecked();
  const row = page.getByTestId("referral-row").filter({ hasText: "Jonah" }).first();
  await expect(row).toContainText("Invited by Ines");
  await expect(row).toContainText("Joined");

  await page.getByLabel("Reward", { exact: true }).selectOption("days");
  const plan = page.getByLabel("Plan", { exact: true });
  const firstPlan = await plan.locator("option").nth(1).getAttribute("value");
  await plan.selectOption(firstPlan ?? "");
  await page.getByLabel("Free days", { exact: true }).fill("7");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Referral programme saved")).toBeVisible();
  const saved = (await (await page.request.get("/api/admin/referrals/settings")).json()) as {
    rewardKind: string;
    days: number;
  };
  expect(saved).toMatchObject({ rewardKind: "days", days: 7 });
  await untilToastsGo(page);
  await lookAt(page, "web", "referrals-admin");
  await row.scrollIntoViewIfNeeded();
  await lookAt(page, "web", "referrals-admin-list");
  await setProgramme(page, CREDITS);
});

test("Administration › Referrals inside Telegram", async ({ page, request }) => {
  await setProgramme(page, CREDITS);
  await openAdminScreen(page, request, {
    theme: THEME,
    firstName: "Tariq",
    screen: "Referrals",
    path: "/admin/referrals",
  });
  await expect(page.getByRole("heading", { level: 1, name: "Referrals" })).toBeVisible();
  await expect(page.getByTestId("referral-totals")).toBeVisible();
  await lookAt(page, "telegram", "referrals-admin");
});

import type { Page } from "@playwright/test";
import { mailedLink, signUpViaApi, toast, uniqueEmail } from "./support/accounts";
import { screenshot } from "./support/screens";
import { installTelegramClient, LIGHT_THEME, launchHash, THEME } from "./support/telegram";
import { expect, test } from "./support/test";

// Proving an email (issue 19): the link mailed at sign-up or from Password and Security opens
// /verify-email, which spends it once; only a proven email can make an ADMIN_EMAILS admin.

const invalidText =
  "This verification link is invalid, has expired or was already used. Send a new one from Password and Security.";

/** A new account's verification link (mailed at sign-up), as a path with its token. */
async function freshLink(page: Page): Promise<string> {
  const email = await signUpViaApi(page, { email: uniqueEmail("verify") });
  const link = new URL(await mailedLink(email, "/verify-email"));
  return `${link.pathname}${link.search}`;
}

test("on the web: Send link from Password and Security, the link verifies once, a second use is refused", async ({
  page,
}) => {
  await page.goto("/");
  const email = await signUpViaApi(page, { email: uniqueEmail("web-verify") });
  await page.goto("/settings/security");
  await expect(page.getByTestId("email-unverified")).toContainText("Email not verified.");
  await page.getByRole("button", { name: "Send link" }).click();
  await expect(toast(page, "Link sent")).toContainText(`Open the link we sent to ${email} within a day.`);
  await expect(page.getByRole("button", { name: "Send again" })).toBeVisible();
  await screenshot(page, "web-dark-security-email-unverified");

  const link = await mailedLink(email, "/verify-email");
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Email verified" })).toBeVisible();
  await expect(page.getByText("Your email is verified.")).toBeVisible();
  await screenshot(page, "web-dark-verify-email");
  await page.getByRole("link", { name: "Back to Password and Security" }).click();
  await expect(page.getByTestId("email-verified")).toHaveText("Email verified.");

  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Verification link not valid" })).toBeVisible();
  await expect(page.getByText(invalidText)).toBeVisible();
  await screenshot(page, "web-dark-verify-email-invalid");
});

test("on the web, signed out: a link without a token explains itself and leads to the login", async ({
  page,
}) => {
  await page.goto("/verify-email");
  await expect(page.getByRole("heading", { name: "Verification link not valid" })).toBeVisible();
  await expect(page.getByText(invalidText)).toBeVisible();
  await expect(page.getByRole("link", { name: "Log in to send a new link" })).toBeVisible();
});

for (const [name, theme] of [
  ["light", LIGHT_THEME],
  ["dark", THEME],
] as const) {
  test(`inside a ${name} Telegram the link verifies, in Telegram's colours`, async ({ page }) => {
    const path = await freshLink(page);
    await page.context().clearCookies();
    await installTelegramClient(page, theme);
    await page.goto(`${path}${launchHash(undefined, { theme })}`);
    await expect(page.getByRole("heading", { name: "Email verified" })).toBeVisible();
    await screenshot(page, `telegram-${name}-verify-email`);
    await page.goto("about:blank");
    await page.goto(`${path}${launchHash(undefined, { theme })}`);
    await expect(page.getByRole("heading", { name: "Verification link not valid" })).toBeVisible();
    await screenshot(page, `telegram-${name}-verify-email-invalid`);
  });
}

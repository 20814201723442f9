import { readFileSync } from "node:fs";
import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import { E2E_ADMIN_EMAIL, SEEDED_ORIGIN, seededServerLog } from "./env";
import { installTelegramClient, launchHash, newTelegramUser } from "./telegram";

/** Meets the sign-up rules: 8+ characters, an uppercase letter, a digit. */
export const PASSWORD = "Secret123";

export function uniqueEmail(prefix = "member"): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@e2e.test`;
}

/** The toast with this title (sonner renders one element per toast). */
export const toast = (page: Page, title: string): Locator =>
  page.locator("[data-sonner-toast]").filter({ has: page.getByText(title, { exact: true }) });

/**
 * Signs up through the API inside the page's browser context, so the session cookie lands where
 * the page uses it. Returns the new account's email. Sign-up is limited per address, so each
 * member comes from an address of its own (the seeded server trusts X-Forwarded-For).
 */
export async function signUpViaApi(
  page: Page,
  { email = uniqueEmail(), fullName = "E2E Member", password = PASSWORD } = {},
): Promise<string> {
  const baseURL = new URL(page.url().startsWith("http") ? page.url() : SEEDED_ORIGIN).origin;
  const response = await page.request.post("/api/auth/signup", {
    data: { email, password, confirmPassword: password, ageConfirmed: true, fullName },
    headers: { Origin: baseURL, "X-Forwarded-For": `198.51.100.${Math.floor(Math.random() * 254) + 1}` },
  });
  expect(response.status(), await response.text()).toBe(201);
  return email;
}

/** The reset link the server logged for the operator (no SMTP, no bot delivery in the e2e server). */
export async function resetLinkFromLog(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const lines = readFileSync(seededServerLog(), "utf8").split("\n");
        for (const line of lines.reverse()) {
          if (!line.includes("password reset link")) continue;
          try {
            const entry = JSON.parse(line) as { email?: string; link?: string };
            if (entry.email === email && entry.link) {
              link = entry.link;
              return true;
            }
          } catch {
            // A partial line being written: the next poll reads it whole.
          }
        }
        return false;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  if (!link) throw new Error(`no reset link logged for ${email}`);
  return link;
}

/** The admin from ADMIN_EMAILS: signs up once per run, logs in after that. */
export async function signInAsAdmin(page: Page): Promise<void> {
  const login = await page.request.post("/api/auth/login", {
    data: { email: E2E_ADMIN_EMAIL, password: "Admin1234" },
    headers: { Origin: SEEDED_ORIGIN },
  });
  if (login.ok()) return;
  await signUpViaApi(page, { email: E2E_ADMIN_EMAIL, password: "Admin1234", fullName: "Ada Admin" });
}

/**
 * A fresh Telegram account (signed in through `request`, apart from the page), age-verified and made
 * an admin by the e2e admin in the page (roles are the app's, not Telegram's). Returns its launch hash; the page's cookies are cleared, so from there on the
 * page is the Telegram account's alone.
 */
export async function telegramAdmin(
  page: Page,
  request: APIRequestContext,
  firstName: string,
  theme: Record<string, string>,
): Promise<string> {
  const hash = launchHash(undefined, { user: newTelegramUser(firstName), theme });
  const initData = new URLSearchParams(hash.slice(1)).get("tgWebAppData");
  const signedIn = await request.post("/api/auth/telegram", { data: { initData } });
  const session = (await signedIn.json()) as { token: string; user: { id: string } };
  await request.post("/api/me/age-verification", {
    data: { confirmed: true },
    headers: { Authorization: `Bearer ${session.token}` },
  });
  await signInAsAdmin(page);
  const granted = await page.request.put(`/api/admin/users/${session.user.id}/role`, {
    data: { role: "admin" },
    headers: { Origin: SEEDED_ORIGIN },
  });
  expect(granted.status()).toBe(200);
  await page.context().clearCookies();
  return hash;
}

/**
 * An admin opens an Administration screen: on the web (`theme` null) the e2e admin goes to `path`;
 * inside Telegram a fresh Telegram admin goes through Account › Administration › `screen`.
 */
export async function openAdminScreen(
  page: Page,
  request: APIRequestContext,
  {
    theme,
    firstName,
    screen,
    path,
  }: { theme: Record<string, string> | null; firstName: string; screen: string; path: string },
): Promise<void> {
  if (theme === null) {
    await signInAsAdmin(page);
    await page.goto(path);
    return;
  }
  const hash = await telegramAdmin(page, request, firstName, theme);
  await installTelegramClient(page, theme);
  await page.goto(`/${hash}`);
  await page.getByRole("button", { name: "Account" }).click();
  await page.getByRole("link", { name: "Administration" }).click();
  await page
    .getByRole("navigation", { name: "Administration" })
    .getByRole("link", { name: screen, exact: true })
    .click();
}

import { existsSync, readFileSync } from "node:fs";
import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import { E2E_ADMIN_EMAIL, SEEDED_ORIGIN, seededMailbox } from "./env";
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

/**
 * The last link to `path` (`/reset-password`, `/verify-email`) mailed to `email` through the fake
 * SMTP server by this worker's seeded server (every worker's server mails the same e2e admin; the
 * link names the server that sent it).
 */
export async function mailedLink(email: string, path: "/reset-password" | "/verify-email"): Promise<string> {
  const origin = SEEDED_ORIGIN.replace(/[.]/g, "\\.");
  const pattern = new RegExp(`${origin}${path}\\?token=[A-Za-z0-9_-]+`);
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const mailbox = seededMailbox();
        const lines = existsSync(mailbox) ? readFileSync(mailbox, "utf8").split("\n") : [];
        for (const line of lines.reverse()) {
          try {
            const mail = JSON.parse(line) as { to: string[]; text: string };
            // The app compares addresses ignoring case; the mailer lower-cases the domain.
            const toThem = mail.to.some((to) => to.toLowerCase() === email.toLowerCase());
            const found = toThem ? pattern.exec(mail.text)?.[0] : undefined;
            if (found) {
              link = found;
              return true;
            }
          } catch {
            // A partial line being written (or the blank last one): the next poll reads it whole.
          }
        }
        return false;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  if (!link) throw new Error(`no ${path} link mailed to ${email}`);
  return link;
}

/** Spends the verification link mailed to `email`, as opening it would. */
export async function verifyMailedEmail(request: APIRequestContext, email: string): Promise<void> {
  const token = new URL(await mailedLink(email, "/verify-email")).searchParams.get("token");
  const verified = await request.post("/api/auth/verify-email", {
    data: { token },
    headers: { Origin: SEEDED_ORIGIN },
  });
  expect(verified.status(), await verified.text()).toBe(200);
}

/**
 * The admin from ADMIN_EMAILS: signs up once per run and proves the address through the mailed
 * link (an unproven email makes no admin), logs in after that.
 */
export async function signInAsAdmin(page: Page): Promise<void> {
  const login = await page.request.post("/api/auth/login", {
    data: { email: E2E_ADMIN_EMAIL, password: "Admin1234" },
    headers: { Origin: SEEDED_ORIGIN },
  });
  if (login.ok()) return;
  await signUpViaApi(page, { email: E2E_ADMIN_EMAIL, password: "Admin1234", fullName: "Ada Admin" });
  await verifyMailedEmail(page.request, E2E_ADMIN_EMAIL);
}

/**
 * A fresh Telegram account, signed in through `request` (apart from any page) and past the age
 * gate: a page opening its launch hash is a returning member's. Returns the hash, its user id and
 * the session's Authorization header (for API calls as the member).
 */
export async function verifiedTelegramMember(
  request: APIRequestContext,
  firstName: string,
  {
    theme,
    startParam,
    language,
  }: { theme?: Record<string, string>; startParam?: string; language?: string } = {},
): Promise<{ hash: string; userId: string; auth: { Authorization: string } }> {
  const user = { ...newTelegramUser(firstName), ...(language ? { language_code: language } : {}) };
  const hash = launchHash(startParam, { user, theme });
  const initData = new URLSearchParams(hash.slice(1)).get("tgWebAppData");
  const signedIn = await request.post("/api/auth/telegram", { data: { initData } });
  expect(signedIn.status()).toBe(200);
  const session = (await signedIn.json()) as { token: string; user: { id: string } };
  const auth = { Authorization: `Bearer ${session.token}` };
  const verified = await request.post("/api/me/age-verification", {
    data: { confirmed: true },
    headers: auth,
  });
  expect(verified.status()).toBe(200);
  return { hash, userId: session.user.id, auth };
}

/**
 * A fresh Telegram account (verifiedTelegramMember) made an admin by the e2e admin in the page
 * (roles are the app's, not Telegram's). Returns its launch hash; the page's cookies are cleared, so
 * from there on the page is the Telegram account's alone.
 */
export async function telegramAdmin(
  page: Page,
  request: APIRequestContext,
  firstName: string,
  theme: Record<string, string>,
  language?: string,
): Promise<string> {
  const { hash, userId } = await verifiedTelegramMember(request, firstName, { theme, language });
  await signInAsAdmin(page);
  const granted = await page.request.put(`/api/admin/users/${userId}/role`, {
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

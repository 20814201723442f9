import type { Page } from "@playwright/test";
import { APPEARANCE_STORAGE_KEY } from "../../miniapp/src/lib/appearance";
import { mailedLink, PASSWORD, signUpViaApi, toast, uniqueEmail } from "./support/accounts";
import { SEEDED_ORIGIN } from "./support/env";
import { holdRequests } from "./support/hold";
import { screenshot } from "./support/screens";
import { expect, test } from "./support/test";
import { catalogText } from "./support/texts";

const dialog = (page: Page) => page.getByRole("dialog");

async function openSignUp(page: Page) {
  await page.goto("/");
  await page.getByRole("button", { name: "Join" }).click();
  const sheet = page.getByRole("dialog", { name: "Get Started" });
  await expect(sheet).toBeVisible();
  await sheet.getByRole("button", { name: /^Shop/ }).click();
  await expect(page.getByRole("tab", { name: "Sign Up" })).toHaveAttribute("aria-selected", "true");
  return page.getByRole("form", { name: "Sign Up" });
}

interface SignUpFields {
  email?: string;
  password?: string;
  confirm?: string;
  age?: boolean;
  fullName?: string;
}

async function fillSignUp(
  page: Page,
  { email = "", password = "", confirm = password, age = true, fullName }: SignUpFields,
) {
  const form = page.getByRole("form", { name: "Sign Up" });
  if (fullName !== undefined) await form.getByLabel("Full Name (optional)").fill(fullName);
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password", { exact: true }).fill(password);
  await form.getByLabel("Confirm Password").fill(confirm);
  const box = form.getByLabel("I confirm I am 21 years or older");
  if (age) await box.check();
  else await box.uncheck();
  await form.getByRole("button", { name: "Sign Up" }).click();
}

test("the landing: hero, Join, policy links, the 21+ notice, and no scrolling", async ({ page }) => {
  await page.goto("/");
  const landing = page.getByTestId("landing");
  await expect(landing).toBeVisible();
  // The seeded channel has a logo and no hero video: the hero shows the logo image.
  await expect(page.getByTestId("hero-image")).toBeVisible();
  await expect(page.getByTestId("hero-video")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Join" })).toBeVisible();
  await expect(page.getByText("You must be 21+ to join.", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Terms of Service" })).toHaveAttribute(
    "href",
    "/terms-of-service",
  );
  await expect(page.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy-policy");
  await expect(page.locator("body")).toHaveClass(/scroll-locked/);
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe("hidden");
  await screenshot(page, "landing");

  await page.getByRole("button", { name: "Join" }).click();
  const sheet = page.getByRole("dialog", { name: "Get Started" });
  await expect(sheet.getByRole("button", { name: /^Shop/ })).toBeVisible();
  await expect(sheet.getByRole("button", { name: /^Login/ })).toBeVisible();
  // The sheet lies over the landing's Join bar: its lowest choice is what shows there. (Hit testing
  // skips the page under an open dialog, which Radix makes pointer-events: none; not for this look.)
  const onTop = (element: HTMLElement | SVGElement) => {
    const box = element.getBoundingClientRect();
    const inert = document.body.style.pointerEvents;
    document.body.style.pointerEvents = "auto";
    const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    document.body.style.pointerEvents = inert;
    return element.contains(top);
  };
  await expect.poll(() => sheet.getByRole("button", { name: /^Login/ }).evaluate(onTop)).toBe(true);
  await screenshot(page, "get-started");
  await sheet.getByRole("button", { name: /^Login/ }).click();
  await expect(page.getByRole("tab", { name: "Login" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("form", { name: "Login" })).toBeVisible();
  await screenshot(page, "auth-login");
  // The switch link leads to the other tab and back.
  await dialog(page).getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByRole("form", { name: "Sign Up" })).toBeVisible();
  await dialog(page).getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("form", { name: "Login" })).toBeVisible();
  // Closing the dialog still leaves the page locked: the landing holds it too.
  await page.keyboard.press("Escape");
  await expect(dialog(page)).toBeHidden();
  await expect(page.locator("body")).toHaveClass(/scroll-locked/);
});

test("a hero video plays muted, looped and inline", async ({ page }) => {
  // The page arrives with the channel (its boot data): that copy names a hero video.
  await page.route(
    (url) => url.pathname === "/",
    async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(
        /"heroVideoUrl":(null|"[^"]*")/,
        '"heroVideoUrl":"/media/channel-assets/hero.mp4"',
      );
      expect(html).toContain("hero.mp4");
      await route.fulfill({
        response,
        body: html,
        headers: { ...response.headers(), "content-encoding": "" },
      });
    },
  );
  // And any later read of the channel (a refetch after the event stream reconnects) names it too.
  await page.route("**/api/channel", async (route) => {
    const response = await route.fetch();
    await route.fulfill({
      response,
      json: { ...(await response.json()), heroVideoUrl: "/media/channel-assets/hero.mp4" },
    });
  });
  // Held: the element stays a video (a failed video falls back to the logo).
  await page.route("**/media/channel-assets/hero.mp4", () => {});
  await page.goto("/");
  const video = page.getByTestId("hero-video");
  await expect(video).toBeAttached();
  expect(await video.evaluate((v: HTMLVideoElement) => [v.muted, v.loop, v.autoplay, v.playsInline])).toEqual(
    [true, true, true, true],
  );
  await expect(page.getByTestId("hero-image")).toHaveCount(0);
});

test("a logo that fails to load gives way to the default logo, not a broken image", async ({ page }) => {
  await page.route("**/media/channel-assets/**", (route) => route.fulfill({ status: 404, body: "" }));
  await page.goto("/");
  await expect(page.getByTestId("hero-placeholder")).toBeVisible();
  await expect(page.getByTestId("hero-image")).toHaveCount(0);
});

test("sign-up shows each validation message", async ({ page }) => {
  await openSignUp(page);
  const form = page.getByRole("form", { name: "Sign Up" });
  const cases: [SignUpFields, string, string][] = [
    [{ email: "not-an-email", password: "Secret123" }, "Invalid email address", "Email"],
    [{ email: "a@b.co", password: "Sh0rt" }, "Password must be at least 8 characters", "Password"],
    [{ email: "a@b.co", password: "lowercase123" }, "Password must contain an uppercase letter", "Password"],
    [{ email: "a@b.co", password: "NoDigitsHere" }, "Password must contain a number", "Password"],
    [
      { email: "a@b.co", password: "Secret123", confirm: "Secret124" },
      "Passwords don't match",
      "Confirm Password",
    ],
    [{ email: "a@b.co", password: "Secret123", age: false }, "You must be 21+ to join", ""],
  ];
  for (const [fields, message, field] of cases) {
    await fillSignUp(page, fields);
    const shown = toast(page, "Validation Error").filter({ hasText: message });
    await expect(shown).toBeVisible();
    if (field) {
      // The message sits on its own field (the mismatch on the confirmation field).
      const input = form.getByLabel(field, { exact: true });
      await expect(input).toHaveAttribute("aria-invalid", "true");
      await expect(input).toHaveAccessibleDescription(message);
    } else {
      await expect(form.getByRole("alert").filter({ hasText: message })).toBeVisible();
    }
    if (message === "Passwords don't match") await screenshot(page, "sign-up-mismatch");
    if (message === "Invalid email address") await screenshot(page, "sign-up-invalid-email");
  }
});

test("sign-up: Welcome!, signed in; the same email again, unverified: Account exists and the login tab", async ({
  page,
}) => {
  const email = uniqueEmail("signup");
  await openSignUp(page);
  await fillSignUp(page, { email: `  ${email.toUpperCase()}  `, password: PASSWORD, fullName: "Sam Signup" });
  await expect(toast(page, "Welcome!")).toContainText(
    "Your account has been created. You can upgrade to Pro anytime from your profile.",
  );
  await expect(dialog(page)).toBeHidden();
  await expect(page.getByTestId("member-home")).toBeVisible();
  await expect(page.locator("body")).not.toHaveClass(/scroll-locked/);
  await screenshot(page, "signed-up");

  // The header's account button now leads to the settings; /auth sends a signed-in user home.
  await page.getByRole("button", { name: "Account" }).click();
  await expect(page).toHaveURL("/settings");
  await expect(page.getByText("Sam Signup")).toBeVisible();
  await page.goto("/auth");
  await expect(page).toHaveURL("/");

  // The same email again, its link never opened: a web sign-up's address is taken all the same.
  await page.context().clearCookies();
  await openSignUp(page);
  await fillSignUp(page, { email, password: PASSWORD });
  await expect(toast(page, "Account exists")).toContainText(
    "This email is already registered. Please log in instead.",
  );
  await expect(page.getByRole("tab", { name: "Login" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("form", { name: "Login" }).getByLabel("Email")).toHaveValue(
    email.toLowerCase(),
  );
});

for (const language of ["en", "ar"] as const) {
  test.describe(`on the web in light, in ${language}`, () => {
    test.use({ colorScheme: "light", locale: language });

    test("a web sign-up's unverified address: signing up with it again says Account exists on the login tab", async ({
      page,
    }) => {
      const t = (key: string) => catalogText(language, key);
      await page.addInitScript((key) => localStorage.setItem(key, "light"), APPEARANCE_STORAGE_KEY);
      const email = await signUpViaApi(page, { email: uniqueEmail("taken") });
      await page.context().clearCookies();

      await page.goto("/");
      await expect(page.locator("html")).toHaveAttribute("dir", language === "ar" ? "rtl" : "ltr");
      await page.getByRole("button", { name: t("landing.join") }).click();
      const sheet = page.getByRole("dialog", { name: t("getStarted.title") });
      await sheet.getByRole("button", { name: new RegExp(`^${t("getStarted.shop")}`) }).click();
      const form = page.getByRole("form", { name: t("signUp.title") });
      await form.getByLabel(t("field.email")).fill(email);
      await form.getByLabel(t("field.password"), { exact: true }).fill(PASSWORD);
      await form.getByLabel(t("field.confirmPassword")).fill(PASSWORD);
      await form.getByLabel(t("signUp.ageConfirm")).check();
      await form.getByRole("button", { name: t("signUp.title") }).click();

      await expect(toast(page, t("signUp.accountExists"))).toContainText(
        catalogText(language, "This email is already registered. Please log in instead.", "messages"),
      );
      await expect(page.getByRole("tab", { name: t("signIn.title") })).toHaveAttribute(
        "aria-selected",
        "true",
      );
      await expect(
        page.getByRole("form", { name: t("signIn.title") }).getByLabel(t("field.email")),
      ).toHaveValue(email);
      await screenshot(page, `sign-up-account-exists-web-light-${language}`);
    });
  });
}

test("login: validation, wrong password, then Welcome back!", async ({ page }) => {
  const email = await signUpViaApi(page, { email: uniqueEmail("login") });
  await page.context().clearCookies();

  await page.goto("/auth");
  const form = page.getByRole("form", { name: "Login" });
  await expect(form).toBeVisible();
  await form.getByRole("button", { name: "Login" }).click();
  await expect(toast(page, "Validation Error")).toContainText("Invalid email address");
  await form.getByLabel("Email").fill(email);
  await form.getByRole("button", { name: "Login" }).click();
  await expect(toast(page, "Validation Error").filter({ hasText: "Password is required" })).toBeVisible();

  await form.getByLabel("Password").fill("Wrong-password-1");
  await form.getByRole("button", { name: "Login" }).click();
  await expect(toast(page, "Login failed")).toContainText("Invalid email or password");
  await screenshot(page, "login-failed");

  await form.getByLabel("Password").fill(PASSWORD);
  await form.getByRole("button", { name: "Login" }).click();
  await expect(toast(page, "Welcome back!")).toContainText("You've successfully logged in.");
  // Signed in on /auth: sent home.
  await expect(page).toHaveURL("/");
  await expect(page.getByTestId("member-home")).toBeVisible();

  // The session is the HttpOnly cookie: a reload keeps it, and scripts cannot read it.
  await page.reload();
  await expect(page.getByTestId("member-home")).toBeVisible();
  expect(await page.evaluate(() => document.cookie)).not.toContain("session");
});

test("closing the auth dialog on /auth goes home", async ({ page }) => {
  await page.goto("/auth");
  await expect(page.getByRole("form", { name: "Login" })).toBeVisible();
  await dialog(page).getByRole("button", { name: "Close" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByTestId("landing")).toBeVisible();
});

test("forgot password: Check your email; the logged link resets the password", async ({ page }) => {
  const email = await signUpViaApi(page, { email: uniqueEmail("reset") });
  await page.context().clearCookies();

  await page.goto("/auth");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL("/forgot-password");
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(page.getByRole("button", { name: "Send Reset Link" })).toBeVisible();
  await screenshot(page, "forgot-password");
  await page.getByLabel("Email").fill("nope");
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(toast(page, "Validation Error")).toContainText("Invalid email address");

  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await expect(page.getByText(`We've sent a password reset link to ${email}`)).toBeVisible();
  await expect(toast(page, "Check your email")).toContainText("We've sent you a password reset link.");
  await screenshot(page, "forgot-password-sent");

  // Mailed, and built from PUBLIC_URL, never from the request's Host.
  const link = await mailedLink(email, "/reset-password");
  expect(link).toMatch(new RegExp(`^${SEEDED_ORIGIN}/reset-password\\?token=`));
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await page.getByLabel("New Password", { exact: true }).fill("weak");
  await page.getByLabel("Confirm New Password").fill("weak");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(toast(page, "Validation Error")).toContainText("Password must be at least 8 characters");
  await page.getByLabel("New Password", { exact: true }).fill("Renewed456");
  await page.getByLabel("Confirm New Password").fill("Renewed465");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByLabel("Confirm New Password")).toHaveAccessibleDescription("Passwords don't match");
  await screenshot(page, "reset-password");
  await page.getByLabel("Confirm New Password").fill("Renewed456");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(toast(page, "Password updated")).toBeVisible();
  await expect(page).toHaveURL("/auth");

  const form = page.getByRole("form", { name: "Login" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill("Renewed456");
  await form.getByRole("button", { name: "Login" }).click();
  await expect(toast(page, "Welcome back!")).toBeVisible();

  // The link was single-use.
  await page.goto(link);
  await page.getByLabel("New Password", { exact: true }).fill("Another789");
  await page.getByLabel("Confirm New Password").fill("Another789");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByText("This reset link is invalid or has expired.")).toBeVisible();
});

test("reset with an invalid token says so and offers a new link", async ({ page }) => {
  await page.goto("/reset-password?token=not-a-real-token");
  await page.getByLabel("New Password", { exact: true }).fill("Renewed456");
  await page.getByLabel("Confirm New Password").fill("Renewed456");
  await page.getByRole("button", { name: "Reset Password" }).click();
  const invalid = page.getByTestId("reset-invalid");
  await expect(invalid.getByText("This reset link is invalid or has expired.")).toBeVisible();
  await screenshot(page, "reset-invalid");
  await invalid.getByRole("link", { name: "Request a new link" }).click();
  await expect(page).toHaveURL("/forgot-password");

  // Without a token at all, the same screen at once.
  await page.goto("/reset-password");
  await expect(page.getByTestId("reset-invalid")).toBeVisible();
});

test("Cancel and Return to Home lead home", async ({ page }) => {
  await page.goto("/forgot-password");
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL("/");
});

test("sign out: Signed out, and the session is gone", async ({ page }) => {
  await signUpViaApi(page, { email: uniqueEmail("signout") });
  await page.goto("/settings/account");
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(toast(page, "Signed out")).toBeVisible();
  await expect(page).toHaveURL("/");
  await expect(page.getByTestId("landing")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("button", { name: "Join" })).toBeVisible();
  await page.goto("/settings");
  await expect(page).toHaveURL("/auth");
});

test("sign out failing says Error signing out with the message", async ({ page }) => {
  await signUpViaApi(page, { email: uniqueEmail("signout-fail") });
  await page.route("**/api/auth/logout", (route) =>
    route.fulfill({ status: 503, json: { error: { code: "internal", message: "Service unavailable" } } }),
  );
  await page.goto("/settings/account");
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(toast(page, "Error signing out")).toContainText("Service unavailable");
  await expect(page).toHaveURL("/settings/account");
});

test("the legal pages show the active document with its version and date", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("link", { name: "Terms of Service" }).click();
  await expect(page).toHaveURL("/terms-of-service");
  await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
  await expect(page.getByTestId("legal-meta")).toHaveText(/^Version \d+ · Effective \w+ \d{1,2}, \d{4}$/);
  // The simple markdown: headings, bullets, rules, bold.
  await expect(page.locator(".markdown h3").first()).toBeVisible();
  await expect(page.locator(".markdown li").first()).toBeVisible();
  await expect(page.locator(".markdown hr").first()).toBeAttached();
  await expect(page.locator(".markdown strong").first()).toBeVisible();
  await screenshot(page, "terms-of-service");

  await page.goto("/privacy-policy");
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
  await expect(page.getByTestId("legal-meta")).toBeVisible();
  await screenshot(page, "privacy-policy");
});

test("the legal pages show a spinner while loading", async ({ page }) => {
  const release = await holdRequests(page, "**/api/legal/terms");
  await page.goto("/terms-of-service");
  await expect(page.getByRole("status", { name: "Loading terms of service" })).toBeVisible();
  release();
  await expect(page.getByTestId("legal-meta")).toBeVisible();
});

test("a visitor's first load, landing then a product, asks nothing that fails and logs no error", async ({
  page,
  request,
}) => {
  const failed: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") failed.push(`console: ${message.text()}`);
  });
  page.on("response", (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  const meAsked: string[] = [];
  page.on("request", (asked) => {
    if (new URL(asked.url()).pathname === "/api/me") meAsked.push(asked.url());
  });
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Join" })).toBeVisible();
  const { products } = (await (await request.get("/api/products")).json()) as { products: { id: string }[] };
  await page.goto(`/product/${products[0]?.id}`);
  await expect(page.getByRole("button", { name: /Add to Cart|Out of Stock/ })).toBeVisible();
  // No session cookie came with either page: the app did not ask who is signed in.
  expect(meAsked).toEqual([]);
  expect(failed).toEqual([]);
});

import type { APIRequestContext, Page, PlaywrightWorkerArgs } from "@playwright/test";
import { openAdminScreen, signInAsAdmin, signUpViaApi, toast, uniqueEmail } from "./support/accounts";
import { E2E_ADMIN_EMAIL, SEEDED_ORIGIN } from "./support/env";
import { gate } from "./support/hold";
import { LAUNCHES, launchTheme, lookAt } from "./support/looks";
import { screenshot } from "./support/screens";
import { expect, test } from "./support/test";

// Other specs read the public Privacy Policy (its headings, bullets, rules and bold lines). Each
// test here publishes a version with all of those, and then publishes the original text again as a
// newer version, so the public page reads as seeded.

interface Version {
  version: number;
  content: string;
  effectiveDate: string;
  isActive: boolean;
}

/** The e2e admin's own API session, apart from the page (inside Telegram the page is another admin's). */
async function adminApi(playwright: PlaywrightWorkerArgs["playwright"]) {
  const context = await playwright.request.newContext({
    baseURL: SEEDED_ORIGIN,
    extraHTTPHeaders: { Origin: SEEDED_ORIGIN },
  });
  const login = await context.post("/api/auth/login", {
    data: { email: E2E_ADMIN_EMAIL, password: "Admin1234" },
  });
  expect(login.status()).toBe(200);
  return context;
}

async function privacyVersions(api: APIRequestContext): Promise<Version[]> {
  const response = await api.get("/api/admin/legal/privacy");
  expect(response.status()).toBe(200);
  return ((await response.json()) as { versions: Version[] }).versions;
}

/** The original text again, as the newest version. */
async function republish(api: APIRequestContext, original: Version) {
  const response = await api.post("/api/admin/legal/privacy", {
    data: { content: original.content, effectiveDate: original.effectiveDate },
  });
  expect(response.status(), await response.text()).toBe(201);
}

const editor = (page: Page) => page.getByRole("region", { name: "Publish new version" });
const versionRow = (page: Page, version: number) =>
  page
    .getByRole("list", { name: "Versions" })
    .getByRole("listitem", { name: `Version ${version}`, exact: true })
    .and(page.getByTestId("policy-version"));

for (const launch of LAUNCHES) {
  test(`Privacy Policy admin (${launch}): publish a version after a preview; the public page shows it; versions listed`, async ({
    page,
    request,
    playwright,
  }) => {
    test.setTimeout(90_000);
    await openAdminScreen(page, request, {
      theme: launchTheme(launch),
      firstName: "Policy",
      screen: "Privacy Policy",
      path: "/admin/privacy-policy",
    });
    const api = await adminApi(playwright);
    const before = await privacyVersions(api);
    const original = before.find((v) => v.isActive);
    if (!original) throw new Error("the seeded privacy policy is missing");
    const latest = before[0]?.version ?? 0;
    const next = latest + 1;
    const stamp = Date.now().toString().slice(-7);

    try {
      // The active document, as the public page renders it, and every version.
      await expect(page.getByRole("heading", { name: "Privacy Policy", level: 1 })).toBeVisible();
      await expect(page.getByTestId("legal-meta")).toHaveText(
        new RegExp(`^Version ${original.version} · Effective `),
      );
      await expect(page.getByTestId("policy-version")).toHaveCount(before.length);
      await expect(versionRow(page, original.version).getByTestId("version-active")).toHaveText("Active");
      await expect(page.getByTestId("policy-active").locator(".markdown h3").first()).toBeVisible();
      await lookAt(page, launch, "admin-policy");

      // The editor starts from the active text, the next version and today.
      await page.getByRole("button", { name: "Publish new version" }).click();
      const form = editor(page);
      const content = form.getByLabel("Content", { exact: true });
      await expect(content).toHaveValue(original.content);
      const version = form.getByLabel("Version", { exact: true });
      await expect(version).toHaveValue(String(next));
      await expect(form.getByLabel("Effective date", { exact: true })).toHaveValue(/^\d{4}-\d\d-\d\d$/);

      // A version that is not above the latest: the server's refusal, on the field and in the toast.
      await content.fill(
        `# Privacy Policy\n\n**Updated by the e2e tests ${stamp}**\n\n## What changed\n\n- A bullet ${stamp}\n- Another bullet\n\n---\n\nThe rest is as before.`,
      );
      await form.getByLabel("Effective date", { exact: true }).fill("2031-01-15");
      await version.fill(String(latest));
      await form.getByRole("button", { name: "Publish" }).click();
      const refusal = `Version must be greater than ${latest}, the latest version`;
      await expect(toast(page, "Failed to publish version")).toContainText(refusal);
      await expect(form.getByRole("alert")).toHaveText(refusal);
      await expect(version).toHaveAttribute("aria-invalid", "true");
      await lookAt(page, launch, "admin-policy-refused");
      await version.fill(String(next));
      await expect(form.getByRole("alert")).toHaveCount(0);

      // The preview is the public page's markdown (its first heading is the page's title).
      await form.getByRole("tab", { name: "Preview" }).click();
      const preview = form.getByTestId("policy-preview");
      await expect(preview).toContainText(`Version ${next} · Effective January 15, 2031`);
      await expect(preview.locator(".markdown strong")).toHaveText(`Updated by the e2e tests ${stamp}`);
      await expect(preview.locator(".markdown h3")).toHaveText("What changed");
      await expect(preview.locator(".markdown li").first()).toHaveText(`A bullet ${stamp}`);
      await expect(preview.locator(".markdown hr")).toHaveCount(1);
      await expect(preview.getByRole("heading", { name: "Privacy Policy" })).toHaveCount(0);
      await expect(content).toBeHidden();
      await lookAt(page, launch, "admin-policy-preview");

      // Published from the preview: the newest version is the active one; the old one is kept.
      await form.getByRole("button", { name: "Publish" }).click();
      await expect(toast(page, `Version ${next} published`)).toBeVisible();
      await expect(editor(page)).toHaveCount(0);
      await expect(page.getByTestId("legal-meta")).toHaveText(`Version ${next} · Effective January 15, 2031`);
      await expect(page.getByTestId("policy-version").first()).toContainText(`Version ${next}`);
      await expect(versionRow(page, next).getByTestId("version-active")).toHaveText("Active");
      await expect(versionRow(page, original.version).getByTestId("version-active")).toHaveCount(0);
      await expect(page.getByTestId("policy-version")).toHaveCount(before.length + 1);
      await expect(page.getByTestId("policy-active")).toContainText(`A bullet ${stamp}`);
      // An earlier version's text opens on demand.
      await versionRow(page, original.version).getByText("Show text").click();
      await expect(versionRow(page, original.version).locator(".markdown h3").first()).toBeVisible();
      await lookAt(page, launch, "admin-policy-published", { readable: false });

      // The public page shows it at once.
      await page.goto("/privacy-policy");
      await expect(page.getByTestId("legal-meta")).toHaveText(`Version ${next} · Effective January 15, 2031`);
      await expect(page.locator(".markdown strong")).toHaveText(`Updated by the e2e tests ${stamp}`);
      await expect(page.locator(".markdown li").first()).toHaveText(`A bullet ${stamp}`);
      await lookAt(page, launch, "admin-policy-public", { readable: false });
    } finally {
      await republish(api, original);
      await api.dispose();
    }
  });
}

test("a policy page: loading, a failure with Retry, and no document yet", async ({ page }) => {
  await signInAsAdmin(page);
  const { passed: held, open: release } = gate();
  let answer: "fail" | "empty" = "fail";
  await page.route("**/api/admin/legal/refund", async (route) => {
    await held;
    if (answer === "fail") {
      return route.fulfill({ status: 500, json: { error: { code: "internal", message: "boom" } } });
    }
    return route.fulfill({ json: { documentType: "refund", versions: [] } });
  });
  await page.goto("/admin/refund-policy");
  await expect(page.getByRole("status", { name: "Loading refund policy" })).toBeVisible();
  release();
  await expect(page.getByText("Failed to load refund policy")).toBeVisible();
  answer = "empty";
  await page.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByText("No refund policy found.")).toBeVisible();
  await expect(page.getByTestId("legal-meta")).toHaveCount(0);
  await screenshot(page, "admin-policy-empty");
  // The first version: empty text, version 1.
  await page.getByRole("button", { name: "Publish new version" }).click();
  await expect(editor(page).getByLabel("Content", { exact: true })).toHaveValue("");
  await expect(editor(page).getByLabel("Version", { exact: true })).toHaveValue("1");
  await editor(page).getByRole("button", { name: "Cancel" }).click();
  await expect(editor(page)).toHaveCount(0);
});

test("every policy has its admin screen under Administration", async ({ page }) => {
  await signInAsAdmin(page);
  for (const [screen, path] of [
    ["Terms of Service", "/admin/terms-of-service"],
    ["Privacy Policy", "/admin/privacy-policy"],
    ["Refund Policy", "/admin/refund-policy"],
    ["Shipping Policy", "/admin/shipping-policy"],
    ["Cancellation Policy", "/admin/cancellation-policy"],
  ] as const) {
    await page.goto("/administration");
    await page
      .getByRole("navigation", { name: "Administration" })
      .getByRole("link", { name: screen })
      .click();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole("heading", { name: screen, level: 1 })).toBeVisible();
    await expect(page.getByTestId("legal-meta")).toHaveText(/^Version \d+ · Effective /);
    await expect(page.getByTestId("version-active")).toHaveCount(1);
  }
});

test("Content Filters says it is coming soon", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/administration");
  await page
    .getByRole("navigation", { name: "Administration" })
    .getByRole("link", { name: "Content Filters" })
    .click();
  await expect(page).toHaveURL("/admin/content-filters");
  await expect(page.getByRole("heading", { name: "Content Filters", level: 1 })).toBeVisible();
  await expect(page.getByText("Content filter management coming soon...", { exact: true })).toBeVisible();
  await screenshot(page, "admin-content-filters");
});

test("a member is refused the policy screens, and so is their API call", async ({ page }) => {
  await signUpViaApi(page, { email: uniqueEmail("not-admin-policies") });
  await page.goto("/admin/privacy-policy");
  await expect(page.getByRole("heading", { name: "Not authorized" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Publish new version" })).toHaveCount(0);
  const published = await page.request.post("/api/admin/legal/privacy", {
    data: { content: "# Mine", effectiveDate: "2031-01-01" },
    headers: { Origin: SEEDED_ORIGIN },
  });
  expect(published.status()).toBe(403);
  await page.goto("/admin/content-filters");
  await expect(page.getByRole("heading", { name: "Not authorized" })).toBeVisible();
});

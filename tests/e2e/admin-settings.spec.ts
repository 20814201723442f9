import type { APIRequestContext, Page } from "@playwright/test";
import { openAdminScreen, signInAsAdmin, signUpViaApi, toast, uniqueEmail } from "./support/accounts";
import { expectReadable } from "./support/contrast";
import { E2E_ADMIN_EMAIL, SEEDED_ORIGIN } from "./support/env";
import { solidPng } from "./support/files";
import { holdRequests } from "./support/hold";
import { lookAt } from "./support/looks";
import { screenshot } from "./support/screens";
import { installTelegramClient, launchHash, newTelegramUser, THEME } from "./support/telegram";
import { expect, test } from "./support/test";
import { untilToastsGo } from "./support/toasts";

// The seeded settings (db/seed) stay as they are: other specs read the channel's name, count and
// logo. Each test that saves puts back what it found.

type Settings = Record<string, unknown> & { channelName: string; logoUrl: string | null };

async function currentSettings(request: APIRequestContext): Promise<Settings> {
  const response = await request.get("/api/admin/settings");
  expect(response.status()).toBe(200);
  return ((await response.json()) as { settings: Settings }).settings;
}

/** Signs `request` in as the e2e admin (apart from the page, whose session may be someone else's). */
async function asAdmin(request: APIRequestContext): Promise<APIRequestContext> {
  const login = await request.post("/api/auth/login", {
    data: { email: E2E_ADMIN_EMAIL, password: "Admin1234" },
    headers: { Origin: SEEDED_ORIGIN },
  });
  expect(login.status()).toBe(200);
  return request;
}

async function restore(request: APIRequestContext, settings: Settings) {
  const { id: _id, ...json } = settings;
  const response = await request.put("/api/admin/settings", {
    data: json,
    headers: { Origin: SEEDED_ORIGIN },
  });
  expect(response.status(), await response.text()).toBe(200);
}

const MP4_HEAD = Buffer.from("000000206674797069736f6d0000020069736f6d69736f32617663316d703431", "hex");
const mp4 = () => Buffer.concat([MP4_HEAD, Buffer.alloc(64 * 1024, 7)]);

const saveButton = (page: Page) => page.getByRole("button", { name: /^Save (Changes|All Settings)$/ });

test("an admin uploads a logo and a video, saves, and an open channel header follows", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page);
  const found = await currentSettings(page.request);

  // Someone else has the channel open.
  const visitorContext = await browser.newContext({ baseURL });
  const visitor = await visitorContext.newPage();
  await visitor.goto("/");
  const header = visitor.getByTestId("channel-header");
  await expect(header.getByRole("heading", { name: found.channelName })).toBeVisible();

  try {
    // /admin leads to the editor, which shows what is saved.
    await page.goto("/admin");
    await expect(page).toHaveURL("/admin/settings");
    await expect(page.getByRole("heading", { name: "Edit Landing Page", level: 1 })).toBeVisible();
    await expect(page.getByLabel("Channel Name")).toHaveValue(found.channelName);
    await expect(page.getByLabel("Member Count Display")).toHaveAttribute("placeholder", "26.2K");
    for (const name of ["Age Verification", "Order Notices", "Low Stock Alerts"]) {
      await expect(page.getByRole("checkbox", { name })).toBeChecked();
    }
    await expect(saveButton(page)).toHaveAccessibleName("Save Changes");
    await screenshot(page, "admin-settings");

    // The client's checks, in the spec's words.
    const logoInput = page.getByLabel("Channel Logo", { exact: true });
    const videoInput = page.getByLabel("Hero Video", { exact: true });
    await logoInput.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hi") });
    await expect(toast(page, "Please select an image file")).toBeVisible();
    await logoInput.setInputFiles({
      name: "huge.png",
      mimeType: "image/png",
      buffer: Buffer.concat([solidPng(8), Buffer.alloc(10 * 1024 * 1024)]),
    });
    await expect(toast(page, "File size must be less than 10MB")).toBeVisible();
    await videoInput.setInputFiles({ name: "still.png", mimeType: "image/png", buffer: solidPng(8) });
    await expect(toast(page, "Please select a video file")).toBeVisible();
    await untilToastsGo(page);

    // The logo goes up with a progress bar (the answer held back so the bar can be seen).
    const release = await holdRequests(page, "**/api/admin/settings/logo");
    await logoInput.setInputFiles({
      name: "logo.png",
      mimeType: "image/png",
      buffer: solidPng(96, [200, 60, 90]),
    });
    await expect(page.getByRole("progressbar", { name: "Channel Logo upload progress" })).toBeVisible();
    await screenshot(page, "admin-settings-uploading");
    release();
    await expect(toast(page, "Logo uploaded successfully!")).toBeVisible();
    await expect(page.getByRole("progressbar")).toHaveCount(0);
    await expect(page.getByRole("img", { name: "Channel logo" })).toHaveAttribute("src", /logo-\d+\.png$/);

    await videoInput.setInputFiles({ name: "hero.mp4", mimeType: "video/mp4", buffer: mp4() });
    await expect(toast(page, "Video uploaded successfully!")).toBeVisible();
    await expect(page.getByTestId("settings-hero-video")).toHaveAttribute("src", /hero-video-\d+\.mp4$/);

    // Without the bot in this process (BOT_MODE=off) the sync says so (decision 121).
    await page.getByRole("button", { name: "Sync from Telegram" }).click();
    await expect(toast(page, "The bot does not run in this process (BOT_MODE=off)")).toBeVisible();

    // Save: the header in the other browser follows at once.
    const name = `E2E Channel ${Date.now().toString().slice(-6)}`;
    await page.getByLabel("Channel Name").fill(name);
    await page.getByLabel("Member Count Display").fill("12.3K");
    await expect(page.getByText('Shown as "12.3K members"')).toBeVisible();
    await page.getByRole("checkbox", { name: "Low Stock Alerts" }).uncheck();
    await saveButton(page).click();
    await expect(toast(page, "Settings saved successfully!")).toBeVisible();
    await screenshot(page, "admin-settings-saved");
    await expect(header.getByRole("heading", { name })).toBeVisible();
    await expect(header.getByText("12.3K members")).toBeVisible();
    await expect(header.getByRole("img", { name: `${name} logo` })).toHaveAttribute("src", /logo-\d+\.png$/);
    await screenshot(visitor, "admin-settings-visitor-header");
    const saved = await currentSettings(page.request);
    expect(saved).toMatchObject({ channelName: name, memberCount: "12.3K", lowStockAlerts: false });
    expect(saved.heroVideoUrl).toMatch(/hero-video-\d+\.mp4$/);

    // Wider than a phone, the button says so.
    await page.setViewportSize({ width: 1024, height: 800 });
    await expect(saveButton(page)).toHaveAccessibleName("Save All Settings");
    await screenshot(page, "admin-settings-desktop");
    await expectReadable(page, "landing page editor, web");

    // A refused save says so, and the form keeps what was typed.
    await page.route("**/api/admin/settings", (route) =>
      route.request().method() === "PUT"
        ? route.fulfill({ status: 500, json: { error: { code: "internal", message: "boom" } } })
        : route.fallback(),
    );
    await page.getByLabel("Channel Name").fill("Never Saved");
    await saveButton(page).click();
    await expect(toast(page, "Failed to save settings")).toBeVisible();
    await expect(page.getByLabel("Channel Name")).toHaveValue("Never Saved");
  } finally {
    await restore(page.request, found);
  }
  await expect(header.getByRole("heading", { name: found.channelName })).toBeVisible();
  await visitorContext.close();
});

test("the settings failing to load say so, and Retry loads them", async ({ page }) => {
  await signInAsAdmin(page);
  let fail = true;
  await page.route("**/api/admin/settings", (route) =>
    fail
      ? route.fulfill({ status: 500, json: { error: { code: "internal", message: "boom" } } })
      : route.fallback(),
  );
  await page.goto("/admin/settings");
  await expect(toast(page, "Failed to load settings")).toBeVisible();
  fail = false;
  await page.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByLabel("Channel Name")).toBeVisible();
});

test("an upload the server refuses says so, with its reason", async ({ page }) => {
  await signInAsAdmin(page);
  await page.route("**/api/admin/settings/logo", (route) =>
    route.fulfill({
      status: 415,
      json: { error: { code: "unsupported_media_type", message: "Please select an image file" } },
    }),
  );
  await page.goto("/admin/settings");
  await page
    .getByLabel("Channel Logo", { exact: true })
    .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: solidPng(16) });
  await expect(toast(page, "Failed to upload logo")).toContainText("Please select an image file");
  await expect(page.getByRole("button", { name: "Upload Logo" })).toBeVisible();
});

test("a member is refused /admin/settings, and so is their API call", async ({ page }) => {
  await signUpViaApi(page, { email: uniqueEmail("not-admin-settings") });
  await page.goto("/admin/settings");
  await expect(page.getByRole("heading", { name: "Not authorized" })).toBeVisible();
  expect((await page.request.get("/api/admin/settings")).status()).toBe(403);
});

test("with age verification off, a new Telegram member goes straight to the feed", async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  // The e2e admin exists once signed in here; the page is then the new member's alone.
  await signInAsAdmin(page);
  await page.context().clearCookies();
  const admin = await asAdmin(request);
  const found = await currentSettings(admin);
  try {
    const off = await admin.put("/api/admin/settings", {
      data: { ...found, id: undefined, ageVerificationEnabled: false },
      headers: { Origin: SEEDED_ORIGIN },
    });
    expect(off.status()).toBe(200);
    await installTelegramClient(page);
    await page.goto(`/${launchHash(undefined, { user: newTelegramUser("Uma") })}`);
    await expect(page.getByTestId("member-home")).toBeVisible();
    await expect(page.getByTestId("age-gate")).toHaveCount(0);
  } finally {
    await restore(admin, found);
  }
  // On again: the next new member meets the gate.
  const next = await (await browser.newContext({ baseURL })).newPage();
  await installTelegramClient(next);
  await next.goto(`/${launchHash(undefined, { user: newTelegramUser("Ula") })}`);
  await expect(next.getByTestId("age-gate")).toBeVisible();
  await next.context().close();
});

test("inside Telegram, an admin edits the landing page", async ({ page, request }) => {
  test.setTimeout(60_000);
  await openAdminScreen(page, request, {
    theme: THEME,
    firstName: "Lena",
    screen: "Edit Landing Page",
    path: "/admin/settings",
  });
  await expect(page).toHaveURL("/admin/settings");
  // The page is the Telegram admin's (a bearer token); the web admin reads and restores beside it.
  const admin = await asAdmin(request);
  const found = await currentSettings(admin);
  await expect(page.getByLabel("Channel Name")).toHaveValue(found.channelName);
  await lookAt(page, "telegram", "admin-settings");
  try {
    await page.getByLabel("Welcome Message").fill("Welcome from the Telegram test");
    await saveButton(page).click();
    await expect(toast(page, "Settings saved successfully!")).toBeVisible();
    await page.getByRole("checkbox", { name: "Order Notices" }).scrollIntoViewIfNeeded();
    await lookAt(page, "telegram", "admin-settings-saved", { readable: false });
    expect((await currentSettings(admin)).welcomeMessage).toBe("Welcome from the Telegram test");
  } finally {
    await restore(admin, found);
  }
});

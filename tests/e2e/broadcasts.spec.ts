import { openAdminScreen, telegramAdmin, toast } from "./support/accounts";
import { solidPng } from "./support/files";
import { LAUNCHES, launchTheme, lookAt } from "./support/looks";
import { screenshot } from "./support/screens";
import { installTelegramClient, THEME } from "./support/telegram";
import { expect, test } from "./support/test";
import { catalogText } from "./support/texts";
import { untilToastsGo } from "./support/toasts";

// Administration › Broadcasts (docs/decisions/108-broadcasts.md): an admin writes a message with an
// image, chooses who gets it, sees the reach and the time it takes, schedules it, then sends one at
// once; the list shows each with its progress and cancels the scheduled one. Other specs make
// members on the same server, so counts are read from the screen, not assumed.

for (const launch of LAUNCHES) {
  test(`${launch}: an admin writes a broadcast, sees its reach, schedules one, sends one and cancels the scheduled one`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await openAdminScreen(page, request, {
      theme: launchTheme(launch),
      firstName: `Broadcaster ${launch}`,
      screen: "Broadcasts",
      path: "/admin/broadcasts",
    });
    await expect(page.getByRole("heading", { name: "Broadcasts", exact: true })).toBeVisible();
    const audience = page.getByTestId("broadcast-audience");
    await expect(audience).toContainText(/Reaches \d+ members?/);
    await expect(audience).toContainText(/can't be reached/);

    // A message with an image: its limit becomes a caption's.
    const words = `Weekend drop ${launch} ${Date.now()}: three new strains are in, and members get first pick until Sunday.`;
    await page.getByRole("textbox", { name: "Message" }).fill(words);
    await page.getByTestId("broadcast-file").setInputFiles({
      name: "drop.png",
      mimeType: "image/png",
      buffer: solidPng(320, [60, 140, 90]),
    });
    await expect(page.getByTestId("broadcast-image").locator("img")).toBeVisible();
    await expect(page.getByText(/of 1024 characters/)).toBeVisible();

    // Who: a tier (Premium is seeded), then members whose plan ended lately.
    await page.getByRole("combobox", { name: "Who gets it" }).selectOption("tier");
    await expect(page.getByTestId("broadcast-send")).toBeDisabled();
    await page.getByRole("combobox", { name: "Tier" }).selectOption({ label: "Premium" });
    await expect(audience).toContainText(/Reaches \d+ members?/);
    await page.getByRole("combobox", { name: "Who gets it" }).selectOption("lapsed");
    await expect(page.getByRole("spinbutton", { name: "Plan ended in the last … days" })).toHaveValue("30");
    await page.getByRole("combobox", { name: "Who gets it" }).selectOption("all");

    // Paid: the screen says what it costs; the rate in the estimate follows.
    await page.getByText("Paid broadcast").click();
    await expect(page.getByText(/Telegram charges the bot's Stars balance/)).toBeVisible();

    // Later: at a time.
    await page.getByText("Send later").click();
    await expect(page.getByLabel("Send at")).toBeVisible();
    await expect(audience).toContainText(/at 1,?000 messages a second/);
    await lookAt(page, launch, "broadcasts-composer");
    await page.getByTestId("broadcast-send").click();
    await expect(toast(page, "The broadcast is scheduled")).toBeVisible();
    const scheduled = page.getByTestId("broadcast").filter({ hasText: words });
    await expect(scheduled).toHaveAttribute("data-status", "scheduled");
    await expect(scheduled).toContainText("Starts");
    await expect(scheduled).toContainText("Paid");
    await expect(scheduled).toContainText("with an image");

    // Now: a plain one to everyone, sent at once.
    const now = `Shop news ${launch} ${Date.now()}: we are open on Monday as usual.`;
    await page.getByRole("textbox", { name: "Message" }).fill(now);
    await page.getByText("Paid broadcast").click();
    await page.getByText("Send later").click();
    await page.getByTestId("broadcast-send").click();
    await expect(toast(page, "The broadcast is on its way")).toBeVisible();
    const sent = page.getByTestId("broadcast").filter({ hasText: now });
    await expect(sent).toBeVisible();
    await expect(sent).toHaveAttribute("data-status", /sending|done/);
    await expect(sent).toContainText("Unreachable");
    await expect(sent.getByRole("progressbar", { name: "Progress" })).toBeVisible();

    // The scheduled one is cancelled before it starts.
    await scheduled.getByRole("button", { name: "Cancel the broadcast" }).click();
    await expect(toast(page, "The broadcast is cancelled")).toBeVisible();
    await expect(scheduled).toHaveAttribute("data-status", "cancelled");
    await expect(scheduled.getByRole("button", { name: "Cancel the broadcast" })).toHaveCount(0);
    await expect(scheduled).toContainText("cancelled before it started");
    await untilToastsGo(page);
    await page.getByRole("list", { name: "Broadcasts sent and scheduled" }).scrollIntoViewIfNeeded();
    await lookAt(page, launch, "broadcasts-list");
  });
}

test("the time to send stops a year ahead: the picker offers no later one, and one typed in is refused under it", async ({
  page,
  request,
}) => {
  await openAdminScreen(page, request, {
    theme: null,
    firstName: "Far",
    screen: "Broadcasts",
    path: "/admin/broadcasts",
  });
  const words = `Far ahead ${Date.now()}`;
  await page.getByRole("textbox", { name: "Message" }).fill(words);
  await page.getByText("Send later").click();
  const sendAt = page.getByLabel("Send at");
  // The picker's latest time is a year from now (the server's rule), to the minute.
  const ahead = await sendAt.evaluate(
    (input: HTMLInputElement) => new Date(input.max).getTime() - Date.now(),
  );
  expect(ahead).toBeLessThanOrEqual(365 * 86_400_000);
  expect(ahead).toBeGreaterThan(365 * 86_400_000 - 120_000);

  await sendAt.fill("2099-06-01T10:00");
  await page.getByTestId("broadcast-send").click();
  const refusal = "A broadcast can be scheduled at most 365 days ahead";
  await expect(toast(page, "The broadcast was not sent")).toContainText(refusal);
  await expect(sendAt).toHaveAttribute("aria-invalid", "true");
  await expect(sendAt).toHaveAccessibleDescription(refusal);
  await expect(page.getByTestId("broadcast").filter({ hasText: words })).toHaveCount(0);
  await untilToastsGo(page);
  await sendAt.scrollIntoViewIfNeeded();
  await screenshot(page, "broadcasts-too-far-ahead-web");
  // Changing the time takes the message away.
  await sendAt.fill("2099-06-02T10:00");
  await expect(sendAt).not.toHaveAttribute("aria-invalid");
  await expect(sendAt).not.toHaveAccessibleDescription(refusal);
});

test("inside Telegram in Arabic: Broadcasts reads right to left", async ({ page, request }) => {
  const hash = await telegramAdmin(page, request, "Sami", THEME, "ar");
  await installTelegramClient(page, THEME);
  await page.goto(`/${hash}`);
  await expect(page.getByTestId("member-home")).toBeVisible();
  await page.goto("/admin/broadcasts");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(
    page.getByRole("heading", {
      level: 1,
      name: catalogText("ar", "admin.broadcasts.title", "admin"),
      exact: true,
    }),
  ).toBeVisible();
  await lookAt(page, "telegram", "broadcasts-ar");
});

import { signUpViaApi, toast, verifiedTelegramMember } from "./support/accounts";
import { expectReadable } from "./support/contrast";
import { lookAt } from "./support/looks";
import { screenshot } from "./support/screens";
import { installTelegramClient, launchHash, newTelegramUser, THEME } from "./support/telegram";
import { expect, test } from "./support/test";
import { catalogText } from "./support/texts";

// Settings › Notifications: "Email me about orders", kept on the server.

test("on the web: Email me about orders is on by default; off is kept by the server", async ({ page }) => {
  const email = await signUpViaApi(page);
  await page.goto("/settings");
  await page
    .getByRole("navigation", { name: "Settings" })
    .getByRole("link", { name: "Notifications" })
    .click();
  await expect(page).toHaveURL("/settings/notifications");
  await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
  const orderMail = page.getByRole("checkbox", { name: /Email me about orders/ });
  await expect(orderMail).toBeChecked();
  await expect(
    page.getByText(`A mail to ${email} when an order is placed, fulfilled or cancelled.`),
  ).toBeVisible();
  await screenshot(page, "settings-notifications");
  await expectReadable(page, "settings notifications, web");

  await orderMail.uncheck();
  await expect(toast(page, "Order mail off")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("checkbox", { name: /Email me about orders/ })).not.toBeChecked();
  const me = (await (await page.request.get("/api/me")).json()) as { orderEmails: boolean };
  expect(me.orderEmails).toBe(false);
});

test("inside Telegram: without an email the switch says how to get order mail", async ({ page }) => {
  await installTelegramClient(page);
  await page.goto(`/${launchHash(undefined, { user: newTelegramUser("Notify") })}`);
  const gate = page.getByTestId("age-gate");
  await gate.getByLabel("I confirm I am 21 years or older").check();
  await gate.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByTestId("member-home")).toBeVisible();
  await page.goto("/settings/notifications");
  await expect(page.getByRole("checkbox", { name: /Email me about orders/ })).toBeDisabled();
  await expect(page.getByText("Add an email in Password and Security to get order mail.")).toBeVisible();
  await lookAt(page, "telegram", "settings-notifications");
});

test("on the web: news, plan and cart reminders are on by default; a switch turned off is kept", async ({
  page,
}) => {
  await signUpViaApi(page);
  await page.goto("/settings/notifications");
  await expect(page.getByRole("heading", { level: 2, name: "Messages from the shop" })).toBeVisible();
  for (const name of ["News from the shop", "Plan reminders", "Cart reminders"]) {
    await expect(page.getByRole("checkbox", { name: new RegExp(name) })).toBeChecked();
  }
  await expect(page.getByTestId("bot-reach")).toHaveText(
    "These come through the shop's Telegram bot; plan reminders also come by mail when your email is verified.",
  );
  await lookAt(page, "web", "settings-notifications-switches");

  await page.getByRole("checkbox", { name: /Cart reminders/ }).uncheck();
  await expect(toast(page, "Cart reminders: off")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("checkbox", { name: /Cart reminders/ })).not.toBeChecked();
  await expect(page.getByRole("checkbox", { name: /News from the shop/ })).toBeChecked();
  const me = (await (await page.request.get("/api/me")).json()) as Record<string, boolean>;
  expect(me).toMatchObject({
    cartReminders: false,
    newsMessages: true,
    planReminders: true,
    orderEmails: true,
  });
});

test("inside Telegram: the switches say whether the bot can write, and keep what is chosen", async ({
  page,
  request,
}) => {
  const { hash, auth } = await verifiedTelegramMember(request, "Switchy");
  await installTelegramClient(page);
  await page.goto(`/${hash}`);
  await expect(page.getByTestId("member-home")).toBeVisible();
  await page.goto("/settings/notifications");
  // This launch did not say allows_write_to_pm and the bot was never started.
  await expect(page.getByTestId("bot-reach")).toContainText("cannot write to you yet");
  await page.getByRole("checkbox", { name: /News from the shop/ }).uncheck();
  await expect(toast(page, "News from the shop: off")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: /News from the shop/ })).not.toBeChecked();
  const me = (await (await request.get("/api/me", { headers: auth })).json()) as Record<string, boolean>;
  expect(me).toMatchObject({ newsMessages: false, botWritable: false });
  await lookAt(page, "telegram", "settings-notifications-switches");
});

test("inside Telegram in Arabic: Notifications reads right to left", async ({ page, request }) => {
  const { hash } = await verifiedTelegramMember(request, "Rana", { theme: THEME, language: "ar" });
  await installTelegramClient(page, THEME);
  await page.goto(`/${hash}`);
  await expect(page.getByTestId("member-home")).toBeVisible();
  await page.goto("/settings/notifications");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(
    page.getByRole("heading", { level: 1, name: catalogText("ar", "notifications.title") }),
  ).toBeVisible();
  await expect(
    page.getByRole("heading", { level: 2, name: catalogText("ar", "notifications.fromTheShop") }),
  ).toBeVisible();
  await expect(
    page.getByRole("checkbox", { name: new RegExp(catalogText("ar", "notifications.news")) }),
  ).toBeChecked();
  await lookAt(page, "telegram", "settings-notifications-ar");
});

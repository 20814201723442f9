import { signUpViaApi, toast } from "./support/accounts";
import { expectReadable } from "./support/contrast";
import { lookAt } from "./support/looks";
import { screenshot } from "./support/screens";
import { installTelegramClient, launchHash, newTelegramUser } from "./support/telegram";
import { expect, test } from "./support/test";

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

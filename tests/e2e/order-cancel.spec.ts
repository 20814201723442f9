import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { signInAsAdmin, signUpViaApi, toast, verifiedTelegramMember } from "./support/accounts";
import { expectReadable } from "./support/contrast";
import { SEEDED_ORIGIN } from "./support/env";
import { lookAt } from "./support/looks";
import { placeCreditOrder } from "./support/orders";
import { screenshot } from "./support/screens";
import { installTelegramClient } from "./support/telegram";
import { expect, test } from "./support/test";

// A member cancels their own placed order from its sheet under Settings › Purchases. Orders are
// placed through the API (the checkout has its own spec); each cancel gives its stock back.

/** A member on Premium with one placed order; `headers` sign the member's requests in. */
const placeOrder = async (request: APIRequestContext, headers: Record<string, string>) =>
  (await placeCreditOrder(request, headers)).number;

/** The e2e admin's Orders screen in a browser context of its own. */
async function staffOrders(browser: Browser, page: Page) {
  const context = await browser.newContext({ baseURL: SEEDED_ORIGIN, viewport: page.viewportSize() });
  const staff = await context.newPage();
  await signInAsAdmin(staff);
  await staff.goto("/admin/orders");
  return { staff, close: () => context.close() };
}

async function openOrder(page: Page, number: number) {
  await page
    .getByTestId("order")
    .filter({ hasText: `#${number}` })
    .click();
  const sheet = page.getByRole("dialog", { name: `Order #${number}` });
  await expect(sheet).toContainText("Placed");
  await sheet.getByRole("button", { name: "Cancel order…" }).click();
  await expect(
    sheet.getByText("Cancel this order? Its credits go back to this month's budget."),
  ).toBeVisible();
  return sheet;
}

test("web: the member cancels a placed order; the sheet and the staff's list change live", async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  await page.goto("/");
  await signUpViaApi(page, { fullName: "Cancel Member" });
  const number = await placeOrder(page.request, { Origin: SEEDED_ORIGIN });
  const { staff, close } = await staffOrders(browser, page);
  const staffRow = staff.getByTestId("admin-order").filter({ hasText: `#${number}` });
  await expect(staffRow).toContainText("Placed");

  await page.goto("/settings/purchases");
  const sheet = await openOrder(page, number);
  await screenshot(page, "order-cancel-confirm-web");
  await expectReadable(page, "order-cancel-confirm-web");
  await sheet.getByRole("button", { name: "Cancel order", exact: true }).click();
  await expect(toast(page, `Order #${number} cancelled`)).toBeVisible();
  await expect(sheet).toContainText("Cancelled");
  await expect(sheet.getByRole("button", { name: "Cancel order…" })).toHaveCount(0);
  await screenshot(page, "order-cancelled-web");
  await expect(staffRow).toContainText("Cancelled");
  await close();
});

test("web: a cancel after staff fulfilled the order says why in an error toast", async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  // The staff's change must not reach the open sheet first (live, it would take the button away):
  // this member's event stream is down, as between a change and its event arriving.
  await page.route("**/api/events", (route) => route.abort());
  await page.goto("/");
  await signUpViaApi(page, { fullName: "Late Member" });
  const number = await placeOrder(page.request, { Origin: SEEDED_ORIGIN });
  await page.goto("/settings/purchases");
  const sheet = await openOrder(page, number);

  const { staff, close } = await staffOrders(browser, page);
  const { orders } = (await (await staff.request.get("/api/admin/orders?status=placed")).json()) as {
    orders: { id: string; number: number }[];
  };
  const id = orders.find((order) => order.number === number)?.id;
  const fulfil = await staff.request.patch(`/api/admin/orders/${id}`, {
    data: { status: "fulfilled" },
    headers: { Origin: SEEDED_ORIGIN },
  });
  expect(fulfil.status()).toBe(200);
  await close();

  await sheet.getByRole("button", { name: "Cancel order", exact: true }).click();
  await expect(toast(page, "Failed to cancel order")).toContainText("This order can no longer change");
  await expect(sheet).toContainText("Fulfilled");
  await screenshot(page, "order-cancel-refused-web");
});

test("inside Telegram: the member cancels a placed order from its sheet", async ({ page, request }) => {
  const { hash, auth } = await verifiedTelegramMember(request, "Canceller");
  const number = await placeOrder(request, auth);

  await installTelegramClient(page);
  await page.goto(`/${hash}`);
  await expect(page.getByTestId("channel-header")).toBeVisible();
  await page.getByRole("button", { name: "Account" }).click();
  await page.getByRole("link", { name: "Purchases" }).click();
  const sheet = await openOrder(page, number);
  await lookAt(page, "telegram", "order-cancel-confirm");
  await sheet.getByRole("button", { name: "Cancel order", exact: true }).click();
  await expect(toast(page, `Order #${number} cancelled`)).toBeVisible();
  await expect(sheet).toContainText("Cancelled");
  await lookAt(page, "telegram", "order-cancelled", { readable: false });
});

import type { APIRequestContext, Page } from "@playwright/test";
import { signUpViaApi, verifiedTelegramMember } from "./support/accounts";
import { catalogue, pick } from "./support/catalogue";
import { type Launch, lookAt } from "./support/looks";
import { screenshot } from "./support/screens";
import { installTelegramClient } from "./support/telegram";
import { expect, test } from "./support/test";

// An out-of-stock product's "Notify me": asked for, shown, withdrawn. What a restock sends is
// tested against the bot and mail fakes in tests/api/stock-alerts.test.ts.

const outOfStock = async (request: APIRequestContext) =>
  pick(await catalogue(request), (p) => p.stockQuantity === 0, "out-of-stock product");

async function askAndWithdraw(page: Page, launch: Launch) {
  const alert = page.getByRole("region", { name: "Back-in-stock alert" });
  await expect(alert).toContainText("Out of stock for now. We can tell you once when it's back.");
  await alert.getByRole("button", { name: "Notify me" }).click();
  await expect(alert).toContainText("We'll let you know when it's back in stock.");
  await lookAt(page, launch, "stock-alert-waiting");
  // The state is the server's: it holds after a reload.
  await page.reload();
  await expect(alert).toContainText("We'll let you know when it's back in stock.");
  await alert.getByRole("button", { name: "Don't notify me" }).click();
  await expect(alert.getByRole("button", { name: "Notify me" })).toBeEnabled();
  await expect(alert).toContainText("Out of stock for now.");
  await lookAt(page, launch, "stock-alert-offer", { readable: false });
}

test("web: signed out, Notify me opens sign-in; signed in, the member asks and withdraws", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const product = await outOfStock(request);
  await page.goto(`/product/${product.id}`);
  const alert = page.getByRole("region", { name: "Back-in-stock alert" });
  await expect(alert).toContainText("Sign in and we'll tell you once when it's back.");
  await alert.getByRole("button", { name: "Notify me" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await screenshot(page, "stock-alert-sign-in-web");

  await signUpViaApi(page, { fullName: "Alert Member" });
  await page.reload();
  await askAndWithdraw(page, "web");
});

test("inside Telegram: the member asks for and withdraws a back-in-stock alert", async ({
  page,
  request,
}) => {
  const product = await outOfStock(request);
  const { hash } = await verifiedTelegramMember(request, "Alert", { startParam: `product_${product.id}` });
  await installTelegramClient(page);
  await page.goto(`/${hash}`);
  await expect(page).toHaveURL(`/product/${product.id}`);
  await askAndWithdraw(page, "telegram");
});

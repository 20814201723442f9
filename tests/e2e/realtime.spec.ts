import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";

/**
 * Holds the app's event stream open until `send()` and then delivers one `change` event, as the API
 * does when a trigger fires. Later reconnections get an empty stream.
 */
async function changeStream(page: Page, table: string): Promise<{ send: () => void }> {
  let send = () => {};
  const sent = new Promise<void>((resolve) => {
    send = resolve;
  });
  let first = true;
  await page.route("**/api/events", async (route) => {
    if (!first) {
      await route.fulfill({
        status: 200,
        headers: { "Content-Type": "text/event-stream" },
        body: "retry: 60000\n\n",
      });
      return;
    }
    first = false;
    await sent;
    const event = { table, op: "update", id: "00000000-0000-0000-0000-000000000001" };
    await route.fulfill({
      status: 200,
      headers: { "Content-Type": "text/event-stream", "Cache-Control": "no-cache" },
      body: `retry: 60000\n\nevent: change\ndata: ${JSON.stringify(event)}\n\n`,
    });
  });
  return { send: () => send() };
}

test("the channel header reloads when the channel settings change", async ({ page }) => {
  let calls = 0;
  await page.route("**/api/channel", async (route) => {
    calls += 1;
    const response = await route.fetch();
    const body = await response.json();
    await route.fulfill({ response, json: { ...body, channelName: "Renamed Channel" } });
  });
  const stream = await changeStream(page, "channel_settings");
  await page.goto("/");
  // The page arrived with the channel; only the change makes the app ask for it again.
  await expect(page.getByRole("heading", { name: "Private Smoke Shop" })).toBeVisible();
  expect(calls).toBe(0);
  stream.send();
  await expect(page.getByRole("heading", { name: "Renamed Channel" })).toBeVisible();
});

test("the products drawer refetches when the catalogue changes", async ({ page }) => {
  let calls = 0;
  await page.route("**/api/products", async (route) => {
    calls += 1;
    const response = await route.fetch();
    const body = (await response.json()) as { products: { title: string }[] };
    await route.fulfill({
      response,
      json: { products: calls === 1 ? body.products : body.products.slice(1) },
    });
  });
  const stream = await changeStream(page, "products");
  await page.goto("/");
  await page.getByRole("button", { name: "Products", exact: true }).click();
  const cards = page.getByRole("dialog", { name: "Products" }).getByTestId("product-card");
  await expect(cards.first()).toBeVisible();
  const before = await cards.count();
  stream.send();
  await expect(cards).toHaveCount(before - 1);
});

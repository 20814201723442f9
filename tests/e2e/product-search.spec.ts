import type { Page } from "@playwright/test";
import { LAUNCHES, type Launch, lookAt } from "./support/looks";
import { installTelegramClient, launchHash, newTelegramUser } from "./support/telegram";
import { expect, test } from "./support/test";

// The Products drawer's search and filters over the seeded catalogue (other specs may add products:
// each check is about the seeded ones it names, or about counts going back to where they were).

async function openDrawer(page: Page, launch: Launch) {
  if (launch === "telegram") {
    await installTelegramClient(page);
    await page.goto(`/${launchHash(undefined, { user: newTelegramUser("Seeker") })}`);
  } else {
    await page.goto("/");
  }
  await page.getByRole("button", { name: "Products", exact: true }).click();
  const drawer = page.getByRole("dialog", { name: "Products" });
  await expect(drawer.getByTestId("product-card").first()).toBeVisible();
  return drawer;
}

for (const launch of LAUNCHES) {
  test(`${launch}: search ignores case and accents, filters show as chips, No products match clears`, async ({
    page,
  }) => {
    const drawer = await openDrawer(page, launch);
    const cards = drawer.getByTestId("product-card");
    const all = await cards.count();

    const search = drawer.getByRole("searchbox", { name: "Search products" });
    await search.fill("CHÉRRY wine");
    await expect(cards).not.toHaveCount(all);
    await expect(cards.filter({ hasText: "Cherry Wine Hemp Flower" })).toHaveCount(1);
    for (const title of await cards.allTextContents()) expect(title.toLowerCase()).toContain("cherry wine");
    await search.fill("");

    await drawer.getByRole("combobox", { name: "Category" }).selectOption("Pre-rolls");
    await drawer.getByRole("combobox", { name: "Strain type" }).selectOption("Indica");
    const chips = drawer.getByRole("list", { name: "Active filters" });
    await expect(chips.getByRole("button")).toHaveText(["Pre-rolls", "Indica"]);
    await expect(cards.filter({ hasText: "Bubba Kush CBD Mini Dogwalkers" })).toHaveCount(1);
    // Every tappable thing is at least 44 px high: the chips and the In stock only line.
    for (const target of [chips.getByRole("button").first(), drawer.getByText("In stock only")]) {
      expect((await target.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    }
    await lookAt(page, launch, "products-filtered");

    // A chip's X takes its filter off: Indica products of every category.
    await chips.getByRole("button", { name: "Remove filter: Pre-rolls" }).click();
    await expect(drawer.getByRole("combobox", { name: "Category" })).toHaveValue("");
    await expect(cards.filter({ hasText: "Sleepy Berry CBN + CBD Gummies" })).toHaveCount(1);

    // Bubba Kush is out of stock: with In stock only, nothing matches.
    await search.fill("bubba");
    await drawer.getByText("In stock only").click();
    await expect(chips.getByRole("button")).toHaveText(["Indica", "In stock"]);
    await expect(drawer.getByText("No products match", { exact: true })).toBeVisible();
    await expect(cards).toHaveCount(0);
    await lookAt(page, launch, "products-no-match");

    await drawer.getByRole("button", { name: "Clear", exact: true }).click();
    await expect(cards).toHaveCount(all);
    await expect(search).toHaveValue("");
    await expect(chips).toHaveCount(0);
    await expect(drawer.getByRole("checkbox")).not.toBeChecked();
  });
}

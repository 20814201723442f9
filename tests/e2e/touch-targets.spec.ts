import type { Locator, Page } from "@playwright/test";
import { signInAsAdmin } from "./support/accounts";
import { catalogue, pick } from "./support/catalogue";
import { SEEDED_ORIGIN } from "./support/env";
import { placeCreditOrder, telegramMember } from "./support/orders";
import { expect, test } from "./support/test";

/** At least 44 × 44 CSS px, the size a finger can hit. */
async function expectTappable(target: Locator, name: string): Promise<void> {
  await expect(target, name).toBeVisible();
  // The server-drawn first screen is replaced when the app starts: measure what is there then.
  await expect
    .poll(
      async () => {
        const box = await target.boundingBox();
        return box ? Math.min(Math.round(box.width), Math.round(box.height)) : 0;
      },
      { message: `${name}: its smaller side` },
    )
    .toBeGreaterThanOrEqual(44);
}

async function openCartWithOneLine(page: Page, productId: string, title: string) {
  await page.goto(`/product/${productId}`);
  await page.getByRole("button", { name: /^Add to Cart/ }).click();
  await page.getByRole("button", { name: /^Cart/ }).click();
  const drawer = page.getByRole("dialog", { name: "Shopping Cart" });
  await expect(drawer.getByText(title)).toBeVisible();
  return drawer;
}

test("the small controls are at least 44 px on each side", async ({ page, request }) => {
  const product = pick(
    await catalogue(request),
    (p) => p.stockQuantity >= 3 && p.coaUrl !== null && p.primaryImageUrl !== null,
    "product with a certificate and an image",
  );

  // The web product page: its back arrow, the certificate link, the stepper.
  await page.goto(`/product/${product.id}`);
  await expectTappable(page.getByRole("link", { name: "Back" }), "product back arrow");
  await expectTappable(page.getByRole("link", { name: "View Certificate of Analysis" }), "certificate link");
  await expectTappable(page.getByRole("button", { name: "Increase quantity" }), "stepper +");
  await expectTappable(page.getByRole("button", { name: "Decrease quantity" }), "stepper −");
  await page.getByRole("button", { name: "Zoom image" }).click();
  const zoom = page.getByRole("dialog", { name: "Image zoom" });
  for (const name of ["Zoom in", "Zoom out", "Close zoom"])
    await expectTappable(zoom.getByRole("button", { name }), name);
  await zoom.getByRole("button", { name: "Close zoom" }).click();
  // The Added to cart toast's action.
  await page.getByRole("button", { name: /^Add to Cart/ }).click();
  await expectTappable(page.getByRole("button", { name: "View cart" }), "toast action");

  const drawer = await openCartWithOneLine(page, product.id, product.title);
  await expectTappable(
    drawer.getByRole("button", { name: `Increase quantity of ${product.title}` }),
    "cart +",
  );
  await expectTappable(
    drawer.getByRole("button", { name: `Decrease quantity of ${product.title}` }),
    "cart −",
  );
  await expectTappable(drawer.getByRole("button", { name: `Remove ${product.title}` }), "cart remove");
  await expectTappable(drawer.getByRole("button", { name: "Close" }), "drawer close");
  await drawer.getByRole("button", { name: "Close" }).click();

  // The sign-in dialog: its tabs, the switch line and Forgot password.
  await page.goto("/auth");
  for (const name of ["Login", "Sign Up"])
    await expectTappable(page.getByRole("tab", { name }), `${name} tab`);
  await expectTappable(page.getByRole("button", { name: "Sign up", exact: true }), "Sign up switch");
  await expectTappable(page.getByRole("link", { name: "Forgot password?" }), "Forgot password");
  await page.getByRole("tab", { name: "Sign Up" }).click();
  await expectTappable(page.getByRole("button", { name: "Log in", exact: true }), "Log in switch");

  // A bottom sheet (the kit's Modal): its close button and its choices.
  await page.goto("/");
  await page.getByRole("button", { name: "Join" }).click();
  const sheet = page.getByRole("dialog", { name: "Get Started" });
  await expectTappable(sheet.getByRole("button", { name: "Close" }), "sheet close");
  await expectTappable(sheet.getByRole("button", { name: /^Login/ }), "Get Started choice");

  // Back from the product page goes home.
  await page.goto(`/product/${product.id}`);
  await page.getByRole("link", { name: "Back" }).click();
  await expect(page).toHaveURL("/");
});

test("the owner's dashboard's controls are at least 44 px on each side", async ({ page, playwright }) => {
  // An order, so the best sellers (and their ranking tabs) show.
  const buyer = await playwright.request.newContext({ baseURL: SEEDED_ORIGIN });
  await placeCreditOrder(buyer, await telegramMember(buyer, "TapBuyer"));
  await buyer.dispose();
  await signInAsAdmin(page);
  await page.goto("/admin/dashboard");
  for (const name of ["7 days", "30 days", "90 days"])
    await expectTappable(page.getByRole("tablist", { name: "Period" }).getByRole("tab", { name }), name);
  for (const name of ["By credits", "By units"])
    await expectTappable(page.getByRole("tablist", { name: "Rank by" }).getByRole("tab", { name }), name);
  await expectTappable(page.getByText("Credits and orders, day by day"), "day-by-day summary");
  // The seeded catalogue has products at or under the threshold: each a way to its edit page.
  const lowStock = page.getByTestId("low-stock").getByRole("link");
  await expect(lowStock.first()).toBeVisible();
  for (const link of await lowStock.all()) await expectTappable(link, "low-stock product");
});

import type { APIRequestContext, Page } from "@playwright/test";
import { openAdminScreen, signInAsAdmin, toast } from "./support/accounts";
import { SEEDED_ORIGIN } from "./support/env";
import { solidPng } from "./support/files";
import { lookAt } from "./support/looks";
import { screenshot } from "./support/screens";
import { THEME } from "./support/telegram";
import { expect, test } from "./support/test";

// Every product made here is deactivated at the end of its test, so the shop's seeded catalogue
// stays as other specs expect it.

interface AdminProduct {
  id: string;
  title: string;
  creditPrice: string;
  category: string | null;
  strainType: string | null;
  thcPercentage: string | null;
  cbdPercentage: string | null;
  stockQuantity: number;
  unitSize: string | null;
  batchNumber: string | null;
  labTestedDate: string | null;
  restrictedStates: string[];
  features: { icon: string; text: string }[] | null;
  primaryImageUrl: string | null;
  additionalImages: string[];
  coaUrl: string | null;
  isActive: boolean;
}

const ANALYSIS_FAILED = "Failed to analyze strain. You can still enter details manually.";
const PDF = Buffer.from("%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n", "latin1");
const uniqueTitle = (prefix: string) => `${prefix} ${Date.now().toString().slice(-7)}`;
const png = (name: string, rgb: [number, number, number]) => ({
  name,
  mimeType: "image/png",
  buffer: solidPng(96, rgb),
});

async function productTitled(request: APIRequestContext, title: string): Promise<AdminProduct> {
  const res = await request.get(`/api/admin/products?status=all&search=${encodeURIComponent(title)}`);
  expect(res.status()).toBe(200);
  const { products } = (await res.json()) as { products: AdminProduct[] };
  const found = products.find((product) => product.title === title);
  if (!found) throw new Error(`No product titled ${title}`);
  return found;
}

async function deactivate(page: Page, id: string) {
  const res = await page.request.patch(`/api/admin/products/${id}`, {
    data: { isActive: false },
    headers: { Origin: SEEDED_ORIGIN },
  });
  expect(res.status()).toBe(200);
}

async function choosePrimary(page: Page, rgb: [number, number, number]) {
  await page.getByTestId("primary-image-input").setInputFiles(png("primary.png", rgb));
}

test("staff upload a product with every field, its images and certificate, then edit it", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page);
  await page.goto("/admin/upload-products");
  await expect(page.getByRole("heading", { name: "Upload Products", level: 1 })).toBeVisible();

  // Nothing filled in: the spec's message, under the title and the price too.
  await page.getByRole("button", { name: "Upload Product" }).click();
  await expect(toast(page, "Please fill in required fields")).toBeVisible();
  await expect(page.getByLabel("Title *")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Price (credits) *")).toHaveAttribute("aria-invalid", "true");
  await page.getByRole("heading", { name: "Product", exact: true }).scrollIntoViewIfNeeded();
  await screenshot(page, "admin-product-form-required");

  // The primary image starts the AI analysis; with no model configured it fails, and says so.
  await choosePrimary(page, [40, 170, 110]);
  await expect(toast(page, ANALYSIS_FAILED)).toBeVisible();
  await expect(page.getByRole("img", { name: "primary.png" })).toBeVisible();

  const title = uniqueTitle("E2E Upload");
  await page.getByLabel("Title *").fill(title);
  await page.getByLabel("Description").fill("Made by the end-to-end tests.");
  await page.getByLabel("Price (credits) *").fill("12.5");
  await expect(page.getByLabel("Category")).toContainText("Accessories");
  await expect(page.getByLabel("Category")).not.toContainText("Edibles");
  await page.getByLabel("Category").selectOption("Flower");
  await page.getByLabel("Strain type").selectOption("Hybrid");
  await page.getByLabel("THC %").fill("21.55");
  await page.getByLabel("CBD %").fill("0.5");
  await page.getByLabel("Stock").fill("7");
  await page.getByLabel("Unit size").fill("3.5g");
  await page.getByLabel("Batch number").fill("B-0042");
  await page.getByLabel("Lab tested date").fill("2026-10-01");
  await page
    .getByTestId("additional-images-input")
    .setInputFiles([png("side.png", [200, 60, 60]), png("top.png", [60, 60, 200])]);
  await expect(page.getByRole("img", { name: "side.png" })).toBeVisible();
  await page
    .getByTestId("certificate-input")
    .setInputFiles({ name: "coa.pdf", mimeType: "application/pdf", buffer: PDF });
  await expect(page.getByTestId("certificate-chosen")).toContainText("coa.pdf");

  // Restricted states from the sheet of every state.
  await page.getByRole("button", { name: "Choose states" }).click();
  const states = page.getByRole("dialog", { name: "Restricted states" });
  await states.getByLabel("Search states").fill("cali");
  await states.getByRole("checkbox", { name: "California" }).check();
  await states.getByLabel("Search states").fill("idaho");
  await states.getByRole("checkbox", { name: "Idaho" }).check();
  await screenshot(page, "admin-product-form-states");
  await states.getByRole("button", { name: "Done (2)" }).click();
  await expect(page.getByRole("list", { name: "Restricted states" }).getByRole("listitem")).toHaveText([
    "California",
    "Idaho",
  ]);

  // Features: an icon of the spec's set, sparkles by default.
  await page.getByRole("button", { name: "Add Feature" }).click();
  await expect(page.getByLabel("Feature 1 icon")).toHaveValue("sparkles");
  await page.getByLabel("Feature 1 icon").selectOption("leaf");
  await page.getByLabel("Feature 1 text").fill("Hand-trimmed");
  await page.getByRole("button", { name: "Add Feature" }).click();
  await page.getByLabel("Feature 2 text").fill("Slow cured");
  await screenshot(page, "admin-product-form-filled");

  await page.getByRole("button", { name: "Upload Product" }).click();
  const created = toast(page, "Product created successfully!");
  await expect(created).toBeVisible({ timeout: 15_000 });
  await expect(created.getByRole("button", { name: "View All Products" })).toBeVisible();
  // Ready for the next product.
  await expect(page.getByLabel("Title *")).toHaveValue("");
  await screenshot(page, "admin-product-form-created");

  const product = await productTitled(page.request, title);
  expect(product).toMatchObject({
    creditPrice: "12.50",
    category: "Flower",
    strainType: "Hybrid",
    thcPercentage: "21.55",
    cbdPercentage: "0.50",
    stockQuantity: 7,
    unitSize: "3.5g",
    batchNumber: "B-0042",
    labTestedDate: "2026-10-01",
    restrictedStates: ["CA", "ID"],
    features: [
      { icon: "leaf", text: "Hand-trimmed" },
      { icon: "sparkles", text: "Slow cured" },
    ],
    isActive: true,
  });
  expect(product.primaryImageUrl).toMatch(
    new RegExp(`/media/product-images/${product.id}-\\d+\\.png\\.800w\\.webp$`),
  );
  expect(product.additionalImages).toHaveLength(2);
  expect(product.coaUrl).toMatch(new RegExp(`/media/product-documents/${product.id}-coa-\\d+\\.pdf$`));

  try {
    // The shop shows it, with its WebP image and its certificate.
    await page.goto(`/product/${product.id}`);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole("link", { name: "View Certificate of Analysis" })).toBeVisible();

    // Edit: every category, THC in steps of 0.1; empty optional fields are saved as null.
    await page.goto(`/admin/edit-product/${product.id}`);
    await expect(page.getByRole("heading", { name: "Edit Product", level: 1 })).toBeVisible();
    await expect(page.getByLabel("Title *")).toHaveValue(title);
    await expect(page.getByLabel("Category")).toContainText("Concentrates");
    await expect(page.getByLabel("THC %")).toHaveAttribute("step", "0.1");
    await expect(page.getByRole("img", { name: "Additional image 2" })).toBeVisible();
    await screenshot(page, "admin-product-form-edit");
    await page.getByLabel("Stock").fill("3");
    await page.getByLabel("Batch number").fill("");
    await page.getByLabel("Category").selectOption("Edibles");
    await page.getByRole("button", { name: "Remove Additional image 1" }).click();
    await page.getByRole("button", { name: "Update Product" }).click();
    await expect(toast(page, "Product updated successfully!")).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL("/admin/products");
    const edited = await productTitled(page.request, title);
    expect(edited).toMatchObject({ stockQuantity: 3, batchNumber: null, category: "Edibles" });
    expect(edited.additionalImages).toEqual([product.additionalImages[1]]);
  } finally {
    await deactivate(page, product.id);
  }
});

test("an unknown product cannot be edited: Failed to load product, back to the list", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/edit-product/00000000-0000-4000-8000-000000000000");
  await expect(toast(page, "Failed to load product")).toBeVisible();
  await expect(page).toHaveURL("/admin/products");
});

test("the AI suggestions sheet fills the title, strain type and description", async ({ page }) => {
  await signInAsAdmin(page);
  let sent: { imageBase64?: string } = {};
  await page.route("**/api/admin/strain-analysis", async (route) => {
    sent = route.request().postDataJSON() as { imageBase64?: string };
    await route.fulfill({
      json: {
        strainType: "Indica",
        description: "Dense, resinous buds with a deep purple hue.",
        features: ["Purple hues", "Frosty trichomes", "Orange pistils"],
        suggestions: [
          { name: "Granddaddy Purple", type: "Indica" },
          { name: "Northern Lights", type: "Indica" },
          { name: "Purple Kush", type: "Indica" },
        ],
      },
    });
  });
  await page.goto("/admin/upload-products");
  await choosePrimary(page, [120, 40, 160]);
  const sheet = page.getByRole("dialog", { name: "AI Strain Suggestions" });
  await expect(sheet).toBeVisible();
  // The image went as bare base64 (a PNG's first bytes), not a data: URL.
  expect(sent.imageBase64?.startsWith("iVBORw0KGgo")).toBe(true);
  await expect(sheet.getByRole("radio", { name: /Granddaddy Purple/ })).toBeChecked();
  for (const feature of ["Purple hues", "Frosty trichomes", "Orange pistils"]) {
    await expect(sheet.getByRole("checkbox", { name: feature })).toBeChecked();
  }
  await screenshot(page, "admin-product-form-ai");
  await sheet.getByRole("checkbox", { name: "Orange pistils" }).uncheck();
  await sheet.getByRole("radio", { name: /Northern Lights/ }).check();
  await sheet.getByRole("button", { name: "Apply" }).click();
  await expect(toast(page, "AI suggestions applied successfully!")).toBeVisible();
  await expect(page.getByLabel("Title *")).toHaveValue("Northern Lights");
  await expect(page.getByLabel("Strain type")).toHaveValue("Indica");
  await expect(page.getByLabel("Description")).toHaveValue(
    "Key Features:\n• Purple hues\n• Frosty trichomes\n\nDense, resinous buds with a deep purple hue.",
  );

  // A custom name wins over the chosen strain.
  await choosePrimary(page, [120, 40, 161]);
  await sheet.getByLabel("Custom name").fill("House Blend");
  await sheet.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByLabel("Title *")).toHaveValue("House Blend");
});

test("inside Telegram, staff upload a product", async ({ page, request }) => {
  test.setTimeout(60_000);
  await openAdminScreen(page, request, {
    theme: THEME,
    firstName: "Uma",
    screen: "Upload Products",
    path: "/admin/upload-products",
  });
  await expect(page).toHaveURL("/admin/upload-products");
  await expect(page.getByRole("heading", { name: "Upload Products", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Upload Product" }).click();
  await expect(toast(page, "Please fill in required fields")).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await lookAt(page, "telegram", "admin-product-form");

  await choosePrimary(page, [30, 120, 200]);
  await expect(toast(page, ANALYSIS_FAILED)).toBeVisible();
  const title = uniqueTitle("E2E Tg");
  await page.getByLabel("Title *").fill(title);
  await page.getByLabel("Price (credits) *").fill("3");
  await page.getByRole("button", { name: "Add Feature" }).click();
  await page.getByLabel("Feature 1 text").fill("Small batch");
  await lookAt(page, "telegram", "admin-product-form-filled", { readable: false });
  await page.getByRole("button", { name: "Upload Product" }).click();
  await expect(toast(page, "Product created successfully!")).toBeVisible({ timeout: 15_000 });
  await lookAt(page, "telegram", "admin-product-form-created", { readable: false });

  await signInAsAdmin(page);
  const product = await productTitled(page.request, title);
  expect(product.primaryImageUrl).toMatch(/\.800w\.webp$/);
  await deactivate(page, product.id);
});

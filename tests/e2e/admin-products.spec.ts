import {
  type APIRequestContext,
  type Browser,
  type Page,
  request as playwrightRequest,
} from "@playwright/test";
import {
  openAdminScreen,
  PASSWORD,
  signInAsAdmin,
  signUpViaApi,
  toast,
  uniqueEmail,
} from "./support/accounts";
import { E2E_ADMIN_EMAIL, SEEDED_ORIGIN } from "./support/env";
import { lookAt } from "./support/looks";
import { screenshot } from "./support/screens";
import { THEME } from "./support/telegram";
import { expect, test } from "./support/test";
import { untilToastsGo } from "./support/toasts";

// The seeded catalogue stays as found: each test creates its own products (titles after the clock,
// so a search finds only them) and leaves them inactive, out of the shop.

interface AdminProduct {
  id: string;
  title: string;
  isActive: boolean;
}

const stamp = () => Date.now().toString().slice(-7);

/** An API session of its own (the e2e admin unless told otherwise), apart from any page. */
async function apiAs(email = E2E_ADMIN_EMAIL, password = "Admin1234"): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({
    baseURL: SEEDED_ORIGIN,
    extraHTTPHeaders: { Origin: SEEDED_ORIGIN },
  });
  const login = await api.post("/api/auth/login", { data: { email, password } });
  expect(login.status(), await login.text()).toBe(200);
  return api;
}

async function createProduct(api: APIRequestContext, body: Record<string, unknown>): Promise<AdminProduct> {
  const response = await api.post("/api/admin/products", { data: body });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { product: AdminProduct }).product;
}

/** Leaves what a test made inactive, whatever happened to it. */
async function deactivate(api: APIRequestContext, products: AdminProduct[]) {
  for (const product of products) {
    await api.patch(`/api/admin/products/${product.id}`, { data: { isActive: false } });
  }
  await api.dispose();
}

const card = (page: Page, title: string) =>
  page
    .getByRole("list", { name: "Products" })
    .getByRole("listitem", { name: title, exact: true })
    .and(page.getByTestId("admin-product"));

/**
 * Types a search and waits for the list that answers it: the search is debounced, and a click on
 * the list shown meanwhile can be lost when the answer replaces that list mid-click.
 */
async function searchFor(page: Page, text: string) {
  const answered = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === "/api/admin/products" && url.searchParams.get("search") === text.trim();
  });
  await page.getByRole("searchbox", { name: "Search products" }).fill(text);
  await answered;
}

async function publicTitles(page: Page): Promise<string[]> {
  const response = await page.request.get("/api/products");
  return ((await response.json()) as { products: AdminProduct[] }).products.map((product) => product.title);
}

/** A fresh member made an employee by the e2e admin, signed in in a browser context of its own. */
async function employeePage(browser: Browser, admin: APIRequestContext) {
  const context = await browser.newContext({ baseURL: SEEDED_ORIGIN });
  const page = await context.newPage();
  const email = uniqueEmail("employee");
  await signUpViaApi(page, { email, fullName: "Emma Employee" });
  const me = (await (await page.request.get("/api/me")).json()) as { id: string };
  const granted = await admin.put(`/api/admin/users/${me.id}/role`, { data: { role: "employee" } });
  expect(granted.status()).toBe(200);
  return { page, email, close: () => context.close() };
}

test("staff search, filter, deactivate, activate and delete products", async ({ page }) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page);
  const api = await apiAs();
  const prefix = `E2E Plist ${stamp()}`;
  const indica = await createProduct(api, {
    title: `${prefix} Indica`,
    creditPrice: "12.5",
    strainType: "Indica",
    category: "Flower",
    stockQuantity: 7,
    isFeatured: true,
  });
  const sativa = await createProduct(api, {
    title: `${prefix} Sativa`,
    creditPrice: "30",
    strainType: "Sativa",
    category: "Pre-rolls",
    stockQuantity: 0,
  });
  try {
    // An admin's way in: Administration › Products.
    await page.goto("/administration");
    await page
      .getByRole("navigation", { name: "Administration" })
      .getByRole("link", { name: "Products", exact: true })
      .click();
    await expect(page).toHaveURL("/admin/products");
    await expect(page.getByRole("heading", { name: "Products", level: 1 })).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Status" })).toHaveValue("active");
    await expect(page.getByTestId("admin-product").first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Upload Products" })).toHaveAttribute(
      "href",
      "/admin/upload-products",
    );

    // The search is the server's: only this test's two products.
    await searchFor(page, prefix);
    await expect(page.getByTestId("admin-product")).toHaveCount(2);
    await expect(page.getByText("Showing 2 of 2")).toBeVisible();
    const first = card(page, indica.title);
    await expect(first.getByText("Featured", { exact: true })).toBeVisible();
    await expect(first.getByText("Indica · Flower")).toBeVisible();
    await expect(first.getByText("12.50 credits")).toBeVisible();
    await expect(first.getByText("Stock: 7")).toBeVisible();
    await expect(first.getByRole("link", { name: `Edit ${indica.title}` })).toHaveAttribute(
      "href",
      `/admin/edit-product/${indica.id}`,
    );
    await expect(card(page, sativa.title).getByText("Featured", { exact: true })).toHaveCount(0);
    await screenshot(page, "admin-products-web");

    // Filters narrow it further.
    await page.getByRole("combobox", { name: "Strain" }).selectOption("Indica");
    await expect(page.getByTestId("admin-product")).toHaveCount(1);
    await expect(first).toBeVisible();
    await page.getByRole("combobox", { name: "Strain" }).selectOption({ label: "All Strains" });
    await page.getByRole("combobox", { name: "Category" }).selectOption("Pre-rolls");
    await expect(page.getByTestId("admin-product")).toHaveCount(1);
    await expect(card(page, sativa.title)).toBeVisible();
    await page.getByRole("combobox", { name: "Category" }).selectOption({ label: "All Categories" });
    await expect(page.getByTestId("admin-product")).toHaveCount(2);

    // Deactivate: gone from the Active list and from the shop; back under Inactive, then Activate.
    await first.getByRole("button", { name: `Deactivate ${indica.title}` }).click();
    await expect(toast(page, "Product deactivated")).toBeVisible();
    await expect(first).toHaveCount(0);
    expect(await publicTitles(page)).not.toContain(indica.title);
    await page.getByRole("combobox", { name: "Status" }).selectOption("inactive");
    await expect(first.getByText("Inactive", { exact: true })).toBeVisible();
    await expect(card(page, sativa.title)).toHaveCount(0);
    await first.getByRole("button", { name: `Activate ${indica.title}` }).click();
    await expect(toast(page, "Product activated")).toBeVisible();
    await expect(first).toHaveCount(0);
    expect(await publicTitles(page)).toContain(indica.title);
    // One's own change shows only its own toast.
    await expect(toast(page, "Product updated")).toHaveCount(0);

    // A failed status change says so.
    await page.getByRole("combobox", { name: "Status" }).selectOption("all");
    await page.route("**/api/admin/products/*", (route) =>
      route.request().method() === "PATCH"
        ? route.fulfill({ status: 500, json: { error: { code: "internal", message: "boom" } } })
        : route.fallback(),
    );
    await first.getByRole("button", { name: `Deactivate ${indica.title}` }).click();
    await expect(toast(page, "Failed to update product status")).toBeVisible();
    await page.unroute("**/api/admin/products/*");
    await untilToastsGo(page);

    // Delete: the spec's dialog; Cancel keeps it; Delete marks it inactive, out of the shop.
    const second = card(page, sativa.title);
    await second.getByRole("button", { name: `Delete ${sativa.title}` }).click();
    const dialog = page.getByRole("dialog", { name: `Delete ${sativa.title}?` });
    await expect(dialog).toContainText(
      "This product will be marked inactive and will no longer be visible to customers.",
    );
    await screenshot(page, "admin-products-web-delete");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    expect(await publicTitles(page)).toContain(sativa.title);
    await second.getByRole("button", { name: `Delete ${sativa.title}` }).click();
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(toast(page, "Product deleted")).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(second.getByText("Inactive", { exact: true })).toBeVisible();
    expect(await publicTitles(page)).not.toContain(sativa.title);
    expect((await page.request.get(`/api/products/${sativa.id}`)).status()).toBe(404);
    await expect(toast(page, "Product updated")).toHaveCount(0);

    // A search that matches nothing is not an empty catalogue: Clear filters, no Add First Product.
    await searchFor(page, `${prefix} nothing like it`);
    await expect(page.getByText("No products found")).toBeVisible();
    await expect(page.getByRole("link", { name: "Add First Product" })).toHaveCount(0);
    await screenshot(page, "admin-products-web-no-match");
    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect(page.getByRole("searchbox", { name: "Search products" })).toHaveValue("");
    await expect(page.getByRole("combobox", { name: "Status" })).toHaveValue("active");
    await expect(page.getByTestId("admin-product").first()).toBeVisible();
  } finally {
    await deactivate(api, [indica, sativa]);
  }
});

test("another staff member's changes arrive live with their toasts; employees get in from Settings", {
  tag: "@live",
}, async ({ page, browser }) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page);
  const admin = await apiAs();
  const employee = await employeePage(browser, admin);
  const made: AdminProduct[] = [];
  try {
    // An employee (staff, not admin) finds Products under Settings; Back leads there.
    await employee.page.goto("/settings");
    await expect(employee.page.getByRole("link", { name: "Administration" })).toHaveCount(0);
    // Orders too (all staff): Back from it leads to Settings as well.
    await employee.page.getByRole("link", { name: "Orders" }).click();
    await expect(employee.page).toHaveURL("/admin/orders");
    await expect(employee.page.getByRole("link", { name: "Back" })).toHaveAttribute("href", "/settings");
    await employee.page.goto("/settings");
    await employee.page.getByRole("link", { name: "Products" }).click();
    await expect(employee.page).toHaveURL("/admin/products");
    await expect(employee.page.getByTestId("admin-product").first()).toBeVisible();
    await expect(employee.page.getByRole("link", { name: "Back" })).toHaveAttribute("href", "/settings");

    const prefix = `E2E Live ${stamp()}`;
    await page.goto("/admin/products");
    await searchFor(page, prefix);
    await expect(page.getByText("No products found")).toBeVisible();

    // The employee adds one: the admin's list reloads with "New product added!".
    const staffApi = await apiAs(employee.email, PASSWORD);
    const added = await createProduct(staffApi, { title: `${prefix} One`, creditPrice: "5" });
    made.push(added);
    await expect(toast(page, "New product added!")).toBeVisible();
    await expect(card(page, added.title)).toBeVisible();

    // An edit reads "Product updated"; so does Delete, a soft delete that keeps the product.
    await staffApi.patch(`/api/admin/products/${added.id}`, { data: { stockQuantity: 42 } });
    await expect(toast(page, "Product updated")).toBeVisible();
    await expect(card(page, added.title).getByText("Stock: 42")).toBeVisible();
    await untilToastsGo(page);
    await staffApi.delete(`/api/admin/products/${added.id}`);
    await expect(toast(page, "Product updated")).toBeVisible();
    await expect(card(page, added.title)).toHaveCount(0);
    await screenshot(page, "admin-products-web-live");
    await staffApi.dispose();

    // The admin's own action on the employee's screen arrives live there too.
    await employee.page.getByRole("searchbox", { name: "Search products" }).fill(prefix);
    await employee.page.getByRole("combobox", { name: "Status" }).selectOption("inactive");
    await expect(card(employee.page, added.title)).toBeVisible();
    await untilToastsGo(employee.page);
    await page.getByRole("combobox", { name: "Status" }).selectOption("inactive");
    await card(page, added.title)
      .getByRole("button", { name: `Activate ${added.title}` })
      .click();
    await expect(toast(page, "Product activated")).toBeVisible();
    await expect(toast(employee.page, "Product updated")).toBeVisible();
    await expect(card(employee.page, added.title)).toHaveCount(0);
    await expect(toast(page, "Product updated")).toHaveCount(0);
  } finally {
    await employee.close();
    await deactivate(admin, made);
  }
});

test("a shopper's open catalogue follows an admin's Activate and Deactivate with no reload", {
  tag: "@live",
}, async ({ page, browser }) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page);
  const admin = await apiAs();
  const product = await createProduct(admin, {
    title: `E2E Shopper ${stamp()}`,
    creditPrice: "7",
    stockQuantity: 3,
    isActive: false,
  });
  const shopperContext = await browser.newContext({ baseURL: SEEDED_ORIGIN });
  try {
    // A visitor on the plain web has the Products drawer open; the inactive product is not in it.
    const shopper = await shopperContext.newPage();
    await shopper.goto("/");
    await shopper.getByRole("button", { name: "Products", exact: true }).click();
    const drawer = shopper.getByRole("dialog", { name: "Products" });
    const shopperCard = drawer.getByTestId("product-card").filter({ hasText: product.title });
    await expect(drawer.getByTestId("product-card").first()).toBeVisible();
    await expect(shopperCard).toHaveCount(0);

    // The admin activates it on their screen: it joins the shopper's open catalogue.
    await page.goto("/admin/products");
    await page.getByRole("combobox", { name: "Status" }).selectOption("inactive");
    await searchFor(page, product.title);
    await card(page, product.title)
      .getByRole("button", { name: `Activate ${product.title}` })
      .click();
    await expect(toast(page, "Product activated")).toBeVisible();
    await expect(shopperCard).toBeVisible();
    await shopperCard.scrollIntoViewIfNeeded();
    await screenshot(shopper, "catalogue-web-live-activated");

    // And deactivating takes it out again.
    await page.getByRole("combobox", { name: "Status" }).selectOption("active");
    await untilToastsGo(page);
    await card(page, product.title)
      .getByRole("button", { name: `Deactivate ${product.title}` })
      .click();
    await expect(toast(page, "Product deactivated")).toBeVisible();
    await expect(shopperCard).toHaveCount(0);
  } finally {
    await shopperContext.close();
    await deactivate(admin, [product]);
  }
});

test("an empty catalogue offers Add First Product; a failed load offers Retry", async ({ page }) => {
  await signInAsAdmin(page);
  let answer: "fail" | "empty" = "fail";
  await page.route(/\/api\/admin\/products\?/, (route) =>
    answer === "fail"
      ? route.fulfill({ status: 500, json: { error: { code: "internal", message: "boom" } } })
      : route.fulfill({ json: { products: [], total: 0, page: 1, pageSize: 24 } }),
  );
  await page.goto("/admin/products");
  await expect(page.getByText("Failed to load products")).toBeVisible();
  answer = "empty";
  await page.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByText("No products yet")).toBeVisible();
  await expect(page.getByRole("link", { name: "Add First Product" })).toHaveAttribute(
    "href",
    "/admin/upload-products",
  );
  await screenshot(page, "admin-products-web-empty");
});

test("Load more brings the next page of a large catalogue", async ({ page }) => {
  await signInAsAdmin(page);
  // 30 products, in the server's pages of 24.
  const all = Array.from({ length: 30 }, (_, index) => ({
    id: `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`,
    title: `Paged ${index + 1}`,
    description: null,
    primaryImageUrl: null,
    additionalImages: [],
    features: null,
    creditPrice: "1.00",
    coaUrl: null,
    category: "Flower",
    strainType: "Hybrid",
    thcPercentage: null,
    cbdPercentage: null,
    stockQuantity: index,
    unitSize: null,
    batchNumber: null,
    labTestedDate: null,
    isFeatured: false,
    storefront: null,
    createdAt: "2026-01-01T00:00:00.000Z",
    isActive: true,
    restrictedStates: [],
    updatedAt: "2026-01-01T00:00:00.000Z",
  }));
  await page.route(/\/api\/admin\/products\?/, (route) => {
    const number = Number(new URL(route.request().url()).searchParams.get("page") ?? "1");
    const products = all.slice((number - 1) * 24, number * 24);
    return route.fulfill({ json: { products, total: all.length, page: number, pageSize: 24 } });
  });
  await page.goto("/admin/products");
  await expect(page.getByTestId("admin-product")).toHaveCount(24);
  await expect(page.getByText("Showing 24 of 30")).toBeVisible();
  await page.getByRole("button", { name: "Load more" }).click();
  await expect(page.getByTestId("admin-product")).toHaveCount(30);
  await expect(card(page, "Paged 30")).toBeVisible();
  await expect(page.getByRole("button", { name: "Load more" })).toHaveCount(0);
});

test("inside Telegram, an admin manages products", async ({ page, request }) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page);
  const api = await apiAs();
  const prefix = `E2E Tg ${stamp()}`;
  const product = await createProduct(api, {
    title: `${prefix} Hybrid`,
    creditPrice: "20",
    strainType: "Hybrid",
    category: "Accessories",
    stockQuantity: 3,
    isFeatured: true,
  });
  try {
    await openAdminScreen(page, request, {
      theme: THEME,
      firstName: "Pia",
      screen: "Products",
      path: "/admin/products",
    });
    await expect(page).toHaveURL("/admin/products");
    await expect(page.getByTestId("admin-product").first()).toBeVisible();
    await lookAt(page, "telegram", "admin-products");

    await searchFor(page, prefix);
    const row = card(page, product.title);
    await expect(page.getByTestId("admin-product")).toHaveCount(1);
    await row.getByRole("button", { name: `Deactivate ${product.title}` }).click();
    await expect(toast(page, "Product deactivated")).toBeVisible();
    await page.getByRole("combobox", { name: "Status" }).selectOption("all");
    await expect(row.getByText("Inactive", { exact: true })).toBeVisible();
    await untilToastsGo(page);
    await lookAt(page, "telegram", "admin-products-inactive");

    // Another admin's change arrives live.
    await api.patch(`/api/admin/products/${product.id}`, { data: { stockQuantity: 9 } });
    await expect(toast(page, "Product updated")).toBeVisible();
    await expect(row.getByText("Stock: 9")).toBeVisible();
    await untilToastsGo(page);

    await row.getByRole("button", { name: `Delete ${product.title}` }).click();
    const dialog = page.getByRole("dialog", { name: `Delete ${product.title}?` });
    await expect(dialog).toBeVisible();
    await lookAt(page, "telegram", "admin-products-delete");
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(toast(page, "Product deleted")).toBeVisible();
  } finally {
    await deactivate(api, [product]);
  }
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adminProductMessages,
  adminProductPageSchema,
  adminProductResultSchema,
} from "#api/contracts/admin-products";
import { products } from "#db/schema/index";
import { bearer, createMember, errorOf, jsonRequest, post } from "../helpers/accounts";
import { racing } from "../helpers/race";
import { eventually, startTestApp, type TestApp } from "../helpers/test-app";

let t: TestApp;
let employee: Awaited<ReturnType<typeof createMember>>;

beforeAll(async () => {
  // A store is configured (never reached here): products may be given a storefront variant.
  t = await startTestApp({
    env: {
      SHOPIFY_API_URL: "http://127.0.0.1:9/api/2025-07/graphql.json",
      SHOPIFY_STOREFRONT_TOKEN: "token",
    },
  });
  employee = await createMember(t, { roles: ["employee"] });
});
afterAll(() => t.close());

const create = (body: unknown) => t.app.request("/api/admin/products", post(body, bearer(employee.token)));
const patch = (id: string, body: unknown) =>
  t.app.request(`/api/admin/products/${id}`, jsonRequest("PATCH", body, bearer(employee.token)));
const created = async (body: Record<string, unknown>) => {
  const res = await create(body);
  expect(res.status).toBe(201);
  return adminProductResultSchema.parse(await res.json()).product;
};
const page = async (query = "") => {
  const res = await t.app.request(`/api/admin/products${query}`, { headers: bearer(employee.token) });
  expect(res.status).toBe(200);
  return adminProductPageSchema.parse(await res.json());
};

describe("POST /api/admin/products", () => {
  it("needs a title and a price above 0: Please fill in required fields", async () => {
    for (const body of [
      { creditPrice: "10" },
      { title: "   ", creditPrice: "10" },
      { title: "No price" },
      { title: "Zero", creditPrice: "0" },
      { title: "Negative", creditPrice: -1 },
      { title: "Three decimals", creditPrice: "1.005" },
    ]) {
      const res = await create(body);
      expect(res.status).toBe(400);
      expect((await errorOf(res)).message).toBe(adminProductMessages.required);
    }
  });

  it("saves empty optional fields as null and applies the form's defaults", async () => {
    const product = await created({
      title: "  Blue Dream  ",
      creditPrice: 12.5,
      category: "",
      thcPercentage: "",
      cbdPercentage: "",
      batchNumber: " ",
      labTestedDate: "",
      unitSize: "3.5g",
    });
    expect(product).toMatchObject({
      title: "Blue Dream",
      creditPrice: "12.50",
      category: null,
      thcPercentage: null,
      cbdPercentage: null,
      batchNumber: null,
      labTestedDate: null,
      unitSize: "3.5g",
      stockQuantity: 0,
      isActive: true,
      isFeatured: false,
      restrictedStates: [],
      features: [],
      storefront: null,
    });
  });

  it("checks every field the form checks", async () => {
    const base = { title: "Checked", creditPrice: "5" };
    const refusals: [Record<string, unknown>, string][] = [
      [{ stockQuantity: 1.5 }, adminProductMessages.stock],
      [{ stockQuantity: -1 }, adminProductMessages.stock],
      [{ thcPercentage: "100.01" }, adminProductMessages.percentage],
      [{ cbdPercentage: -2 }, adminProductMessages.percentage],
      [{ labTestedDate: "2025-13-40" }, adminProductMessages.labDate],
      [
        { storefront: { variantId: "gid://shopify/Product/1", price: { amount: "5", currencyCode: "USD" } } },
        adminProductMessages.variant,
      ],
      [
        {
          storefront: {
            variantId: "gid://shopify/ProductVariant/1",
            price: { amount: "0", currencyCode: "USD" },
          },
        },
        adminProductMessages.storefrontPrice,
      ],
    ];
    for (const [extra, message] of refusals) {
      const res = await create({ ...base, ...extra });
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect((await errorOf(res)).message).toBe(message);
    }
    for (const extra of [{ category: "Seeds" }, { strainType: "Ruderalis" }, { restrictedStates: ["ZZ"] }]) {
      expect((await create({ ...base, ...extra })).status, JSON.stringify(extra)).toBe(400);
    }
  });

  it("keeps restricted states once each, in order, and shows an unknown feature icon as sparkles", async () => {
    const product = await created({
      title: "Featured",
      creditPrice: "8",
      thcPercentage: 22.35,
      restrictedStates: ["TX", "CA", "TX"],
      features: [
        { icon: "leaf", text: "Organic" },
        { icon: "rocket", text: "Fast" },
      ],
    });
    expect(product.restrictedStates).toEqual(["CA", "TX"]);
    expect(product.thcPercentage).toBe("22.35");
    expect(product.features).toEqual([
      { icon: "leaf", text: "Organic" },
      { icon: "sparkles", text: "Fast" },
    ]);
  });

  it("gives a storefront variant once: two products at once selling one variant get one 201 and one 409", async () => {
    await racing();
    const storefront = {
      variantId: "gid://shopify/ProductVariant/777001",
      price: { amount: "19.9", currencyCode: "USD" },
    };
    const answers = await Promise.all([
      create({ title: "Shop A", creditPrice: "1", storefront }),
      create({ title: "Shop B", creditPrice: "1", storefront }),
    ]);
    expect(answers.map((res) => res.status).sort()).toEqual([201, 409]);
    const refused = answers.find((res) => res.status === 409);
    expect((await errorOf(refused as Response)).message).toBe(adminProductMessages.variantTaken);
    const made = answers.find((res) => res.status === 201);
    const product = adminProductResultSchema.parse(await (made as Response).json()).product;
    expect(product.storefront).toEqual({
      variantId: storefront.variantId,
      price: { amount: "19.90", currencyCode: "USD" },
    });
  });
});

describe("PATCH and DELETE /api/admin/products/:id", () => {
  it("changes only the fields sent, and refuses an unknown field or a broken rule", async () => {
    const product = await created({ title: "Patchable", creditPrice: "9", stockQuantity: 4, unitSize: "1g" });
    const res = await patch(product.id, { stockQuantity: 12 });
    expect(res.status).toBe(200);
    const after = adminProductResultSchema.parse(await res.json()).product;
    expect(after).toMatchObject({
      stockQuantity: 12,
      unitSize: "1g",
      title: "Patchable",
      creditPrice: "9.00",
    });

    expect((await patch(product.id, { creditPrice: "0" })).status).toBe(400);
    expect((await patch(product.id, { title: "" })).status).toBe(400);
    expect((await patch(product.id, { sku: "x" })).status).toBe(400);
    expect((await patch(product.id, { unitSize: "" })).status).toBe(200);
    const read = await t.app.request(`/api/admin/products/${product.id}`, {
      headers: bearer(employee.token),
    });
    expect(adminProductResultSchema.parse(await read.json()).product).toMatchObject({
      unitSize: null,
      creditPrice: "9.00",
      title: "Patchable",
    });
  });

  it("answers 404 for an unknown or malformed id", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-an-id"]) {
      expect((await patch(id, { stockQuantity: 1 })).status).toBe(404);
      const res = await t.app.request(`/api/admin/products/${id}`, {
        method: "DELETE",
        headers: bearer(employee.token),
      });
      expect(res.status).toBe(404);
      expect((await errorOf(res)).message).toBe(adminProductMessages.notFound);
    }
  });

  it("Delete marks the product inactive: gone from the shop, still listed for staff", async () => {
    const product = await created({ title: "Soon gone", creditPrice: "3" });
    expect((await t.app.request(`/api/products/${product.id}`)).status).toBe(200);
    const res = await t.app.request(`/api/admin/products/${product.id}`, {
      method: "DELETE",
      headers: bearer(employee.token),
    });
    expect(res.status).toBe(200);
    expect(adminProductResultSchema.parse(await res.json()).product.isActive).toBe(false);
    // The public catalogue is cached until the change notification arrives (at once on PGlite,
    // a moment later from a Postgres server).
    const shopStatus = async () => (await t.app.request(`/api/products/${product.id}`)).status;
    await eventually(async () => expect(await shopStatus()).toBe(404));
    const rows = await t.services.database.db.select().from(products);
    expect(rows.some((row) => row.id === product.id)).toBe(true);
    expect((await page("?status=inactive")).products.map((p) => p.id)).toContain(product.id);

    // Activate brings it back.
    expect((await patch(product.id, { isActive: true })).status).toBe(200);
    await eventually(async () => expect(await shopStatus()).toBe(200));
  });
});

describe("GET /api/admin/products", () => {
  it("filters by search, strain, category and status (active by default), a page at a time", async () => {
    await t.services.database.db.delete(products);
    for (let n = 1; n <= 30; n++) {
      await created({
        title: n % 2 ? `Kush ${n}` : `Haze ${n}`,
        creditPrice: "2",
        strainType: n % 3 === 0 ? "Sativa" : "Indica",
        category: n % 5 === 0 ? "Accessories" : "Flower",
        isActive: n !== 30,
      });
    }
    const first = await page();
    expect(first).toMatchObject({ total: 29, page: 1, pageSize: 24 });
    expect(first.products).toHaveLength(24);
    expect(first.products[0]?.title).toBe("Kush 29");
    const second = await page("?page=2");
    expect(second.products).toHaveLength(5);
    expect(new Set([...first.products, ...second.products].map((p) => p.id)).size).toBe(29);

    expect((await page("?status=all")).total).toBe(30);
    expect((await page("?status=inactive")).products.map((p) => p.title)).toEqual(["Haze 30"]);
    expect((await page("?search=kUsH")).total).toBe(15);
    expect((await page("?search=%25")).total).toBe(0);
    expect((await page("?strain=Sativa&status=all")).total).toBe(10);
    expect(
      (await page("?category=Accessories&strain=Sativa&status=all")).products.map((p) => p.title),
    ).toEqual(["Haze 30", "Kush 15"]);
    expect((await page("?pageSize=5&page=6")).products).toHaveLength(4);
    const bad = await t.app.request("/api/admin/products?pageSize=1000", { headers: bearer(employee.token) });
    expect(bad.status).toBe(400);
  });
});

describe("a storefront variant without a store", () => {
  it("is refused with a clear 422, and the product is not saved", async () => {
    const bare = await startTestApp();
    try {
      const moderator = await createMember(bare, { roles: ["moderator"] });
      const res = await bare.app.request(
        "/api/admin/products",
        post(
          {
            title: "Not sellable",
            creditPrice: "4",
            storefront: {
              variantId: "gid://shopify/ProductVariant/5",
              price: { amount: "4", currencyCode: "USD" },
            },
          },
          bearer(moderator.token),
        ),
      );
      expect(res.status).toBe(422);
      expect((await errorOf(res)).message).toBe(adminProductMessages.storefrontNotConfigured);
      const rows = await bare.services.database.db.select().from(products);
      expect(rows.some((row) => row.title === "Not sellable")).toBe(false);
    } finally {
      await bare.close();
    }
  });
});

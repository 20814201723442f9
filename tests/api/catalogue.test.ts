import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productListSchema, productSchema } from "#api/contracts/products";
import { products } from "#db/schema/index";
import { errorOf } from "../helpers/accounts";
import { eventually, startTestApp, type TestApp } from "../helpers/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ seed: true });
});
afterAll(() => t.close());

const listProducts = async () =>
  productListSchema.parse(await (await t.app.request("/api/products")).json()).products;

describe("GET /api/products", () => {
  it("lists the active catalogue newest first, in the contract's shape", async () => {
    const res = await t.app.request("/api/products");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    const list = productListSchema.parse(await res.json()).products;
    expect(list).toHaveLength(12);
    const times = list.map((p) => Date.parse(p.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(list.some((p) => p.stockQuantity === 0)).toBe(true);
    expect(list.some((p) => p.coaUrl)).toBe(true);
    for (const p of list) expect(p.creditPrice).toMatch(/^\d+\.\d{2}$/);
  });

  it("answers 304 to a matching If-None-Match and a new ETag after a change", async () => {
    const first = await t.app.request("/api/products");
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^".+"$/);
    const again = await t.app.request("/api/products", { headers: { "If-None-Match": etag ?? "" } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");

    const [row] = await t.services.database.db
      .insert(products)
      .values({ title: "Fresh Drop", creditPrice: "9.99", stockQuantity: 3 })
      .returning();
    // The products trigger's NOTIFY invalidates the in-memory catalogue.
    const list = await eventually(async () => {
      const current = await listProducts();
      expect(current[0]?.id).toBe(row?.id);
      return current;
    });
    expect(list).toHaveLength(13);
    const after = await t.app.request("/api/products", { headers: { "If-None-Match": etag ?? "" } });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(etag);
  });

  it("hides a deactivated product from the list and the detail", async () => {
    const target = (await listProducts()).at(-1);
    if (!target) throw new Error("no product");
    await t.services.database.db.update(products).set({ isActive: false }).where(eq(products.id, target.id));
    await eventually(async () => expect((await listProducts()).map((p) => p.id)).not.toContain(target.id));
    const res = await t.app.request(`/api/products/${target.id}`);
    expect(res.status).toBe(404);
  });
});

describe("GET /api/products/:id", () => {
  it("returns one product with ETag", async () => {
    const [first] = await listProducts();
    if (!first) throw new Error("no product");
    const res = await t.app.request(`/api/products/${first.id}`);
    expect(res.status).toBe(200);
    expect(productSchema.parse(await res.json())).toEqual(first);
    const etag = res.headers.get("etag") ?? "";
    expect(
      (await t.app.request(`/api/products/${first.id}`, { headers: { "If-None-Match": etag } })).status,
    ).toBe(304);
  });

  it.each([
    ["an unknown id", "4b0f7c1e-2d4b-4c55-9b8e-0f4f5e2a1c11"],
    ["a malformed id", "not-a-uuid"],
    ["an injection attempt", "1'%20or%20'1'='1"],
  ])("answers 404 Product not found for %s", async (_, id) => {
    const res = await t.app.request(`/api/products/${id}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: "not_found", message: "Product not found" } });
  });
});

describe("media", () => {
  it("serves seeded product images with an hour of caching", async () => {
    const url = (await listProducts()).find((p) => p.primaryImageUrl)?.primaryImageUrl;
    expect(url).toMatch(/^\/media\/product-images\//);
    const res = await t.app.request(url ?? "");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(res.headers.get("content-type")).toBe("image/svg+xml");
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(100);
  });

  it.each([
    "/media/product-images/..%2F..%2Fetc%2Fpasswd",
    "/media/secrets/x.png",
    "/media/product-images/missing.svg",
  ])("refuses %s with 404", async (path) => {
    const res = await t.app.request(path);
    expect(res.status).toBe(404);
    expect((await errorOf(res)).code).toBe("not_found");
  });
});

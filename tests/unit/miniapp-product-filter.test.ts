import { describe, expect, it } from "vitest";
import type { Product } from "#api/contracts/products";
import {
  activeChips,
  categoriesOf,
  filterProducts,
  fold,
  indexProducts,
  noFilter,
  withoutChip,
} from "../../miniapp/src/shop/catalogue/product-filter";

const product = (fields: Partial<Product>): Product => ({
  id: crypto.randomUUID(),
  title: "Product",
  description: null,
  primaryImageUrl: null,
  additionalImages: [],
  features: null,
  creditPrice: "10.00",
  coaUrl: null,
  category: null,
  strainType: null,
  thcPercentage: null,
  cbdPercentage: null,
  stockQuantity: 5,
  unitSize: null,
  batchNumber: null,
  labTestedDate: null,
  isFeatured: false,
  storefront: null,
  createdAt: "2026-11-01T00:00:00.000Z",
  ...fields,
});

const candy = product({
  title: "Sour Space Candy",
  description: "Bright, citrus notes",
  category: "Flower",
  strainType: "Sativa",
});
const creme = product({
  title: "Crème Brûlée Gummies",
  description: "Smooth and sweet",
  category: "Edibles",
  strainType: "Indica",
  stockQuantity: 0,
});
const papers = product({ title: "Rolling Papers", description: null, category: "Accessories" });
const catalogue = [candy, creme, papers];
const index = indexProducts(catalogue);
const titles = (filter: Partial<typeof noFilter>) =>
  filterProducts(index, { ...noFilter, ...filter }).map((p) => p.title);

describe("product search", () => {
  it("folds case and accents (NFD, combining marks dropped)", () => {
    expect(fold("Crème BRÛLÉE")).toBe("creme brulee");
    expect(fold("Ñandú")).toBe("nandu");
  });

  it("matches title, description and strain type, ignoring case and accents, every word", () => {
    expect(titles({ query: "creme brulee" })).toEqual(["Crème Brûlée Gummies"]);
    expect(titles({ query: "BRÛLÉE" })).toEqual(["Crème Brûlée Gummies"]);
    expect(titles({ query: "citrus" })).toEqual(["Sour Space Candy"]);
    expect(titles({ query: "sativa" })).toEqual(["Sour Space Candy"]);
    expect(titles({ query: "  space   sour " })).toEqual(["Sour Space Candy"]);
    expect(titles({ query: "space gummies" })).toEqual([]);
  });

  it("an empty filter keeps the whole catalogue in its order", () => {
    expect(titles({})).toEqual(["Sour Space Candy", "Crème Brûlée Gummies", "Rolling Papers"]);
    expect(titles({ query: "   " })).toEqual(["Sour Space Candy", "Crème Brûlée Gummies", "Rolling Papers"]);
  });
});

describe("product filters", () => {
  it("category, strain type and in stock, alone and together with the search", () => {
    expect(titles({ category: "Edibles" })).toEqual(["Crème Brûlée Gummies"]);
    expect(titles({ strainType: "Sativa" })).toEqual(["Sour Space Candy"]);
    expect(titles({ inStock: true })).toEqual(["Sour Space Candy", "Rolling Papers"]);
    expect(titles({ category: "Edibles", inStock: true })).toEqual([]);
    expect(titles({ query: "papers", strainType: "Indica" })).toEqual([]);
  });

  it("lists the catalogue's categories once each, alphabetically", () => {
    expect(categoriesOf(catalogue)).toEqual(["Accessories", "Edibles", "Flower"]);
  });

  it("shows each active filter as a chip; removing one keeps the others", () => {
    const filter = { query: "kush", category: "Flower", strainType: "Hybrid" as const, inStock: true };
    expect(activeChips(filter)).toEqual([
      { key: "category", label: "Flower" },
      { key: "strainType", label: "Hybrid" },
      { key: "inStock" },
    ]);
    expect(withoutChip(filter, "strainType")).toEqual({ ...filter, strainType: null });
    expect(withoutChip(filter, "inStock")).toEqual({ ...filter, inStock: false });
    expect(activeChips(noFilter)).toEqual([]);
    expect(activeChips({ ...noFilter, inStock: true })).toEqual([{ key: "inStock" }]);
  });
});

import { performance } from "node:perf_hooks";
import type { Product } from "#api/contracts/products";
import { strainTypes } from "#api/contracts/products";
import { filterProducts, indexProducts, noFilter } from "../../miniapp/src/shop/catalogue/product-filter";

const PRODUCTS = 2_000;
const ROUNDS = 50;
const words = [
  "Sour",
  "Space",
  "Candy",
  "Crème",
  "Brûlée",
  "Haze",
  "Kush",
  "Cherry",
  "Wine",
  "Gelato",
  "Ñandú",
];
const categories = ["Flower", "Pre-rolls", "Accessories", "Edibles", "Concentrates"];

/** A catalogue of `count` products with strain-like titles (some accented) and 300-character descriptions. */
function catalogue(count: number): Product[] {
  return Array.from({ length: count }, (_, i) => ({
    id: crypto.randomUUID(),
    title: `${words[i % words.length]} ${words[(i * 7) % words.length]} ${i}`,
    description: `Batch ${i}: ${words.join(" ")} notes of citrus, pine and earth. `.repeat(3).slice(0, 300),
    primaryImageUrl: null,
    additionalImages: [],
    features: null,
    creditPrice: "10.00",
    coaUrl: null,
    category: categories[i % categories.length] ?? null,
    strainType: i % 4 === 3 ? null : (strainTypes[i % 3] ?? null),
    thcPercentage: null,
    cbdPercentage: null,
    stockQuantity: i % 5,
    unitSize: null,
    batchNumber: null,
    labTestedDate: null,
    isFeatured: false,
    storefront: null,
    createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
  }));
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
const ms = (value: number) => Math.round(value * 1000) / 1000;

/**
 * The Products drawer's search at 2,000 products, as the Mini App runs it (miniapp/src/shop/catalogue/
 * product-filter.ts): building the folded index once per catalogue, and each keystroke of
 * "creme brulee" (with the category and in-stock filters on for half the rounds) filtering it.
 * Measured in Node (the same V8 as Chromium's WebView), p50/p99/max in milliseconds.
 */
export function productSearch() {
  const products = catalogue(PRODUCTS);
  const build: number[] = [];
  const keystrokes: number[] = [];
  let matched = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    const index = indexProducts(products);
    build.push(performance.now() - started);
    const filters = round % 2 ? { category: "Edibles", inStock: true } : {};
    const typed = "creme brulee";
    for (let length = 1; length <= typed.length; length++) {
      const at = performance.now();
      matched = filterProducts(index, { ...noFilter, ...filters, query: typed.slice(0, length) }).length;
      keystrokes.push(performance.now() - at);
    }
  }
  const summary = (samples: number[]) => {
    const sorted = [...samples].sort((a, b) => a - b);
    return {
      p50Ms: ms(percentile(sorted, 50)),
      p99Ms: ms(percentile(sorted, 99)),
      maxMs: ms(sorted.at(-1) ?? 0),
    };
  };
  return {
    products: PRODUCTS,
    indexBuild: summary(build),
    keystroke: { ...summary(keystrokes), samples: keystrokes.length },
    lastMatches: matched,
  };
}

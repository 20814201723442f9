import type { Product } from "#api/contracts/products";

/** A product as the API answers it, for the Mini App's unit tests; `overrides` changes any field. */
export function sampleProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: "6b90d89e-0eba-4295-8eba-69b506028a4b",
    title: "Sour Space Candy",
    description: null,
    primaryImageUrl: "/media/product-images/a.svg",
    additionalImages: [],
    features: null,
    creditPrice: "35.00",
    coaUrl: null,
    category: "Flower",
    strainType: "Sativa",
    thcPercentage: "0.25",
    cbdPercentage: "17.80",
    stockQuantity: 10,
    unitSize: "3.5g",
    batchNumber: null,
    labTestedDate: null,
    isFeatured: false,
    storefront: null,
    createdAt: "2025-01-01T00:00:00.000Z",
    ...overrides,
  };
}

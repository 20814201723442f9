import type { Product, strainTypes } from "#api/contracts/products";

type StrainType = (typeof strainTypes)[number];

/** What the Products drawer narrows the catalogue by; the empty filter shows everything. */
export interface ProductFilter {
  query: string;
  category: string | null;
  strainType: StrainType | null;
  inStock: boolean;
}

export const noFilter: ProductFilter = { query: "", category: null, strainType: null, inStock: false };

/**
 * Text as search compares it: accents taken off (NFD, combining marks dropped), lower case. Plain
 * ASCII has no accents and skips the normalising, the costly part at 2,000 products.
 */
export const fold = (text: string): string =>
  (/^[\x20-\x7e\s]*$/.test(text) ? text : text.normalize("NFD").replace(/\p{M}/gu, "")).toLowerCase();

/** A product with its searchable text folded once, so each keystroke only compares strings. */
export interface IndexedProduct {
  product: Product;
  text: string;
}

/**
 * The searchable text of each product: its title (which carries the strain's name, e.g. "Sour
 * Space Candy"), its description and its strain type, and that type as `strainName` gives it (its
 * name in the app's language; none by default). Build it once per catalogue.
 */
export const indexProducts = (
  products: Product[],
  strainName: (type: StrainType) => string = () => "",
): IndexedProduct[] =>
  products.map((product) => ({
    product,
    text: fold(
      [
        product.title,
        product.description ?? "",
        product.strainType ?? "",
        product.strainType ? strainName(product.strainType) : "",
      ].join("\n"),
    ),
  }));

/** The products that match every word of the query and every filter, in catalogue order. */
export function filterProducts(index: IndexedProduct[], filter: ProductFilter): Product[] {
  const words = fold(filter.query).split(/\s+/).filter(Boolean);
  const matches: Product[] = [];
  for (const { product, text } of index) {
    if (filter.category !== null && product.category !== filter.category) continue;
    if (filter.strainType !== null && product.strainType !== filter.strainType) continue;
    if (filter.inStock && product.stockQuantity <= 0) continue;
    if (words.every((word) => text.includes(word))) matches.push(product);
  }
  return matches;
}

/** The categories the catalogue has, alphabetically, for the category filter. */
export const categoriesOf = (products: Product[]): string[] =>
  [...new Set(products.flatMap((product) => (product.category ? [product.category] : [])))].sort((a, b) =>
    a.localeCompare(b),
  );

/**
 * One removable chip per active filter (the search shows in its own field): a category or strain
 * type carries its value; the in-stock chip's words are the browser's to give in the app's language.
 */
export type FilterChip = { key: "category" | "strainType"; label: string } | { key: "inStock" };

export function activeChips(filter: ProductFilter): FilterChip[] {
  const chips: FilterChip[] = [];
  if (filter.category !== null) chips.push({ key: "category", label: filter.category });
  if (filter.strainType !== null) chips.push({ key: "strainType", label: filter.strainType });
  if (filter.inStock) chips.push({ key: "inStock" });
  return chips;
}

/** The filter without one chip's condition. */
export function withoutChip(filter: ProductFilter, key: FilterChip["key"]): ProductFilter {
  return key === "inStock" ? { ...filter, inStock: false } : { ...filter, [key]: null };
}

import type { APIRequestContext } from "@playwright/test";

export interface CatalogueProduct {
  id: string;
  title: string;
  creditPrice: string;
  stockQuantity: number;
  coaUrl: string | null;
  strainType: string | null;
  unitSize: string | null;
  primaryImageUrl: string | null;
}

/** The seeded catalogue as the API serves it, to pick products by their properties. */
export async function catalogue(request: APIRequestContext): Promise<CatalogueProduct[]> {
  const response = await request.get("/api/products");
  if (!response.ok()) throw new Error(`GET /api/products: ${response.status()}`);
  return ((await response.json()) as { products: CatalogueProduct[] }).products;
}

export function pick(products: CatalogueProduct[], test: (p: CatalogueProduct) => boolean, what: string) {
  const found = products.find(test);
  if (!found) throw new Error(`The seeded catalogue has no ${what}`);
  return found;
}

/** The seeded Premium tier's id, for a member who orders on it. */
export async function premiumTierId(request: APIRequestContext): Promise<string> {
  const { tiers } = (await (await request.get("/api/tiers")).json()) as {
    tiers: { id: string; displayName: string }[];
  };
  const premium = tiers.find((tier) => tier.displayName === "Premium");
  if (!premium) throw new Error("the seeded tiers have no Premium");
  return premium.id;
}

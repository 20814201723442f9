import { type Product, strainTypes } from "#api/contracts/products";
import type { ProductRow } from "#db/queries/catalogue/products";

const isStrainType = (value: string | null): value is Product["strainType"] =>
  value !== null && (strainTypes as readonly string[]).includes(value);

/** Database row -> the public product contract. */
export function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    primaryImageUrl: row.primaryImageUrl,
    additionalImages: row.additionalImages,
    features: row.features ?? null,
    creditPrice: row.creditPrice,
    coaUrl: row.coaUrl,
    category: row.category,
    strainType: isStrainType(row.strainType) ? row.strainType : null,
    thcPercentage: row.thcPercentage,
    cbdPercentage: row.cbdPercentage,
    stockQuantity: row.stockQuantity,
    unitSize: row.unitSize,
    batchNumber: row.batchNumber,
    labTestedDate: row.labTestedDate,
    isFeatured: row.isFeatured,
    storefront:
      row.storefrontVariantId && row.storefrontPrice && row.storefrontCurrency
        ? {
            variantId: row.storefrontVariantId,
            price: { amount: row.storefrontPrice, currencyCode: row.storefrontCurrency },
          }
        : null,
    createdAt: row.createdAt.toISOString(),
  };
}

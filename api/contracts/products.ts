import { z } from "zod";
import { moneySchema } from "./money";

export const strainTypes = ["Indica", "Sativa", "Hybrid"] as const;
export const featureIcons = [
  "heart",
  "check",
  "leaf",
  "zap",
  "award",
  "sparkles",
  "shield-check",
  "star",
] as const;
export type FeatureIcon = (typeof featureIcons)[number];

export const productFeatureSchema = z.object({ icon: z.string(), text: z.string() });

export const productSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  primaryImageUrl: z.string().nullable(),
  additionalImages: z.array(z.string()),
  features: z.array(productFeatureSchema).nullable(),
  creditPrice: moneySchema,
  coaUrl: z.string().nullable(),
  category: z.string().nullable(),
  strainType: z.enum(strainTypes).nullable(),
  thcPercentage: z.string().nullable(),
  cbdPercentage: z.string().nullable(),
  stockQuantity: z.int().nonnegative(),
  unitSize: z.string().nullable(),
  batchNumber: z.string().nullable(),
  labTestedDate: z.string().nullable(),
  isFeatured: z.boolean(),
  /** Sold through the Shopify storefront (a cart of these checks out there), or null: for credits. */
  storefront: z
    .object({
      variantId: z.string(),
      price: z.object({ amount: moneySchema, currencyCode: z.string() }),
    })
    .nullable(),
  createdAt: z.string(),
});
export type Product = z.infer<typeof productSchema>;

export const productListSchema = z.object({ products: z.array(productSchema) });
export type ProductList = z.infer<typeof productListSchema>;

import { z } from "zod";
import { pageFields, pageQuery, searchQuery } from "./paging";
import { featureIcons, productSchema, strainTypes } from "./products";
import { usStateCodes } from "./us-states";

export const productCategories = ["Flower", "Pre-rolls", "Accessories", "Edibles", "Concentrates"] as const;
/** The create form offers these; the edit form all of productCategories (decision 031). */
export const createFormCategories = ["Flower", "Pre-rolls", "Accessories"] as const;

export const adminProductMessages = {
  required: "Please fill in required fields",
  notFound: "Product not found",
  // Ours: the original product's forms cap these inputs; the server says what was wrong.
  stock: "Stock must be a whole number of 0 or more",
  percentage: "THC and CBD must be from 0 to 100",
  labDate: "Lab tested date must be a date (YYYY-MM-DD)",
  variant: "A storefront variant is a Shopify ProductVariant id (gid://shopify/ProductVariant/…)",
  storefrontPrice: "A storefront price needs an amount above 0 and a three-letter currency",
  storefrontNotConfigured:
    "No Shopify store is connected (SHOPIFY_STORE_DOMAIN and SHOPIFY_STOREFRONT_TOKEN): products cannot be sold through it",
  variantTaken: "Another product already sells this storefront variant",
} as const;

const emptyToNull = (value: unknown) =>
  value === "" || (typeof value === "string" && value.trim() === "") ? null : value;
/** Free text that may be left empty (saved as null). */
const optionalText = (max: number) => z.preprocess(emptyToNull, z.string().trim().max(max).nullable());

/** Credits, as typed: more than 0, at most two decimals (step 0.01). */
const creditPriceSchema = z
  .union([z.string(), z.number()], { error: adminProductMessages.required })
  .transform((value) => String(value).trim())
  .refine((value) => /^\d{1,10}(\.\d{1,2})?$/.test(value) && Number(value) > 0, adminProductMessages.required)
  .transform((value) => Number(value).toFixed(2));

/** THC or CBD percent, 0 to 100 with up to two decimals; empty is null. */
const percentageSchema = z.preprocess(
  emptyToNull,
  z
    .union([z.string(), z.number()], { error: adminProductMessages.percentage })
    .transform((value) => String(value).trim())
    .refine(
      (value) => /^\d{1,3}(\.\d{1,2})?$/.test(value) && Number(value) <= 100,
      adminProductMessages.percentage,
    )
    .transform((value) => Number(value).toFixed(2))
    .nullable(),
);

const labDateSchema = z.preprocess(
  emptyToNull,
  z.iso.date({ error: adminProductMessages.labDate }).nullable(),
);

/** An icon outside featureIcons shows as sparkles, the fallback; so it is stored. */
const featureSchema = z.object({
  icon: z
    .string()
    .transform((icon) => ((featureIcons as readonly string[]).includes(icon) ? icon : "sparkles")),
  text: z.string().trim().min(1).max(200),
});

export const storefrontInputSchema = z
  .object({
    variantId: z.string().regex(/^gid:\/\/shopify\/ProductVariant\/\d+$/, adminProductMessages.variant),
    price: z.object({
      amount: z
        .string()
        .regex(/^\d{1,10}(\.\d{1,2})?$/, adminProductMessages.storefrontPrice)
        .refine((amount) => Number(amount) > 0, adminProductMessages.storefrontPrice)
        .transform((amount) => Number(amount).toFixed(2)),
      currencyCode: z.string().regex(/^[A-Z]{3}$/, adminProductMessages.storefrontPrice),
    }),
  })
  .nullable();

const fields = {
  title: z
    .string({ error: adminProductMessages.required })
    .trim()
    .min(1, adminProductMessages.required)
    .max(200),
  description: optionalText(10_000),
  creditPrice: creditPriceSchema,
  category: z.preprocess(emptyToNull, z.enum(productCategories).nullable()),
  strainType: z.preprocess(emptyToNull, z.enum(strainTypes).nullable()),
  thcPercentage: percentageSchema,
  cbdPercentage: percentageSchema,
  stockQuantity: z
    .number({ error: adminProductMessages.stock })
    .int(adminProductMessages.stock)
    .min(0, adminProductMessages.stock)
    .max(1_000_000, adminProductMessages.stock),
  unitSize: optionalText(50),
  batchNumber: optionalText(100),
  labTestedDate: labDateSchema,
  restrictedStates: z
    .array(z.enum(usStateCodes))
    .max(usStateCodes.length)
    .transform((states) => [...new Set(states)].sort()),
  isFeatured: z.boolean(),
  isActive: z.boolean(),
  features: z.array(featureSchema).max(20),
  storefront: storefrontInputSchema,
};

/** Upload Products: title and price are required; everything else has the form's default. */
export const createProductSchema = z.object({
  ...fields,
  description: fields.description.default(null),
  category: fields.category.default(null),
  strainType: fields.strainType.default(null),
  thcPercentage: fields.thcPercentage.default(null),
  cbdPercentage: fields.cbdPercentage.default(null),
  stockQuantity: fields.stockQuantity.default(0),
  unitSize: fields.unitSize.default(null),
  batchNumber: fields.batchNumber.default(null),
  labTestedDate: fields.labTestedDate.default(null),
  restrictedStates: fields.restrictedStates.default([]),
  isFeatured: fields.isFeatured.default(false),
  isActive: fields.isActive.default(true),
  features: fields.features.default([]),
  storefront: fields.storefront.default(null),
});
export type CreateProductInput = z.infer<typeof createProductSchema>;

/** PATCH /api/admin/products/:id: any of the fields; what is sent must still be valid. */
export const updateProductSchema = z.object(fields).partial().strict();
export type UpdateProductInput = z.infer<typeof updateProductSchema>;

export const adminProductStatuses = ["active", "inactive", "all"] as const;

export const adminProductQuerySchema = z.object({
  search: searchQuery,
  strain: z.enum(strainTypes).optional(),
  category: z.enum(productCategories).optional(),
  // The list shows active products unless asked otherwise.
  status: z.enum(adminProductStatuses).default("active"),
  ...pageQuery,
});
export type AdminProductQuery = z.infer<typeof adminProductQuerySchema>;

/** A product as staff see it: inactive ones too, with their restricted states. */
export const adminProductSchema = productSchema.extend({
  isActive: z.boolean(),
  restrictedStates: z.array(z.string()),
  updatedAt: z.string(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

export const adminProductPageSchema = z.object({
  products: z.array(adminProductSchema),
  ...pageFields,
});
export type AdminProductPage = z.infer<typeof adminProductPageSchema>;
export const adminProductResultSchema = z.object({ product: adminProductSchema });

import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "../columns";

export type ProductFeature = { icon: string; text: string };

export const products = pgTable(
  "products",
  {
    id: id(),
    title: text("title").notNull(),
    description: text("description"),
    primaryImageUrl: text("primary_image_url"),
    additionalImages: text("additional_images").array().notNull().default(sql`'{}'::text[]`),
    restrictedStates: text("restricted_states").array().notNull().default(sql`'{}'::text[]`),
    features: jsonb("features").$type<ProductFeature[]>(),
    creditPrice: numeric("credit_price", { precision: 12, scale: 2 }).notNull(),
    coaUrl: text("coa_url"),
    category: text("category"),
    strainType: text("strain_type"),
    thcPercentage: numeric("thc_percentage", { precision: 5, scale: 2 }),
    cbdPercentage: numeric("cbd_percentage", { precision: 5, scale: 2 }),
    stockQuantity: integer("stock_quantity").notNull().default(0),
    unitSize: text("unit_size"),
    batchNumber: text("batch_number"),
    labTestedDate: date("lab_tested_date"),
    isFeatured: boolean("is_featured").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    // Sold through the Shopify storefront instead of for credits: the variant and its money price.
    storefrontVariantId: text("storefront_variant_id"),
    storefrontPrice: numeric("storefront_price", { precision: 12, scale: 2 }),
    storefrontCurrency: text("storefront_currency"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("products_storefront_variant_key").on(t.storefrontVariantId),
    check(
      "products_storefront_check",
      sql`(${t.storefrontVariantId} is null and ${t.storefrontPrice} is null and ${t.storefrontCurrency} is null) or (${t.storefrontVariantId} ~ '^gid://shopify/ProductVariant/[0-9]+$' and ${t.storefrontPrice} > 0 and ${t.storefrontCurrency} ~ '^[A-Z]{3}$')`,
    ),
    index("products_active_created_idx").on(t.isActive, t.createdAt.desc()),
    check("products_credit_price_check", sql`${t.creditPrice} > 0`),
    check("products_stock_quantity_check", sql`${t.stockQuantity} >= 0`),
    check("products_thc_check", sql`${t.thcPercentage} between 0 and 100`),
    check("products_cbd_check", sql`${t.cbdPercentage} between 0 and 100`),
    check("products_strain_type_check", sql`${t.strainType} in ('Indica', 'Sativa', 'Hybrid')`),
    check(
      "products_category_check",
      sql`${t.category} in ('Flower', 'Pre-rolls', 'Accessories', 'Edibles', 'Concentrates')`,
    ),
    check("products_title_check", sql`length(btrim(${t.title})) > 0`),
  ],
);

/** The built-in strain catalogue used for AI suggestions. */
export const strains = pgTable(
  "strains",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    type: text("type").notNull(),
    traits: text("traits").array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    uniqueIndex("strains_name_key").on(t.name),
    index("strains_type_idx").on(t.type),
    check("strains_type_check", sql`${t.type} in ('Indica', 'Sativa', 'Hybrid')`),
  ],
);

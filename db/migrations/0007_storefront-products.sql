ALTER TABLE "products" ADD COLUMN "storefront_variant_id" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "storefront_price" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "storefront_currency" text;--> statement-breakpoint
CREATE UNIQUE INDEX "products_storefront_variant_key" ON "products" USING btree ("storefront_variant_id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_storefront_check" CHECK (("products"."storefront_variant_id" is null and "products"."storefront_price" is null and "products"."storefront_currency" is null) or ("products"."storefront_variant_id" ~ '^gid://shopify/ProductVariant/[0-9]+$' and "products"."storefront_price" > 0 and "products"."storefront_currency" ~ '^[A-Z]{3}$'));
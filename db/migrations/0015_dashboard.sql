CREATE TABLE "sales_day_products" (
	"day" date NOT NULL,
	"product_key" text NOT NULL,
	"title" text NOT NULL,
	"units" integer NOT NULL,
	"credits" numeric(14, 2) NOT NULL,
	CONSTRAINT "sales_day_products_day_product_key_pk" PRIMARY KEY("day","product_key")
);
--> statement-breakpoint
CREATE TABLE "sales_days" (
	"day" date PRIMARY KEY NOT NULL,
	"orders" integer NOT NULL,
	"credits" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "channel_settings" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_day_products" ADD CONSTRAINT "sales_day_products_day_sales_days_day_fk" FOREIGN KEY ("day") REFERENCES "public"."sales_days"("day") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_sales_idx" ON "orders" USING btree ("created_at","id","total_credits") WHERE "orders"."status" <> 'cancelled';
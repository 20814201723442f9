CREATE TABLE "checkout_requests" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkout_requests_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "status" SET DATA TYPE text USING (CASE WHEN "status" IN ('cancelled', 'refunded') THEN 'cancelled' ELSE 'placed' END);--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "status" SET DEFAULT 'placed';--> statement-breakpoint
ALTER TABLE "user_spending" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "number" integer NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "orders_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1001 CACHE 1);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_name" text NOT NULL DEFAULT '';--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "delivery_name" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_address" text NOT NULL DEFAULT '';--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "delivery_address" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_state" text NOT NULL DEFAULT '';--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "delivery_state" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "checkout_requests" ADD CONSTRAINT "checkout_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkout_requests_created_idx" ON "checkout_requests" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "user_spending" ADD CONSTRAINT "user_spending_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('placed', 'fulfilled', 'cancelled'));--> statement-breakpoint
DROP TYPE "public"."order_status";
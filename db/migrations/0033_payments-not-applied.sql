ALTER TABLE "star_payments" ALTER COLUMN "tier_name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "star_payments" ADD COLUMN "provider_charge_id" text;--> statement-breakpoint
ALTER TABLE "star_payments" ADD COLUMN "flag" text;--> statement-breakpoint
CREATE INDEX "star_payments_open_flag_idx" ON "star_payments" USING btree ("created_at") WHERE "star_payments"."flag" is not null and "star_payments"."refunded_at" is null;--> statement-breakpoint
ALTER TABLE "star_payments" ADD CONSTRAINT "star_payments_flag_check" CHECK ("star_payments"."flag" is null or "star_payments"."flag" in ('unknown_invoice', 'account_gone', 'other_payer', 'currency', 'amount', 'tier_not_sold'));
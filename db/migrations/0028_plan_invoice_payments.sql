ALTER TABLE "plan_invoices" ADD COLUMN "currency" text DEFAULT 'XTR' NOT NULL;--> statement-breakpoint
ALTER TABLE "plan_subscriptions" ADD COLUMN "currency" text DEFAULT 'XTR' NOT NULL;--> statement-breakpoint
ALTER TABLE "star_payments" ADD COLUMN "currency" text DEFAULT 'XTR' NOT NULL;
ALTER TABLE "profiles" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "language_chosen_at" timestamp with time zone;
-- An unproven email claims nothing (decision 097): several accounts may give one address until one
-- of them proves it, so only proven addresses are unique; lookups by address keep an index. A reset
-- token records where it was sent (the address mailed, the Telegram messaged; neither: the log).
DROP INDEX "profiles_email_lower_key";--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD COLUMN "telegram_id" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_verified_email_lower_key" ON "profiles" USING btree (lower("email")) WHERE "profiles"."email_verified_at" is not null;--> statement-breakpoint
CREATE INDEX "profiles_email_lower_idx" ON "profiles" USING btree (lower("email"));
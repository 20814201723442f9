CREATE TABLE "persons_seen" (
	"person_key" text PRIMARY KEY NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "persons_seen_pending" (
	"user_id" uuid PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_person_uses" (
	"promo_code_id" uuid NOT NULL,
	"person_key" text NOT NULL,
	"uses" integer NOT NULL,
	CONSTRAINT "promo_person_uses_promo_code_id_person_key_pk" PRIMARY KEY("promo_code_id","person_key"),
	CONSTRAINT "promo_person_uses_uses_check" CHECK ("promo_person_uses"."uses" >= 1)
);
--> statement-breakpoint
ALTER TABLE "persons_seen_pending" ADD CONSTRAINT "persons_seen_pending_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_person_uses" ADD CONSTRAINT "promo_person_uses_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written, decision 115: what the generated tables above start with.
-- The accounts that exist now and name a person (a Telegram id or a proven email): the start notes
-- their person keys and empties this list (the key lives in the database and the hash needs code).
INSERT INTO "persons_seen_pending" ("user_id")
SELECT "users"."id" FROM "users" LEFT JOIN "profiles" ON "profiles"."id" = "users"."id"
WHERE "users"."telegram_id" IS NOT NULL OR "profiles"."email_verified_at" IS NOT NULL;--> statement-breakpoint
-- Every trial claim is a person key already (the same server key and form, decision 113), some of
-- accounts deleted since: those people are seen too.
INSERT INTO "persons_seen" ("person_key", "first_seen_at")
SELECT "subject", min("created_at") FROM "trial_claims" GROUP BY "subject"
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Issue 44: a tier that costs nothing (no monthly price, no Stars price) offers no free trial.
UPDATE "membership_tiers" SET "trial_days" = NULL
WHERE "price_monthly" = 0 AND "price_stars" IS NULL AND "trial_days" IS NOT NULL;

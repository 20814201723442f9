DROP INDEX "profiles_verified_email_lower_key";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "email_claimed_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_taken_email_lower_key" ON "profiles" USING btree (lower("email")) WHERE "profiles"."email_verified_at" is not null or "profiles"."email_claimed_at" is not null;--> statement-breakpoint
-- Hand-written from here on (decision 097's amendment, issue 44).
-- Any change of an email, by whatever path, takes its proof and its claim away.
CREATE OR REPLACE FUNCTION profiles_email_change_unverifies() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.email IS DISTINCT FROM OLD.email THEN
		NEW.email_verified_at := NULL;
		NEW.email_claimed_at := NULL;
	END IF;
	RETURN NEW;
END $$;--> statement-breakpoint
-- The web sign-ups already made claim their addresses, one account an address. A web sign-up is an
-- account whose password came with it (its users and credentials rows share their transaction's
-- now(); a Telegram member set a password later), and one that linked a Telegram claims nothing. Of
-- several giving one address unproven, the claim goes to the one the address already led to
-- (claimOrder: no Telegram, newest first); the others keep their email and password and sign in as
-- before. None claims an address another account proved.
UPDATE "profiles" SET "email_claimed_at" = "ranked"."created_at"
FROM (
	SELECT "p"."id", "u"."created_at",
		row_number() OVER (
			PARTITION BY lower("p"."email")
			ORDER BY "p"."email_verified_at" IS NULL, "u"."created_at" DESC, "u"."id"
		) AS "n"
	FROM "profiles" "p"
	JOIN "users" "u" ON "u"."id" = "p"."id"
	JOIN "credentials" "c" ON "c"."user_id" = "u"."id" AND "c"."created_at" = "u"."created_at"
	WHERE "p"."email" IS NOT NULL AND "u"."telegram_id" IS NULL
		AND NOT EXISTS (
			SELECT 1 FROM "profiles" "v"
			WHERE lower("v"."email") = lower("p"."email") AND "v"."email_verified_at" IS NOT NULL
				AND "v"."id" <> "p"."id"
		)
) "ranked"
WHERE "profiles"."id" = "ranked"."id" AND "ranked"."n" = 1;

-- A first admin without a restart (decision 122): the one-time setup links a start prints while no
-- account holds admin (the token's hash, an hour, once), and how each role was given, so a role given
-- on purpose is not taken for one ADMIN_EMAILS gave an unproven address. Roles from before: null.
CREATE TABLE "setup_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"used_by" uuid
);
--> statement-breakpoint
ALTER TABLE "user_roles" ADD COLUMN "granted_by" text;--> statement-breakpoint
ALTER TABLE "setup_links" ADD CONSTRAINT "setup_links_used_by_users_id_fk" FOREIGN KEY ("used_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "setup_links_token_hash_key" ON "setup_links" USING btree ("token_hash");--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_granted_by_check" CHECK ("user_roles"."granted_by" in ('configured', 'command', 'setup_link', 'admin'));
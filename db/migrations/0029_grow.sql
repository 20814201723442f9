CREATE TABLE "budget_credits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"source_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "budget_credits_amount_check" CHECK ("budget_credits"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "plan_grants" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"tier_id" uuid,
	"tier_name" text NOT NULL,
	"kind" text NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"previous_tier_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_grants_kind_check" CHECK ("plan_grants"."kind" in ('trial', 'promo', 'referral'))
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"reward_kind" text NOT NULL,
	"tier_id" uuid,
	"days" integer,
	"credits" numeric(12, 2),
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"max_uses" integer NOT NULL,
	"uses_per_member" integer DEFAULT 1 NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_code_check" CHECK ("promo_codes"."code" ~ '^[A-Za-z0-9]{1,32}$'),
	CONSTRAINT "promo_codes_reward_check" CHECK (("promo_codes"."reward_kind" = 'days' and "promo_codes"."days" between 1 and 3650 and "promo_codes"."credits" is null)
        or ("promo_codes"."reward_kind" = 'credits' and "promo_codes"."credits" > 0 and "promo_codes"."days" is null and "promo_codes"."tier_id" is null)),
	CONSTRAINT "promo_codes_uses_check" CHECK ("promo_codes"."uses" >= 0 and "promo_codes"."uses" <= "promo_codes"."max_uses"),
	CONSTRAINT "promo_codes_max_uses_check" CHECK ("promo_codes"."max_uses" >= 1),
	CONSTRAINT "promo_codes_uses_per_member_check" CHECK ("promo_codes"."uses_per_member" >= 1),
	CONSTRAINT "promo_codes_window_check" CHECK ("promo_codes"."ends_at" is null or "promo_codes"."starts_at" is null or "promo_codes"."ends_at" > "promo_codes"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "promo_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"promo_code_id" uuid NOT NULL,
	"user_id" uuid,
	"days" integer,
	"credits" numeric(12, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_codes" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_codes_code_check" CHECK ("referral_codes"."code" ~ '^[a-z0-9]{4,32}$')
);
--> statement-breakpoint
CREATE TABLE "referral_program" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"singleton" boolean DEFAULT true NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"reward_kind" text DEFAULT 'credits' NOT NULL,
	"credits" numeric(12, 2),
	"tier_id" uuid,
	"days" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_program_singleton_check" CHECK ("referral_program"."singleton"),
	CONSTRAINT "referral_program_credits_check" CHECK ("referral_program"."credits" is null or "referral_program"."credits" > 0),
	CONSTRAINT "referral_program_days_check" CHECK ("referral_program"."days" is null or "referral_program"."days" between 1 and 3650)
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"referee_id" uuid PRIMARY KEY NOT NULL,
	"referrer_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"qualified_at" timestamp with time zone,
	"qualifying_charge_id" text,
	"reward_due_at" timestamp with time zone,
	"rewarded_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	CONSTRAINT "referrals_not_self_check" CHECK ("referrals"."referrer_id" is null or "referrals"."referrer_id" <> "referrals"."referee_id")
);
--> statement-breakpoint
CREATE TABLE "trial_claims" (
	"tier_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trial_claims_tier_id_subject_pk" PRIMARY KEY("tier_id","subject")
);
--> statement-breakpoint
ALTER TABLE "membership_tiers" ADD COLUMN "trial_days" integer;--> statement-breakpoint
ALTER TABLE "budget_credits" ADD CONSTRAINT "budget_credits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_grants" ADD CONSTRAINT "plan_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_grants" ADD CONSTRAINT "plan_grants_tier_id_membership_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."membership_tiers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_grants" ADD CONSTRAINT "plan_grants_previous_tier_id_membership_tiers_id_fk" FOREIGN KEY ("previous_tier_id") REFERENCES "public"."membership_tiers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_tier_id_membership_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."membership_tiers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_program" ADD CONSTRAINT "referral_program_tier_id_membership_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."membership_tiers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referee_id_users_id_fk" FOREIGN KEY ("referee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_claims" ADD CONSTRAINT "trial_claims_tier_id_membership_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."membership_tiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_claims" ADD CONSTRAINT "trial_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "budget_credits_user_period_idx" ON "budget_credits" USING btree ("user_id","period_start");--> statement-breakpoint
CREATE INDEX "plan_grants_ends_idx" ON "plan_grants" USING btree ("ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_lower_key" ON "promo_codes" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "promo_redemptions_code_user_idx" ON "promo_redemptions" USING btree ("promo_code_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_codes_code_key" ON "referral_codes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_program_singleton_key" ON "referral_program" USING btree ("singleton");--> statement-breakpoint
CREATE INDEX "referrals_referrer_idx" ON "referrals" USING btree ("referrer_id","created_at");--> statement-breakpoint
CREATE INDEX "referrals_due_idx" ON "referrals" USING btree ("reward_due_at") WHERE "referrals"."rewarded_at" is null and "referrals"."voided_at" is null and "referrals"."reward_due_at" is not null;--> statement-breakpoint
ALTER TABLE "membership_tiers" ADD CONSTRAINT "membership_tiers_trial_days_check" CHECK ("membership_tiers"."trial_days" between 1 and 90);
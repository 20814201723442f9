CREATE TABLE "gate_chat_tiers" (
	"chat_id" bigint NOT NULL,
	"tier_id" uuid NOT NULL,
	CONSTRAINT "gate_chat_tiers_chat_id_tier_id_pk" PRIMARY KEY("chat_id","tier_id")
);
--> statement-breakpoint
CREATE TABLE "gate_chats" (
	"chat_id" bigint PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"username" text,
	"bot_status" text DEFAULT 'unknown' NOT NULL,
	"can_invite_users" boolean DEFAULT false NOT NULL,
	"can_ban_users" boolean DEFAULT false NOT NULL,
	"can_manage_tags" boolean DEFAULT false NOT NULL,
	"access" text DEFAULT 'open' NOT NULL,
	"gated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gate_chats_kind_check" CHECK ("gate_chats"."kind" in ('channel', 'group', 'supergroup')),
	CONSTRAINT "gate_chats_access_check" CHECK ("gate_chats"."access" in ('open', 'tiers'))
);
--> statement-breakpoint
CREATE TABLE "gate_invite_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chat_id" bigint NOT NULL,
	"user_id" uuid,
	"telegram_id" bigint NOT NULL,
	"link" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "gate_join_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chat_id" bigint NOT NULL,
	"telegram_id" bigint NOT NULL,
	"user_chat_id" bigint,
	"query_id" text,
	"invite_link" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "gate_join_requests_state_check" CHECK ("gate_join_requests"."state" in ('pending', 'approved', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "gate_members" (
	"chat_id" bigint NOT NULL,
	"telegram_id" bigint NOT NULL,
	"status" text NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tag" text,
	"removals" integer DEFAULT 0 NOT NULL,
	"removing_since" timestamp with time zone,
	CONSTRAINT "gate_members_chat_id_telegram_id_pk" PRIMARY KEY("chat_id","telegram_id")
);
--> statement-breakpoint
ALTER TABLE "outbox" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "gate_chat_tiers" ADD CONSTRAINT "gate_chat_tiers_chat_id_gate_chats_chat_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."gate_chats"("chat_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gate_chat_tiers" ADD CONSTRAINT "gate_chat_tiers_tier_id_membership_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."membership_tiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gate_invite_links" ADD CONSTRAINT "gate_invite_links_chat_id_gate_chats_chat_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."gate_chats"("chat_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gate_invite_links" ADD CONSTRAINT "gate_invite_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gate_join_requests" ADD CONSTRAINT "gate_join_requests_chat_id_gate_chats_chat_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."gate_chats"("chat_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gate_members" ADD CONSTRAINT "gate_members_chat_id_gate_chats_chat_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."gate_chats"("chat_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gate_chat_tiers_tier_idx" ON "gate_chat_tiers" USING btree ("tier_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gate_invite_links_link_key" ON "gate_invite_links" USING btree ("link");--> statement-breakpoint
CREATE UNIQUE INDEX "gate_invite_links_live_key" ON "gate_invite_links" USING btree ("chat_id","user_id") WHERE "gate_invite_links"."revoked_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "gate_join_requests_pending_key" ON "gate_join_requests" USING btree ("chat_id","telegram_id") WHERE "gate_join_requests"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "gate_join_requests_person_idx" ON "gate_join_requests" USING btree ("telegram_id","at");--> statement-breakpoint
CREATE INDEX "gate_members_in_idx" ON "gate_members" USING btree ("chat_id","telegram_id") WHERE "gate_members"."status" in ('member', 'restricted');--> statement-breakpoint
CREATE INDEX "gate_members_telegram_idx" ON "gate_members" USING btree ("telegram_id");
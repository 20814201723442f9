CREATE TABLE "bot_drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"chat_id" bigint NOT NULL,
	"message_ids" bigint[] NOT NULL,
	"media_group_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bot_drafts_status_check" CHECK ("bot_drafts"."status" in ('pending', 'posted', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "channel_post_credits" (
	"chat_id" bigint NOT NULL,
	"message_id" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_post_credits_chat_id_message_id_pk" PRIMARY KEY("chat_id","message_id")
);
--> statement-breakpoint
ALTER TABLE "channel_messages" DROP CONSTRAINT "channel_messages_counts_check";--> statement-breakpoint
ALTER TABLE "channel_messages" ADD COLUMN "entities" jsonb;--> statement-breakpoint
ALTER TABLE "channel_messages" ADD COLUMN "media" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "channel_messages" ADD COLUMN "telegram_url" text;--> statement-breakpoint
ALTER TABLE "channel_messages" ADD COLUMN "telegram_hearts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "channel_messages" ADD COLUMN "telegram_flames" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bot_drafts" ADD CONSTRAINT "bot_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_post_credits" ADD CONSTRAINT "channel_post_credits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bot_drafts_album_key" ON "bot_drafts" USING btree ("chat_id","media_group_id") WHERE "bot_drafts"."media_group_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "channel_messages_album_key" ON "channel_messages" USING btree ("telegram_chat_id","media_group_id") WHERE "channel_messages"."media_group_id" is not null;--> statement-breakpoint
ALTER TABLE "channel_messages" ADD CONSTRAINT "channel_messages_counts_check" CHECK ("channel_messages"."hearts" >= 0 and "channel_messages"."flames" >= 0 and "channel_messages"."trending" >= 0 and "channel_messages"."telegram_hearts" >= 0 and "channel_messages"."telegram_flames" >= 0);
-- Posts for some tiers (decision 118): the tiers a post is for, empty for every member (every post
-- so far); a partial index keeps /media's look-up of a file to the few posts for some tiers.
ALTER TABLE "channel_messages" ADD COLUMN "tier_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
CREATE INDEX "channel_messages_tiered_idx" ON "channel_messages" USING btree ("id") WHERE "channel_messages"."tier_ids" <> '{}'::uuid[];
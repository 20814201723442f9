CREATE TABLE "outbox_pace" (
	"lane" text PRIMARY KEY NOT NULL,
	"next_slot_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paused_until" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "outbox_due_idx";--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "paid" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "outbox_claim_idx" ON "outbox" USING btree ("channel","paid",("kind" = 'broadcast'),"next_attempt_at") WHERE "outbox"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "outbox_chat_idx" ON "outbox" USING btree ("chat_id","done_at");
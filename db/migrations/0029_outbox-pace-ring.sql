CREATE TABLE "outbox_pace_slots" (
	"lane" text NOT NULL,
	"slot" integer NOT NULL,
	"used_at" timestamp with time zone DEFAULT '1970-01-01 00:00:00+00' NOT NULL,
	"busy_until" timestamp with time zone,
	CONSTRAINT "outbox_pace_slots_lane_slot_pk" PRIMARY KEY("lane","slot")
);
--> statement-breakpoint
ALTER TABLE "outbox_pace" DROP COLUMN "next_slot_at";
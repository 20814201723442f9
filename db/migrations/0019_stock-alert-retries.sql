-- Back-in-stock alerts survive a failed send: a row is deleted once its message was accepted, and a
-- failed send counts an attempt and sets when the next may be made. next_attempt_at also holds a
-- claim: a process sending the alert moves it past the send's end, so no other process takes it.
-- Both columns only add, so a process of the previous version (which deletes the rows it claims)
-- keeps working during a rolling upgrade.
ALTER TABLE "stock_alerts" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD COLUMN "next_attempt_at" timestamp with time zone;

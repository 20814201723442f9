CREATE TABLE "schema_functions" (
	"name" text PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkout_requests" DROP COLUMN "status";--> statement-breakpoint
-- The credit checkout's functions now live in db/functions (one file each, applied after the
-- migrations by version). What only the version before 0018 used goes: its functions, and the
-- reason names its keys were kept under, renamed to the rules' names so a replay needs no mapping.
DROP FUNCTION IF EXISTS place_credit_order(uuid, text, text, jsonb, text, text, text, timestamptz);
--> statement-breakpoint
DROP FUNCTION IF EXISTS credit_order_outcome(uuid, jsonb, text, text, text, timestamptz);
--> statement-breakpoint
UPDATE checkout_requests
SET response = (response - 'status') || jsonb_build_object(
  'reason',
  CASE response ->> 'reason'
    WHEN 'age' THEN 'age_required'
    WHEN 'restricted' THEN 'restricted_state'
    WHEN 'stock' THEN 'out_of_stock'
    WHEN 'budget' THEN 'over_budget'
  END
)
WHERE response ->> 'outcome' = 'refused' AND response ->> 'reason' IN ('age', 'restricted', 'stock', 'budget');

-- 0019 was edited after it was committed to allow 'skipped' alert deliveries; a database that had
-- applied the first 0019 never got that change. 0019 is back to what was committed, and the change is here.
ALTER TABLE "alert_deliveries" DROP CONSTRAINT IF EXISTS "alert_deliveries_status_check";--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_status_check" CHECK ("alert_deliveries"."status" in ('pending', 'sent', 'failed', 'skipped'));--> statement-breakpoint
ALTER TABLE "intake_items" ADD COLUMN "repeats" integer DEFAULT 1 NOT NULL;

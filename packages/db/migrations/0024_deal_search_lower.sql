-- A broad search tests the lowered search text where the list-order indexes hold it, so its capped counts read no row of deals (ADR 0036).
DROP INDEX "deals_fund_created_idx";--> statement-breakpoint
DROP INDEX "deals_fund_status_created_idx";--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "search_lower" text GENERATED ALWAYS AS (lower(("startup_name" || E'\x1f' || "sector"))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "deals_fund_created_idx" ON "deals" USING btree ("fund_id","created_at","id","status","search_lower");--> statement-breakpoint
CREATE INDEX "deals_fund_status_created_idx" ON "deals" USING btree ("fund_id","status","created_at","id","search_lower");
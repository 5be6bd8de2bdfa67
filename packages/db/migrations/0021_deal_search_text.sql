-- Search (`q`) looks in the name and the sector through one trigram index on both (dealSearchText, ADR 0033).
DROP INDEX "deals_name_trgm_idx";--> statement-breakpoint
DROP INDEX "deals_sector_trgm_idx";--> statement-breakpoint
CREATE INDEX "deals_search_trgm_idx" ON "deals" USING gin (("startup_name" || E'\x1f' || "sector") gin_trgm_ops);
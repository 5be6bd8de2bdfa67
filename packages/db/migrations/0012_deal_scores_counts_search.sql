-- Hand-written: trigram search (pg_trgm ships with PostgreSQL's contrib and is loaded into PGlite by packages/db's client).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "deal_counts" (
	"fund_id" uuid NOT NULL,
	"facet" text NOT NULL,
	"value" text NOT NULL,
	"status" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "deal_counts_fund_id_facet_value_status_pk" PRIMARY KEY("fund_id","facet","value","status")
);
--> statement-breakpoint
CREATE TABLE "deal_scores" (
	"deal_id" uuid PRIMARY KEY NOT NULL,
	"fund_id" uuid NOT NULL,
	"score_team" smallint,
	"score_market" smallint,
	"score_problem_solution" smallint,
	"score_traction" smallint,
	"score_product" smallint,
	"score_business_model" smallint,
	"score_financials" smallint,
	"score_gtm" smallint,
	"score_risks" smallint,
	"fit_score" integer,
	CONSTRAINT "deal_scores_fit_score_check" CHECK ("deal_scores"."fit_score" is null or "deal_scores"."fit_score" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "deal_counts" ADD CONSTRAINT "deal_counts_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_scores" ADD CONSTRAINT "deal_scores_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written: the facets a deal is counted under (the list's one-dimension filters; '' when unset).
CREATE FUNCTION deal_facets(sector text, stage text, geography text, confidence text, source text, owner uuid)
RETURNS TABLE (facet text, value text) LANGUAGE sql IMMUTABLE AS $$
  VALUES ('all', ''), ('sector', sector), ('stage', stage), ('region', geography),
    ('confidence', coalesce(confidence, '')), ('source', source), ('owner', coalesce(owner::text, ''))
$$;--> statement-breakpoint
-- Hand-written: existing deals move their FitScore to deal_scores and are counted.
INSERT INTO "deal_scores" ("deal_id", "fund_id", score_team, score_market, score_problem_solution, score_traction, score_product, score_business_model, score_financials, score_gtm, score_risks, "fit_score")
SELECT d.id, d.fund_id, fs.score_team, fs.score_market, fs.score_problem_solution, fs.score_traction, fs.score_product, fs.score_business_model, fs.score_financials, fs.score_gtm, fs.score_risks, d.fit_score FROM "deals" d LEFT JOIN "fit_scores" fs ON fs.id = d.score_id;--> statement-breakpoint
INSERT INTO "deal_counts" ("fund_id", "facet", "value", "status", "n")
SELECT d.fund_id, f.facet, f.value, d.status, count(*)::int
FROM "deals" d, deal_facets(d.sector, d.stage, d.geography, d.confidence, d.source, d.owner_user_id) f
GROUP BY 1, 2, 3, 4;--> statement-breakpoint
-- Hand-written: every deal has its deal_scores row, holding the sub-scores of its current analysis
-- (deals.score_id), whichever code writes the deal. The FitScore itself is computed by the app
-- (weightedOverallSql) when a score is applied and when the fund's weights change.
CREATE FUNCTION deal_scores_follow_deals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO deal_scores (deal_id, fund_id, score_team, score_market, score_problem_solution, score_traction, score_product, score_business_model, score_financials, score_gtm, score_risks)
    SELECT n.id, n.fund_id, fs.score_team, fs.score_market, fs.score_problem_solution, fs.score_traction, fs.score_product, fs.score_business_model, fs.score_financials, fs.score_gtm, fs.score_risks FROM new_rows n LEFT JOIN fit_scores fs ON fs.id = n.score_id;
  ELSE
    UPDATE deal_scores s SET (score_team, score_market, score_problem_solution, score_traction, score_product, score_business_model, score_financials, score_gtm, score_risks) = (fs.score_team, fs.score_market, fs.score_problem_solution, fs.score_traction, fs.score_product, fs.score_business_model, fs.score_financials, fs.score_gtm, fs.score_risks)
    FROM new_rows n JOIN old_rows o ON o.id = n.id LEFT JOIN fit_scores fs ON fs.id = n.score_id
    WHERE s.deal_id = n.id AND n.score_id IS DISTINCT FROM o.score_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Hand-written: deal_counts follows every insert, update and delete of deals. Rows are upserted in
-- key order so that concurrent status changes of one fund cannot deadlock; a fund being deleted
-- (its deals cascading) is skipped, its counts go with it.
CREATE FUNCTION deal_counts_follow_deals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO deal_counts AS c (fund_id, facet, value, status, n)
    SELECT d.fund_id, f.facet, f.value, d.status, count(*)::int
    FROM new_rows d, deal_facets(d.sector, d.stage, d.geography, d.confidence, d.source, d.owner_user_id) f
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (fund_id, facet, value, status) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO deal_counts AS c (fund_id, facet, value, status, n)
    SELECT d.fund_id, f.facet, f.value, d.status, -count(*)::int
    FROM old_rows d, deal_facets(d.sector, d.stage, d.geography, d.confidence, d.source, d.owner_user_id) f
    WHERE EXISTS (SELECT 1 FROM funds WHERE funds.id = d.fund_id)
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (fund_id, facet, value, status) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO deal_counts AS c (fund_id, facet, value, status, n)
    SELECT x.fund_id, x.facet, x.value, x.status, sum(x.delta)::int
    FROM old_rows o JOIN new_rows n ON n.id = o.id,
      LATERAL (
        SELECT o.fund_id, f.facet, f.value, o.status, -1 FROM deal_facets(o.sector, o.stage, o.geography, o.confidence, o.source, o.owner_user_id) f
        UNION ALL
        SELECT n.fund_id, f.facet, f.value, n.status, 1 FROM deal_facets(n.sector, n.stage, n.geography, n.confidence, n.source, n.owner_user_id) f
      ) x (fund_id, facet, value, status, delta)
    WHERE (o.status, o.sector, o.stage, o.geography, o.confidence, o.source, o.owner_user_id)
        IS DISTINCT FROM (n.status, n.sector, n.stage, n.geography, n.confidence, n.source, n.owner_user_id)
      AND EXISTS (SELECT 1 FROM funds WHERE funds.id = x.fund_id)
    GROUP BY 1, 2, 3, 4 HAVING sum(x.delta) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (fund_id, facet, value, status) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER deals_scores_insert AFTER INSERT ON deals REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION deal_scores_follow_deals();--> statement-breakpoint
CREATE TRIGGER deals_scores_update AFTER UPDATE ON deals REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION deal_scores_follow_deals();--> statement-breakpoint
CREATE TRIGGER deals_counts_insert AFTER INSERT ON deals REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION deal_counts_follow_deals();--> statement-breakpoint
CREATE TRIGGER deals_counts_update AFTER UPDATE ON deals REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION deal_counts_follow_deals();--> statement-breakpoint
CREATE TRIGGER deals_counts_delete AFTER DELETE ON deals REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION deal_counts_follow_deals();--> statement-breakpoint
ALTER TABLE "deals" DROP CONSTRAINT "deals_fit_score_check";--> statement-breakpoint
DROP INDEX "deals_fund_score_idx";--> statement-breakpoint
ALTER TABLE "deals" DROP COLUMN "fit_score";--> statement-breakpoint
CREATE INDEX "deal_scores_fund_score_idx" ON "deal_scores" USING btree ("fund_id",coalesce("fit_score", -1),"deal_id");--> statement-breakpoint
CREATE INDEX "deals_name_trgm_idx" ON "deals" USING gin ("startup_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "deals_sector_trgm_idx" ON "deals" USING gin ("sector" gin_trgm_ops);

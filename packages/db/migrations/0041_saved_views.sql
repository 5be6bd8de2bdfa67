CREATE TABLE "saved_view_defaults" (
	"fund_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"view_id" uuid,
	"built_in" text,
	CONSTRAINT "saved_view_defaults_fund_id_user_id_pk" PRIMARY KEY("fund_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "saved_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fund_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"state" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deal_batch_items" (
	"batch_id" uuid NOT NULL,
	"deal_id" uuid NOT NULL,
	"status" text NOT NULL,
	"pipeline_stage_id" uuid,
	"owner_user_id" uuid,
	"had_tag" boolean DEFAULT false NOT NULL,
	CONSTRAINT "deal_batch_items_batch_id_deal_id_pk" PRIMARY KEY("batch_id","deal_id")
);
--> statement-breakpoint
CREATE TABLE "deal_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fund_id" uuid NOT NULL,
	"user_id" uuid,
	"action" jsonb NOT NULL,
	"selected" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "saved_view_defaults" ADD CONSTRAINT "saved_view_defaults_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_view_defaults" ADD CONSTRAINT "saved_view_defaults_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_view_defaults" ADD CONSTRAINT "saved_view_defaults_view_id_saved_views_id_fk" FOREIGN KEY ("view_id") REFERENCES "public"."saved_views"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_batch_items" ADD CONSTRAINT "deal_batch_items_batch_id_deal_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."deal_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_batch_items" ADD CONSTRAINT "deal_batch_items_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_batches" ADD CONSTRAINT "deal_batches_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_batches" ADD CONSTRAINT "deal_batches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_views_fund_idx" ON "saved_views" USING btree ("fund_id","shared","user_id");--> statement-breakpoint
CREATE INDEX "deal_batch_items_deal_idx" ON "deal_batch_items" USING btree ("deal_id");--> statement-breakpoint
CREATE INDEX "deal_batches_fund_idx" ON "deal_batches" USING btree ("fund_id","created_at");--> statement-breakpoint
-- Hand-written (ADR 0066): the UPDATE branches of the deals triggers join old_rows to new_rows. A
-- PL/pgSQL statement's plan is cached per session from its first call, sized by the transition tables
-- of that call: after a one-deal status change, a bulk change of 1,000 deals joined them by nested
-- loop (seconds). EXECUTE plans the join for each call's real sizes; the statements are unchanged.
CREATE OR REPLACE FUNCTION deal_counts_follow_deals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO deal_counts AS c (fund_id, facet, value, status, shard, n)
    SELECT d.fund_id, f.facet, f.value, d.status, deal_count_shard(d.id), count(*)::int
    FROM new_rows d, deal_facets(d.sector, d.stage, d.region, d.confidence, d.source, d.owner_user_id) f
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (fund_id, facet, value, status, shard) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO deal_counts AS c (fund_id, facet, value, status, shard, n)
    SELECT d.fund_id, f.facet, f.value, d.status, deal_count_shard(d.id), -count(*)::int
    FROM old_rows d, deal_facets(d.sector, d.stage, d.region, d.confidence, d.source, d.owner_user_id) f
    WHERE EXISTS (SELECT 1 FROM funds WHERE funds.id = d.fund_id)
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (fund_id, facet, value, status, shard) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    EXECUTE $q$
    INSERT INTO deal_counts AS c (fund_id, facet, value, status, shard, n)
    SELECT x.fund_id, x.facet, x.value, x.status, deal_count_shard(x.id), sum(x.delta)::int
    FROM old_rows o JOIN new_rows n ON n.id = o.id,
      LATERAL (
        SELECT o.id, o.fund_id, f.facet, f.value, o.status, -1 FROM deal_facets(o.sector, o.stage, o.region, o.confidence, o.source, o.owner_user_id) f
        UNION ALL
        SELECT n.id, n.fund_id, f.facet, f.value, n.status, 1 FROM deal_facets(n.sector, n.stage, n.region, n.confidence, n.source, n.owner_user_id) f
      ) x (id, fund_id, facet, value, status, delta)
    WHERE (o.status, o.sector, o.stage, o.region, o.confidence, o.source, o.owner_user_id)
        IS DISTINCT FROM (n.status, n.sector, n.stage, n.region, n.confidence, n.source, n.owner_user_id)
      AND EXISTS (SELECT 1 FROM funds WHERE funds.id = x.fund_id)
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(x.delta) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (fund_id, facet, value, status, shard) DO UPDATE SET n = c.n + excluded.n
    $q$;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION deal_scores_follow_deals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO deal_scores (deal_id, fund_id, score_team, score_market, score_problem_solution, score_traction, score_product, score_business_model, score_financials, score_gtm, score_risks)
    SELECT n.id, n.fund_id, fs.score_team, fs.score_market, fs.score_problem_solution, fs.score_traction, fs.score_product, fs.score_business_model, fs.score_financials, fs.score_gtm, fs.score_risks FROM new_rows n LEFT JOIN fit_scores fs ON fs.id = n.score_id;
  ELSE
    EXECUTE $q$
    UPDATE deal_scores s SET (score_team, score_market, score_problem_solution, score_traction, score_product, score_business_model, score_financials, score_gtm, score_risks) = (fs.score_team, fs.score_market, fs.score_problem_solution, fs.score_traction, fs.score_product, fs.score_business_model, fs.score_financials, fs.score_gtm, fs.score_risks)
    FROM new_rows n JOIN old_rows o ON o.id = n.id LEFT JOIN fit_scores fs ON fs.id = n.score_id
    WHERE s.deal_id = n.id AND n.score_id IS DISTINCT FROM o.score_id
    $q$;
  END IF;
  RETURN NULL;
END
$$;

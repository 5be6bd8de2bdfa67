ALTER TABLE "deals" ALTER COLUMN "fit_stage" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "deals" ALTER COLUMN "fit_stage" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "deals" ALTER COLUMN "fit_geography" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "deals" ALTER COLUMN "fit_geography" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "region" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Hand-written: deals whose geography already is a region (founders' platform deals) get it as
-- their region. Older free-text places keep region '' and their stored fit until they are written
-- again: reading them needs the place data set (@fitscore/thesis), which is JavaScript's, not SQL's.
UPDATE "deals" SET "region" = upper(btrim("geography"))
WHERE upper(btrim("geography")) IN ('US', 'EUROPE', 'MENA', 'ASIA', 'AFRICA', 'GLOBAL');--> statement-breakpoint
-- Hand-written: as in 0022, with the deal's region (not its free-text geography) as the 'region' facet.
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
    ON CONFLICT (fund_id, facet, value, status, shard) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint--> statement-breakpoint
-- Hand-written: the region counts recounted from the regions.
DELETE FROM "deal_counts" WHERE "facet" = 'region';--> statement-breakpoint
INSERT INTO "deal_counts" ("fund_id", "facet", "value", "status", "shard", "n")
SELECT d.fund_id, 'region', d.region, d.status, deal_count_shard(d.id), count(*)::int
FROM "deals" d
GROUP BY 1, 2, 3, 4, 5;

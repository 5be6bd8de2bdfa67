-- Each deal count is split over 16 rows by the deal's id (ADR 0034): a status change locks only its
-- shard's rows until its transaction ends, so changes of one fund no longer queue for the 'all' rows.
ALTER TABLE "deal_counts" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deal_counts" DROP CONSTRAINT "deal_counts_fund_id_facet_value_status_pk";--> statement-breakpoint
ALTER TABLE "deal_counts" ADD CONSTRAINT "deal_counts_fund_id_facet_value_status_shard_pk" PRIMARY KEY("fund_id","facet","value","status","shard");--> statement-breakpoint
-- Hand-written: a deal's shard; its id never changes, so its rows are always in one shard.
CREATE FUNCTION deal_count_shard(id uuid) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
  SELECT (hashtext(id::text) & 15)::smallint
$$;--> statement-breakpoint
-- Hand-written: as in 0012, with the shard in each row's key (rows upserted in key order, so that
-- concurrent changes cannot deadlock).
CREATE OR REPLACE FUNCTION deal_counts_follow_deals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO deal_counts AS c (fund_id, facet, value, status, shard, n)
    SELECT d.fund_id, f.facet, f.value, d.status, deal_count_shard(d.id), count(*)::int
    FROM new_rows d, deal_facets(d.sector, d.stage, d.geography, d.confidence, d.source, d.owner_user_id) f
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (fund_id, facet, value, status, shard) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO deal_counts AS c (fund_id, facet, value, status, shard, n)
    SELECT d.fund_id, f.facet, f.value, d.status, deal_count_shard(d.id), -count(*)::int
    FROM old_rows d, deal_facets(d.sector, d.stage, d.geography, d.confidence, d.source, d.owner_user_id) f
    WHERE EXISTS (SELECT 1 FROM funds WHERE funds.id = d.fund_id)
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (fund_id, facet, value, status, shard) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO deal_counts AS c (fund_id, facet, value, status, shard, n)
    SELECT x.fund_id, x.facet, x.value, x.status, deal_count_shard(x.id), sum(x.delta)::int
    FROM old_rows o JOIN new_rows n ON n.id = o.id,
      LATERAL (
        SELECT o.id, o.fund_id, f.facet, f.value, o.status, -1 FROM deal_facets(o.sector, o.stage, o.geography, o.confidence, o.source, o.owner_user_id) f
        UNION ALL
        SELECT n.id, n.fund_id, f.facet, f.value, n.status, 1 FROM deal_facets(n.sector, n.stage, n.geography, n.confidence, n.source, n.owner_user_id) f
      ) x (id, fund_id, facet, value, status, delta)
    WHERE (o.status, o.sector, o.stage, o.geography, o.confidence, o.source, o.owner_user_id)
        IS DISTINCT FROM (n.status, n.sector, n.stage, n.geography, n.confidence, n.source, n.owner_user_id)
      AND EXISTS (SELECT 1 FROM funds WHERE funds.id = x.fund_id)
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(x.delta) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (fund_id, facet, value, status, shard) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Hand-written: the counts so far, split by shard.
DELETE FROM "deal_counts";--> statement-breakpoint
INSERT INTO "deal_counts" ("fund_id", "facet", "value", "status", "shard", "n")
SELECT d.fund_id, f.facet, f.value, d.status, deal_count_shard(d.id), count(*)::int
FROM "deals" d, deal_facets(d.sector, d.stage, d.geography, d.confidence, d.source, d.owner_user_id) f
GROUP BY 1, 2, 3, 4, 5;

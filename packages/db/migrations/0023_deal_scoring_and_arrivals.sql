ALTER TABLE "deals" ADD COLUMN "scoring_status" text;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "scoring_error" text;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "arrivals" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Hand-written: what the pipeline shows of each deal's newest scoring run and of its arrivals is kept
-- on the deal's row, so that a page of the list reads no other table for them (ADR 0035). Triggers
-- keep both copies, so that no code path can leave them behind. They fire once per statement and
-- refresh every deal the statement touched in one query, so that many rows at once (a seed, an
-- import) cost one pass, not a lookup per row.
--
-- The given deals' newest run (by created_at, as the list read it): its status and error.
CREATE FUNCTION deal_scoring_refresh(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE deals d SET (scoring_status, scoring_error) = (r.status, r.error)
  FROM (
    SELECT DISTINCT ON (s.deal_id) s.deal_id, s.status, s.error
    FROM scoring_runs s WHERE s.deal_id = ANY (ids)
    ORDER BY s.deal_id, s.created_at DESC
  ) r
  WHERE d.id = r.deal_id AND (d.scoring_status, d.scoring_error) IS DISTINCT FROM (r.status, r.error)
$$;--> statement-breakpoint
-- The given deals' arrivals as the API shows them: oldest first, times in UTC with milliseconds.
CREATE FUNCTION deal_arrivals_refresh(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE deals d SET arrivals = a.arrivals
  FROM (
    SELECT x.id, coalesce(jsonb_agg(jsonb_build_object(
        'channel', s.channel,
        'receivedAt', to_char(s.received_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'deckLink', s.deck_link,
        'note', s.note) ORDER BY s.received_at, s.id) FILTER (WHERE s.id IS NOT NULL), '[]'::jsonb) AS arrivals
    FROM unnest(ids) AS x (id) LEFT JOIN deal_sources s ON s.deal_id = x.id
    GROUP BY x.id
  ) a
  WHERE d.id = a.id AND d.arrivals IS DISTINCT FROM a.arrivals
$$;--> statement-breakpoint
-- A run is created, or changes (its status, its error, or only its progress: then nothing is written).
-- Runs are deleted only with their deal.
CREATE FUNCTION deal_scoring_follows_runs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM deal_scoring_refresh(ARRAY(SELECT DISTINCT deal_id FROM new_rows WHERE deal_id IS NOT NULL));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER scoring_runs_deal_scoring_insert AFTER INSERT ON scoring_runs REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION deal_scoring_follows_runs();--> statement-breakpoint
CREATE TRIGGER scoring_runs_deal_scoring_update AFTER UPDATE ON scoring_runs REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION deal_scoring_follows_runs();--> statement-breakpoint
-- An arrival is added, changed (moved to another deal when duplicates merge), or removed.
CREATE FUNCTION deal_arrivals_follow_sources() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM deal_arrivals_refresh(ARRAY(SELECT DISTINCT deal_id FROM old_rows));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM deal_arrivals_refresh(ARRAY(SELECT DISTINCT deal_id FROM new_rows));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER deal_sources_arrivals_insert AFTER INSERT ON deal_sources REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION deal_arrivals_follow_sources();--> statement-breakpoint
CREATE TRIGGER deal_sources_arrivals_update AFTER UPDATE ON deal_sources REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION deal_arrivals_follow_sources();--> statement-breakpoint
CREATE TRIGGER deal_sources_arrivals_delete AFTER DELETE ON deal_sources REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION deal_arrivals_follow_sources();--> statement-breakpoint
-- Hand-written: the copies of the deals there are.
SELECT deal_scoring_refresh(ARRAY(SELECT DISTINCT deal_id FROM scoring_runs WHERE deal_id IS NOT NULL));--> statement-breakpoint
SELECT deal_arrivals_refresh(ARRAY(SELECT DISTINCT deal_id FROM deal_sources));

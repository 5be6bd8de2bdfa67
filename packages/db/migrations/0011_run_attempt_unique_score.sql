ALTER TABLE "scoring_runs" ADD COLUMN "attempt" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "fit_scores_run_idx" ON "fit_scores" USING btree ("run_id");
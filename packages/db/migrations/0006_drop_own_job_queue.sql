ALTER TABLE "scoring_runs" DROP CONSTRAINT "scoring_runs_job_id_jobs_id_fk";
--> statement-breakpoint
ALTER TABLE "scoring_runs" DROP COLUMN "job_id";--> statement-breakpoint
DROP TABLE "jobs";

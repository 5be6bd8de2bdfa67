ALTER TABLE "fund_members" DROP CONSTRAINT "fund_members_role_check";--> statement-breakpoint
-- The fund's creator was its 'owner'; the roles are now 'admin' and 'member'.
UPDATE "fund_members" SET "role" = 'admin' WHERE "role" = 'owner';--> statement-breakpoint
ALTER TABLE "decks" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "fit_scores" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "scoring_runs" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "fit_scores" ADD COLUMN "score_team" smallint;--> statement-breakpoint
ALTER TABLE "fit_scores" ADD COLUMN "score_market" smallint;--> statement-breakpoint
ALTER TABLE "fit_scores" ADD COLUMN "score_problem_solution" smallint;--> statement-breakpoint
ALTER TABLE "fit_scores" ADD COLUMN "score_traction" smallint;--> statement-breakpoint
ALTER TABLE "fit_scores" ADD COLUMN "score_product" smallint;--> statement-breakpoint
ALTER TABLE "fit_scores" ADD COLUMN "score_business_model" smallint;--> statement-breakpoint
ALTER TABLE "fit_scores" ADD COLUMN "score_financials" smallint;--> statement-breakpoint
ALTER TABLE "fit_scores" ADD COLUMN "score_gtm" smallint;--> statement-breakpoint
ALTER TABLE "fit_scores" ADD COLUMN "score_risks" smallint;--> statement-breakpoint
-- Existing analyses: copy each sub-score out of the stored analysis, then require it.
UPDATE "fit_scores" SET "score_team" = ("analysis"->'subScores'->'team'->>'score')::smallint, "score_market" = ("analysis"->'subScores'->'market'->>'score')::smallint, "score_problem_solution" = ("analysis"->'subScores'->'problemSolution'->>'score')::smallint, "score_traction" = ("analysis"->'subScores'->'traction'->>'score')::smallint, "score_product" = ("analysis"->'subScores'->'product'->>'score')::smallint, "score_business_model" = ("analysis"->'subScores'->'businessModel'->>'score')::smallint, "score_financials" = ("analysis"->'subScores'->'financials'->>'score')::smallint, "score_gtm" = ("analysis"->'subScores'->'gtm'->>'score')::smallint, "score_risks" = ("analysis"->'subScores'->'risks'->>'score')::smallint;--> statement-breakpoint
ALTER TABLE "fit_scores" ALTER COLUMN "score_team" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "fit_scores" ALTER COLUMN "score_market" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "fit_scores" ALTER COLUMN "score_problem_solution" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "fit_scores" ALTER COLUMN "score_traction" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "fit_scores" ALTER COLUMN "score_product" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "fit_scores" ALTER COLUMN "score_business_model" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "fit_scores" ALTER COLUMN "score_financials" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "fit_scores" ALTER COLUMN "score_gtm" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "fit_scores" ALTER COLUMN "score_risks" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "decks" ADD CONSTRAINT "decks_owner_check" CHECK (num_nonnulls("decks"."user_id") = 1);--> statement-breakpoint
ALTER TABLE "fit_scores" ADD CONSTRAINT "fit_scores_owner_check" CHECK (num_nonnulls("fit_scores"."user_id") = 1);--> statement-breakpoint
ALTER TABLE "fit_scores" ADD CONSTRAINT "fit_scores_sub_scores_check" CHECK (least("fit_scores"."score_team", "fit_scores"."score_market", "fit_scores"."score_problem_solution", "fit_scores"."score_traction", "fit_scores"."score_product", "fit_scores"."score_business_model", "fit_scores"."score_financials", "fit_scores"."score_gtm", "fit_scores"."score_risks") >= 1 and greatest("fit_scores"."score_team", "fit_scores"."score_market", "fit_scores"."score_problem_solution", "fit_scores"."score_traction", "fit_scores"."score_product", "fit_scores"."score_business_model", "fit_scores"."score_financials", "fit_scores"."score_gtm", "fit_scores"."score_risks") <= 10);--> statement-breakpoint
ALTER TABLE "scoring_runs" ADD CONSTRAINT "scoring_runs_owner_check" CHECK (num_nonnulls("scoring_runs"."user_id") = 1);--> statement-breakpoint
ALTER TABLE "fund_members" ADD CONSTRAINT "fund_members_role_check" CHECK ("fund_members"."role" in ('admin', 'member'));
CREATE TABLE "deal_status_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deal_id" uuid NOT NULL,
	"user_id" uuid,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fund_id" uuid NOT NULL,
	"startup_name" text NOT NULL,
	"sector" text DEFAULT '' NOT NULL,
	"stage" text DEFAULT '' NOT NULL,
	"geography" text DEFAULT '' NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"contact_email" text DEFAULT '' NOT NULL,
	"one_liner" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"owner_user_id" uuid,
	"reviewed_at" timestamp with time zone,
	"score_id" uuid,
	"fit_score" integer,
	"confidence" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"fit_sector" boolean DEFAULT false NOT NULL,
	"fit_stage" boolean DEFAULT false NOT NULL,
	"fit_geography" boolean DEFAULT false NOT NULL,
	"fit_ticket" boolean,
	"scored_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deals_fit_score_check" CHECK ("deals"."fit_score" is null or "deals"."fit_score" between 0 and 100),
	CONSTRAINT "deals_status_check" CHECK ("deals"."status" in ('new', 'hot', 'track', 'cold'))
);
--> statement-breakpoint
ALTER TABLE "decks" DROP CONSTRAINT "decks_owner_check";--> statement-breakpoint
ALTER TABLE "fit_scores" DROP CONSTRAINT "fit_scores_owner_check";--> statement-breakpoint
ALTER TABLE "scoring_runs" DROP CONSTRAINT "scoring_runs_owner_check";--> statement-breakpoint
ALTER TABLE "decks" ADD COLUMN "deal_id" uuid;--> statement-breakpoint
ALTER TABLE "fit_scores" ADD COLUMN "deal_id" uuid;--> statement-breakpoint
ALTER TABLE "scoring_runs" ADD COLUMN "deal_id" uuid;--> statement-breakpoint
ALTER TABLE "funds" ADD COLUMN "slug" text DEFAULT substr(md5(gen_random_uuid()::text), 1, 12) NOT NULL;--> statement-breakpoint
ALTER TABLE "funds" ADD COLUMN "plan" text DEFAULT 'trial' NOT NULL;--> statement-breakpoint
ALTER TABLE "funds" ADD COLUMN "trial_scores_used" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deal_status_history" ADD CONSTRAINT "deal_status_history_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_status_history" ADD CONSTRAINT "deal_status_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deal_status_history_deal_idx" ON "deal_status_history" USING btree ("deal_id","created_at");--> statement-breakpoint
CREATE INDEX "deals_fund_created_idx" ON "deals" USING btree ("fund_id","created_at","id");--> statement-breakpoint
CREATE INDEX "deals_fund_score_idx" ON "deals" USING btree ("fund_id",coalesce("fit_score", -1),"id");--> statement-breakpoint
CREATE INDEX "deals_fund_name_idx" ON "deals" USING btree ("fund_id",lower("startup_name"),"id");--> statement-breakpoint
CREATE INDEX "deals_fund_status_created_idx" ON "deals" USING btree ("fund_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "deals_fund_scored_idx" ON "deals" USING btree ("fund_id","scored_at");--> statement-breakpoint
ALTER TABLE "decks" ADD CONSTRAINT "decks_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fit_scores" ADD CONSTRAINT "fit_scores_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scoring_runs" ADD CONSTRAINT "scoring_runs_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "decks_deal_version_idx" ON "decks" USING btree ("deal_id","version");--> statement-breakpoint
CREATE INDEX "fit_scores_deal_created_idx" ON "fit_scores" USING btree ("deal_id","created_at");--> statement-breakpoint
CREATE INDEX "scoring_runs_deal_created_idx" ON "scoring_runs" USING btree ("deal_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "scoring_runs_deal_one_active_idx" ON "scoring_runs" USING btree ("deal_id") WHERE "scoring_runs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "funds_slug_idx" ON "funds" USING btree ("slug");--> statement-breakpoint
ALTER TABLE "decks" ADD CONSTRAINT "decks_owner_check" CHECK (num_nonnulls("decks"."user_id", "decks"."deal_id") = 1);--> statement-breakpoint
ALTER TABLE "fit_scores" ADD CONSTRAINT "fit_scores_owner_check" CHECK (num_nonnulls("fit_scores"."user_id", "fit_scores"."deal_id") = 1);--> statement-breakpoint
ALTER TABLE "scoring_runs" ADD CONSTRAINT "scoring_runs_owner_check" CHECK (num_nonnulls("scoring_runs"."user_id", "scoring_runs"."deal_id") = 1);
CREATE TABLE "fund_stages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fund_id" uuid NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"triage" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fund_stages_triage_check" CHECK ("fund_stages"."triage" in ('new', 'hot', 'track', 'cold'))
);
--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "pipeline_stage_id" uuid;--> statement-breakpoint
ALTER TABLE "fund_stages" ADD CONSTRAINT "fund_stages_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fund_stages_fund_position_idx" ON "fund_stages" USING btree ("fund_id","position");--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_pipeline_stage_id_fund_stages_id_fk" FOREIGN KEY ("pipeline_stage_id") REFERENCES "public"."fund_stages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deals_fund_pipeline_stage_idx" ON "deals" USING btree ("fund_id","pipeline_stage_id","status","created_at","id");
CREATE TABLE "deal_import_rows" (
	"import_id" uuid NOT NULL,
	"row" integer NOT NULL,
	"company" text NOT NULL,
	"outcome" text NOT NULL,
	"deal_id" uuid,
	"reason" text DEFAULT '' NOT NULL,
	"deck_url" text,
	"deck_result" text,
	CONSTRAINT "deal_import_rows_import_id_row_pk" PRIMARY KEY("import_id","row"),
	CONSTRAINT "deal_import_rows_outcome_check" CHECK ("deal_import_rows"."outcome" in ('imported', 'merged', 'refused'))
);
--> statement-breakpoint
CREATE TABLE "deal_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fund_id" uuid NOT NULL,
	"user_id" uuid,
	"filename" text NOT NULL,
	"blob_key" text NOT NULL,
	"status" text DEFAULT 'mapping' NOT NULL,
	"columns" jsonb NOT NULL,
	"day_first" jsonb NOT NULL,
	"sample" jsonb NOT NULL,
	"mapping" jsonb NOT NULL,
	"total_rows" integer NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"merged" integer DEFAULT 0 NOT NULL,
	"refused" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "deal_imports_status_check" CHECK ("deal_imports"."status" in ('mapping', 'queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "deal_import_rows" ADD CONSTRAINT "deal_import_rows_import_id_deal_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."deal_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_import_rows" ADD CONSTRAINT "deal_import_rows_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_imports" ADD CONSTRAINT "deal_imports_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_imports" ADD CONSTRAINT "deal_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deal_imports_fund_created_idx" ON "deal_imports" USING btree ("fund_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "deal_imports_one_running_idx" ON "deal_imports" USING btree ("fund_id") WHERE "deal_imports"."status" in ('queued', 'running');
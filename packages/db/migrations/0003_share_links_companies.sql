CREATE TABLE "share_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token" text NOT NULL,
	"score_id" uuid NOT NULL,
	"snapshot" jsonb NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"last_viewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"sector" text NOT NULL,
	"stage" text NOT NULL,
	"business_model" text,
	"description" text DEFAULT '' NOT NULL,
	"last_round" text NOT NULL,
	"amount" bigint,
	"currency" text DEFAULT 'USD' NOT NULL,
	"investors" text[] DEFAULT '{}'::text[] NOT NULL,
	"link" text,
	"raised_at" date,
	"source" text NOT NULL,
	"founder_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_source_check" CHECK ("companies"."source" in ('import', 'platform', 'sample')),
	CONSTRAINT "companies_platform_founder_check" CHECK (("companies"."source" = 'platform') = ("companies"."founder_user_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_score_id_fit_scores_id_fk" FOREIGN KEY ("score_id") REFERENCES "public"."fit_scores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_founder_user_id_users_id_fk" FOREIGN KEY ("founder_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "share_links_token_idx" ON "share_links" USING btree ("token");--> statement-breakpoint
CREATE INDEX "share_links_user_created_idx" ON "share_links" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "companies_name_source_idx" ON "companies" USING btree (lower("name"),"source");--> statement-breakpoint
CREATE UNIQUE INDEX "companies_founder_idx" ON "companies" USING btree ("founder_user_id") WHERE "companies"."founder_user_id" is not null;--> statement-breakpoint
CREATE INDEX "companies_sector_stage_idx" ON "companies" USING btree ("sector","stage");
CREATE TABLE "fund_branding" (
	"fund_id" uuid PRIMARY KEY NOT NULL,
	"display_name" text DEFAULT '' NOT NULL,
	"primary_color" text DEFAULT '' NOT NULL,
	"logo_key" text,
	"logo_type" text,
	"hide_powered_by" boolean DEFAULT false NOT NULL,
	"custom_host" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "fund_branding" ADD CONSTRAINT "fund_branding_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_branding" ADD CONSTRAINT "fund_branding_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fund_branding_host_idx" ON "fund_branding" USING btree ("custom_host");
CREATE TABLE "fund_outreach_settings" (
	"fund_id" uuid PRIMARY KEY NOT NULL,
	"show_under_review" boolean DEFAULT true NOT NULL,
	"updated_by_user_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fund_outreach_settings" ADD CONSTRAINT "fund_outreach_settings_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_outreach_settings" ADD CONSTRAINT "fund_outreach_settings_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "intake_items_sender_idx" ON "intake_items" USING btree (lower(trim("sender"))) WHERE "intake_items"."deal_id" is not null;
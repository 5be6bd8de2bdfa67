CREATE TABLE "applicant_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fund_id" uuid NOT NULL,
	"deal_id" uuid NOT NULL,
	"intake_item_id" uuid,
	"kind" text NOT NULL,
	"to_address" text NOT NULL,
	"reference" text,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"state" text DEFAULT 'scheduled' NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "applicant_reply_templates" (
	"fund_id" uuid PRIMARY KEY NOT NULL,
	"receipt_subject" text NOT NULL,
	"receipt_body" text NOT NULL,
	"decline_subject" text NOT NULL,
	"decline_body" text NOT NULL,
	"delay_minutes" integer DEFAULT 0 NOT NULL,
	"updated_by_user_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applicant_reply_templates_delay" CHECK ("applicant_reply_templates"."delay_minutes" between 0 and 10080)
);
--> statement-breakpoint
ALTER TABLE "applicant_replies" ADD CONSTRAINT "applicant_replies_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_replies" ADD CONSTRAINT "applicant_replies_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_replies" ADD CONSTRAINT "applicant_replies_intake_item_id_intake_items_id_fk" FOREIGN KEY ("intake_item_id") REFERENCES "public"."intake_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_reply_templates" ADD CONSTRAINT "applicant_reply_templates_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_reply_templates" ADD CONSTRAINT "applicant_reply_templates_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "applicant_replies_receipt_once" ON "applicant_replies" USING btree ("intake_item_id") WHERE "applicant_replies"."kind" = 'receipt';--> statement-breakpoint
CREATE UNIQUE INDEX "applicant_replies_decline_once" ON "applicant_replies" USING btree ("deal_id","to_address") WHERE "applicant_replies"."kind" = 'decline';--> statement-breakpoint
CREATE INDEX "applicant_replies_deal" ON "applicant_replies" USING btree ("deal_id");
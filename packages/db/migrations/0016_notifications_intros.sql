CREATE TABLE "deal_declines" (
	"deal_id" uuid PRIMARY KEY NOT NULL,
	"reasons" text[] NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "intros" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"founder_user_id" uuid NOT NULL,
	"fund_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"question" text,
	"answer" text,
	"decided_by_user_id" uuid,
	"decided_at" timestamp with time zone,
	"deal_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "intros_status_check" CHECK ("intros"."status" in ('pending', 'moreinfo', 'answered', 'accepted', 'dismissed', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"fund_id" uuid NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"reason" text[] DEFAULT '{}'::text[] NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"deal_id" uuid,
	"intro_id" uuid,
	"unread" boolean DEFAULT true NOT NULL,
	"action" text,
	"acted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('match', 'warmintro', 'mention', 'assigned'))
);
--> statement-breakpoint
ALTER TABLE "fund_integrations" DROP CONSTRAINT "fund_integrations_threshold_check";--> statement-breakpoint
ALTER TABLE "funds" ADD COLUMN "alert_threshold" smallint DEFAULT 70 NOT NULL;--> statement-breakpoint
ALTER TABLE "deal_declines" ADD CONSTRAINT "deal_declines_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_declines" ADD CONSTRAINT "deal_declines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intros" ADD CONSTRAINT "intros_founder_user_id_users_id_fk" FOREIGN KEY ("founder_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intros" ADD CONSTRAINT "intros_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intros" ADD CONSTRAINT "intros_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intros" ADD CONSTRAINT "intros_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_intro_id_intros_id_fk" FOREIGN KEY ("intro_id") REFERENCES "public"."intros"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "intros_founder_fund_created_idx" ON "intros" USING btree ("founder_user_id","fund_id","created_at");--> statement-breakpoint
CREATE INDEX "intros_deal_idx" ON "intros" USING btree ("deal_id");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."unread";--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_match_once_idx" ON "notifications" USING btree ("user_id","deal_id") WHERE "notifications"."type" = 'match';--> statement-breakpoint
CREATE INDEX "notifications_intro_idx" ON "notifications" USING btree ("intro_id");--> statement-breakpoint
-- Hand-written: one alert threshold per fund (funds.alert_threshold); a threshold saved with the Slack/Teams settings moves there.
UPDATE "funds" SET "alert_threshold" = fi."alert_threshold" FROM "fund_integrations" fi WHERE fi."fund_id" = "funds"."id";--> statement-breakpoint
ALTER TABLE "fund_integrations" DROP COLUMN "alert_threshold";
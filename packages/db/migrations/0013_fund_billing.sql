CREATE TABLE "fund_subscriptions" (
	"fund_id" uuid PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"current_period_start" timestamp with time zone DEFAULT now() NOT NULL,
	"current_period_end" timestamp with time zone,
	"renews_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"provider" text DEFAULT 'local' NOT NULL,
	"provider_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fund_subscriptions_status_check" CHECK ("fund_subscriptions"."status" in ('active', 'past_due', 'canceled'))
);
--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "fund_id" uuid;--> statement-breakpoint
ALTER TABLE "fund_subscriptions" ADD CONSTRAINT "fund_subscriptions_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_fund_created_idx" ON "invoices" USING btree ("fund_id","created_at");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_owner_check" CHECK (num_nonnulls("invoices"."user_id", "invoices"."fund_id") = 1);
CREATE TABLE "fund_members" (
	"fund_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fund_members_fund_id_user_id_pk" PRIMARY KEY("fund_id","user_id"),
	CONSTRAINT "fund_members_role_check" CHECK ("fund_members"."role" in ('owner', 'member'))
);
--> statement-breakpoint
CREATE TABLE "funds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fund_name" text DEFAULT '' NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"sectors" text[] DEFAULT '{}'::text[] NOT NULL,
	"stages" text[] DEFAULT '{}'::text[] NOT NULL,
	"geography" text[] DEFAULT '{}'::text[] NOT NULL,
	"ticket_size_min" bigint,
	"ticket_size_max" bigint,
	"weight_team" smallint DEFAULT 5 NOT NULL,
	"weight_market" smallint DEFAULT 5 NOT NULL,
	"weight_problem_solution" smallint DEFAULT 5 NOT NULL,
	"weight_traction" smallint DEFAULT 8 NOT NULL,
	"weight_product" smallint DEFAULT 6 NOT NULL,
	"weight_business_model" smallint DEFAULT 6 NOT NULL,
	"weight_financials" smallint DEFAULT 8 NOT NULL,
	"weight_gtm" smallint DEFAULT 6 NOT NULL,
	"weight_risks" smallint DEFAULT 6 NOT NULL,
	"online_form_enabled" boolean DEFAULT true NOT NULL,
	"email_forwarding_enabled" boolean DEFAULT false NOT NULL,
	"fund_step_completed_at" timestamp with time zone,
	"weights_step_completed_at" timestamp with time zone,
	"intake_step_completed_at" timestamp with time zone,
	"onboarding_completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "funds_ticket_min_check" CHECK ("funds"."ticket_size_min" is null or "funds"."ticket_size_min" >= 0),
	CONSTRAINT "funds_ticket_max_check" CHECK ("funds"."ticket_size_max" is null or "funds"."ticket_size_max" >= 0),
	CONSTRAINT "funds_ticket_range_check" CHECK ("funds"."ticket_size_min" is null or "funds"."ticket_size_max" is null or "funds"."ticket_size_min" <= "funds"."ticket_size_max"),
	CONSTRAINT "funds_weights_check" CHECK (least("funds"."weight_team", "funds"."weight_market", "funds"."weight_problem_solution", "funds"."weight_traction", "funds"."weight_product", "funds"."weight_business_model", "funds"."weight_financials", "funds"."weight_gtm", "funds"."weight_risks") >= 1 and greatest("funds"."weight_team", "funds"."weight_market", "funds"."weight_problem_solution", "funds"."weight_traction", "funds"."weight_product", "funds"."weight_business_model", "funds"."weight_financials", "funds"."weight_gtm", "funds"."weight_risks") <= 10)
);
--> statement-breakpoint
ALTER TABLE "fund_members" ADD CONSTRAINT "fund_members_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_members" ADD CONSTRAINT "fund_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fund_members_user_idx" ON "fund_members" USING btree ("user_id");
CREATE TABLE "blind_look_settings" (
	"fund_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blind_look_stages" (
	"fund_id" uuid NOT NULL,
	"stage_id" uuid NOT NULL,
	CONSTRAINT "blind_look_stages_fund_id_stage_id_pk" PRIMARY KEY("fund_id","stage_id")
);
--> statement-breakpoint
CREATE TABLE "deal_votes" (
	"deal_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"vote" text NOT NULL,
	"voted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deal_votes_deal_id_user_id_pk" PRIMARY KEY("deal_id","user_id"),
	CONSTRAINT "deal_votes_vote_check" CHECK ("deal_votes"."vote" in ('hot', 'track', 'cold'))
);
--> statement-breakpoint
ALTER TABLE "blind_look_settings" ADD CONSTRAINT "blind_look_settings_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blind_look_stages" ADD CONSTRAINT "blind_look_stages_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blind_look_stages" ADD CONSTRAINT "blind_look_stages_stage_id_fund_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."fund_stages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_votes" ADD CONSTRAINT "deal_votes_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_votes" ADD CONSTRAINT "deal_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deal_votes_user_idx" ON "deal_votes" USING btree ("user_id");
CREATE TABLE "deal_sources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deal_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"intake_item_id" uuid,
	"note" text DEFAULT '' NOT NULL,
	"deck_link" text
);
--> statement-breakpoint
CREATE TABLE "intake_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fund_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"format" text NOT NULL,
	"reference" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"outcome" text DEFAULT 'received' NOT NULL,
	"reason" text,
	"sender" text,
	"sender_ip" text,
	"company_name" text,
	"fields" jsonb,
	"payload_key" text,
	"external_id" text,
	"deal_id" uuid,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "intake_settings" (
	"fund_id" uuid PRIMARY KEY NOT NULL,
	"email_token" text NOT NULL,
	"webhook_secret_sealed" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deal_sources" ADD CONSTRAINT "deal_sources_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_sources" ADD CONSTRAINT "deal_sources_intake_item_id_intake_items_id_fk" FOREIGN KEY ("intake_item_id") REFERENCES "public"."intake_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_items" ADD CONSTRAINT "intake_items_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_items" ADD CONSTRAINT "intake_items_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_settings" ADD CONSTRAINT "intake_settings_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deal_sources_deal_idx" ON "deal_sources" USING btree ("deal_id","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "deal_sources_item_idx" ON "deal_sources" USING btree ("intake_item_id");--> statement-breakpoint
CREATE INDEX "intake_items_fund_received_idx" ON "intake_items" USING btree ("fund_id","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "intake_items_external_idx" ON "intake_items" USING btree ("fund_id","channel","external_id") WHERE "intake_items"."external_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "intake_items_reference_idx" ON "intake_items" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "intake_settings_email_token_idx" ON "intake_settings" USING btree ("email_token");
CREATE TABLE "billing_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Every stored invoice was issued by us, marked paid, with no payment behind it (ADR 0048): none is kept.
DROP TABLE "invoices" CASCADE;--> statement-breakpoint
ALTER TABLE "fund_subscriptions" ALTER COLUMN "provider" SET DEFAULT 'operator';--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "provider" SET DEFAULT 'operator';--> statement-breakpoint
ALTER TABLE "fund_subscriptions" ADD COLUMN "provider_customer" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "provider_customer" text;--> statement-breakpoint
CREATE INDEX "billing_events_received_idx" ON "billing_events" USING btree ("received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fund_subscriptions_provider_customer_idx" ON "fund_subscriptions" USING btree ("provider_customer");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_provider_customer_idx" ON "subscriptions" USING btree ("provider_customer");--> statement-breakpoint
DROP SEQUENCE "public"."invoice_number_seq";--> statement-breakpoint
-- Plans set without a payment (the old upgrade button) become operator-set plans: kept, but nothing renews or is billed.
UPDATE "subscriptions" SET "provider" = 'operator', "current_period_end" = NULL, "renews_at" = NULL WHERE "provider" <> 'stripe';--> statement-breakpoint
UPDATE "fund_subscriptions" SET "provider" = 'operator', "current_period_end" = NULL, "renews_at" = NULL WHERE "provider" <> 'stripe';

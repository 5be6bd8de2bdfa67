CREATE TABLE "server_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"audience_kind" text NOT NULL,
	"audience_id" text NOT NULL,
	"type" text NOT NULL,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "server_events_audience_kind_check" CHECK ("server_events"."audience_kind" in ('user', 'fund'))
);
--> statement-breakpoint
CREATE INDEX "server_events_audience_idx" ON "server_events" USING btree ("audience_kind","audience_id","id");--> statement-breakpoint
CREATE INDEX "server_events_created_idx" ON "server_events" USING btree ("created_at");
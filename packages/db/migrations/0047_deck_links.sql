CREATE TABLE "deck_link_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"link_id" uuid NOT NULL,
	"viewer_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "deck_link_page_times" (
	"viewer_id" uuid NOT NULL,
	"page" integer NOT NULL,
	"visible_ms" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deck_link_page_times_viewer_id_page_pk" PRIMARY KEY("viewer_id","page"),
	CONSTRAINT "deck_link_page_times_page_check" CHECK ("deck_link_page_times"."page" >= 1)
);
--> statement-breakpoint
CREATE TABLE "deck_link_viewers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"link_id" uuid NOT NULL,
	"session_hash" text NOT NULL,
	"email" text,
	"user_agent" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opened_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"total_ms" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deck_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"deck_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"recipient_name" text DEFAULT '' NOT NULL,
	"recipient_email" text,
	"email_required" boolean DEFAULT false NOT NULL,
	"passcode_hash" text,
	"allow_download" boolean DEFAULT false NOT NULL,
	"page_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"first_opened_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "deck_link_alerts" ADD CONSTRAINT "deck_link_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deck_link_alerts" ADD CONSTRAINT "deck_link_alerts_link_id_deck_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."deck_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deck_link_alerts" ADD CONSTRAINT "deck_link_alerts_viewer_id_deck_link_viewers_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."deck_link_viewers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deck_link_page_times" ADD CONSTRAINT "deck_link_page_times_viewer_id_deck_link_viewers_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."deck_link_viewers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deck_link_viewers" ADD CONSTRAINT "deck_link_viewers_link_id_deck_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."deck_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deck_links" ADD CONSTRAINT "deck_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deck_links" ADD CONSTRAINT "deck_links_deck_id_decks_id_fk" FOREIGN KEY ("deck_id") REFERENCES "public"."decks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deck_link_alerts_link_idx" ON "deck_link_alerts" USING btree ("link_id");--> statement-breakpoint
CREATE INDEX "deck_link_alerts_user_idx" ON "deck_link_alerts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "deck_link_viewers_session_idx" ON "deck_link_viewers" USING btree ("session_hash");--> statement-breakpoint
CREATE INDEX "deck_link_viewers_link_idx" ON "deck_link_viewers" USING btree ("link_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "deck_links_token_idx" ON "deck_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "deck_links_user_created_idx" ON "deck_links" USING btree ("user_id","created_at");
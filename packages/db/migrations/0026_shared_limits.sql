-- Shared rate limits and the attempts log (ADR 0043): every API host counts against the same limits.
CREATE TABLE "rate_limit_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"limiter" text NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"at" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_limit_attempts_kind_check" CHECK ("rate_limit_attempts"."kind" in ('attempt', 'clear'))
);
--> statement-breakpoint
CREATE TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_attempts_expires_idx" ON "rate_limit_attempts" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "rate_limit_counters_reset_idx" ON "rate_limit_counters" USING btree ("reset_at");
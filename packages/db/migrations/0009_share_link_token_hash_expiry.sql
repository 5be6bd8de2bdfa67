ALTER TABLE "share_links" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
-- Links are now looked up by the SHA-256 (hex) of their token: hash the tokens of existing links
-- so they keep opening. A stored token is 43 base64url characters; a hash is 64 hex ones.
UPDATE "share_links" SET "token" = encode(sha256(convert_to("token", 'UTF8')), 'hex') WHERE length("token") <> 64;

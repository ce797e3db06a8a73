ALTER TABLE "users" ADD COLUMN "origin" text DEFAULT 'portal' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sessions_revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_origin_check" CHECK ("users"."origin" in ('portal', 'config', 'demo', 'signup'));--> statement-breakpoint
-- Earlier versions created a 'user' profile for anyone who called the API after a self sign-up;
-- a profile the portal created has its 'user.create' audit row. The rest are sign-ups.
UPDATE "users" SET "origin" = 'signup'
WHERE "role" = 'user'
  AND NOT EXISTS (SELECT 1 FROM "audit_log" a WHERE a."action" = 'user.create' AND a."target_id" = "users"."id"::text);

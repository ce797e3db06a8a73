CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"scopes" text[] NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_by_uid" text NOT NULL,
	"created_by_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "config_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "config_version_single_row" CHECK ("config_version"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "session_event_seqs" (
	"session_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	CONSTRAINT "session_event_seqs_session_id_seq_pk" PRIMARY KEY("session_id","seq")
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "config_version" bigint;--> statement-breakpoint
ALTER TABLE "session_event_seqs" ADD CONSTRAINT "session_event_seqs_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_key_hash_idx" ON "api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "api_keys_created_at_idx" ON "api_keys" USING btree ("created_at");--> statement-breakpoint
-- The one version row: the configuration as it stands when this migration runs is version 1.
INSERT INTO "config_version" ("id", "version", "updated_at") VALUES (1, 1, now()) ON CONFLICT ("id") DO NOTHING;

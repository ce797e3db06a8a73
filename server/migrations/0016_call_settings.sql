CREATE TABLE "call_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"abandon_after_minutes" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "call_settings_single_row" CHECK ("call_settings"."id" = 1)
);

CREATE TABLE "match_calibrations" (
	"model" text PRIMARY KEY NOT NULL,
	"calibrated_threshold" real,
	"admin_threshold" real,
	"margin" real NOT NULL,
	"calibrated_at" timestamp with time zone,
	"texts" integer DEFAULT 0 NOT NULL,
	"items" integer DEFAULT 0 NOT NULL,
	"sample" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);

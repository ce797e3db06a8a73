CREATE TABLE "target_bands" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"bands" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "target_bands_single_row" CHECK ("target_bands"."id" = 1)
);

ALTER TABLE "match_calibrations" ADD COLUMN "landmine_calibrated_threshold" real;--> statement-breakpoint
ALTER TABLE "match_calibrations" ADD COLUMN "landmine_admin_threshold" real;--> statement-breakpoint
ALTER TABLE "match_calibrations" ADD COLUMN "landmine_calibrated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "match_calibrations" ADD COLUMN "landmine_texts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "match_calibrations" ADD COLUMN "landmine_sample" jsonb;
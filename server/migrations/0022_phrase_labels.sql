CREATE TABLE "phrase_label_vectors" (
	"label_id" uuid NOT NULL,
	"model" text NOT NULL,
	"vector" real[] NOT NULL,
	CONSTRAINT "phrase_label_vectors_once" UNIQUE("label_id","model")
);
--> statement-breakpoint
CREATE TABLE "phrase_labels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"call_row_id" uuid NOT NULL,
	"session_id" text NOT NULL,
	"text" text NOT NULL,
	"speaker" text NOT NULL,
	"kind" text NOT NULL,
	"item_type" text,
	"item_id" text,
	"item_name" text,
	"created_by" text NOT NULL,
	CONSTRAINT "phrase_labels_once" UNIQUE NULLS NOT DISTINCT("call_row_id","speaker","text","kind","item_id")
);
--> statement-breakpoint
ALTER TABLE "match_calibrations" ADD COLUMN "label_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "match_calibrations" ADD COLUMN "label_calls" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "match_calibrations" ADD COLUMN "label_sample" jsonb;--> statement-breakpoint
ALTER TABLE "match_calibrations" ADD COLUMN "landmine_label_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "match_calibrations" ADD COLUMN "landmine_label_calls" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "match_calibrations" ADD COLUMN "landmine_label_sample" jsonb;--> statement-breakpoint
ALTER TABLE "phrase_label_vectors" ADD CONSTRAINT "phrase_label_vectors_label_id_phrase_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."phrase_labels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phrase_labels" ADD CONSTRAINT "phrase_labels_call_row_id_sessions_id_fk" FOREIGN KEY ("call_row_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "phrase_labels_call_idx" ON "phrase_labels" USING btree ("call_row_id");
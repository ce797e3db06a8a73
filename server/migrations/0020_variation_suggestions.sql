CREATE TABLE "variation_suggestion_scans" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"model" text NOT NULL,
	"scanned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "variation_suggestions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"item_id" uuid NOT NULL,
	"runner_up_id" uuid,
	"text" text NOT NULL,
	"score" real NOT NULL,
	"reason" text NOT NULL,
	"model" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "variation_suggestions_utterance_key" UNIQUE("session_id","seq"),
	CONSTRAINT "variation_suggestions_reason_check" CHECK ("variation_suggestions"."reason" in ('belowThreshold', 'tooClose'))
);
--> statement-breakpoint
ALTER TABLE "variation_suggestion_scans" ADD CONSTRAINT "variation_suggestion_scans_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variation_suggestions" ADD CONSTRAINT "variation_suggestions_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variation_suggestions" ADD CONSTRAINT "variation_suggestions_item_id_dictionary_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."dictionary_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variation_suggestions" ADD CONSTRAINT "variation_suggestions_runner_up_id_dictionary_items_id_fk" FOREIGN KEY ("runner_up_id") REFERENCES "public"."dictionary_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "variation_suggestions_item_idx" ON "variation_suggestions" USING btree ("item_id","score" DESC NULLS LAST);
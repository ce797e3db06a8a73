CREATE TABLE "dictionary_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"category" text NOT NULL,
	"is_original" boolean DEFAULT true NOT NULL,
	"parent_id" uuid,
	"needs_embedding" boolean DEFAULT true NOT NULL,
	"embedding" real[],
	"embedding_model" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dictionary_items_kind_check" CHECK ("dictionary_items"."kind" in ('objection', 'faq')),
	CONSTRAINT "dictionary_items_parent_check" CHECK (("dictionary_items"."is_original" and "dictionary_items"."parent_id" is null) or (not "dictionary_items"."is_original" and "dictionary_items"."parent_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "landmines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trigger" text NOT NULL,
	"trigger_variations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"category" text NOT NULL,
	"priority" text DEFAULT 'medium' NOT NULL,
	"can_say" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cannot_say" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"quick_tips" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "landmines_priority_check" CHECK ("landmines"."priority" in ('high', 'medium', 'low'))
);
--> statement-breakpoint
ALTER TABLE "dictionary_items" ADD CONSTRAINT "dictionary_items_parent_id_dictionary_items_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."dictionary_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dictionary_items_grouped_idx" ON "dictionary_items" USING btree ("kind","is_original","created_at");--> statement-breakpoint
CREATE INDEX "dictionary_items_parent_idx" ON "dictionary_items" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "dictionary_items_pending_idx" ON "dictionary_items" USING btree ("updated_at") WHERE "dictionary_items"."needs_embedding";--> statement-breakpoint
CREATE INDEX "landmines_created_at_idx" ON "landmines" USING btree ("created_at");
CREATE TABLE "insight_inquiry_added" (
	"group_id" uuid PRIMARY KEY NOT NULL,
	"added_as" text NOT NULL,
	"item_type" text NOT NULL,
	"question" text NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insight_inquiry_added_faq_check" CHECK ("insight_inquiry_added"."added_as" = 'variation' or "insight_inquiry_added"."item_type" = 'faq')
);

CREATE TABLE "session_analyses" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"dominant_emotion" text NOT NULL,
	"session_confidence" real NOT NULL,
	"sentiment_total" integer NOT NULL,
	"average_confidence" real NOT NULL,
	"emotion_distribution" jsonb NOT NULL,
	"total_alerts" integer NOT NULL,
	"average_words_per_minute" real NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_detections" (
	"session_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"kind" text NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"category" text NOT NULL,
	"relevance_score" real NOT NULL,
	"question" text NOT NULL,
	"answer" text,
	CONSTRAINT "session_detections_session_id_seq_pk" PRIMARY KEY("session_id","seq"),
	CONSTRAINT "session_detections_kind_check" CHECK ("session_detections"."kind" in ('objection', 'faq', 'new_inquiry'))
);
--> statement-breakpoint
CREATE TABLE "session_sentiment_entries" (
	"session_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"speaker" text NOT NULL,
	"dominant_emotion" text NOT NULL,
	"confidence" real NOT NULL,
	"transcript" text NOT NULL,
	CONSTRAINT "session_sentiment_entries_session_id_seq_pk" PRIMARY KEY("session_id","seq")
);
--> statement-breakpoint
CREATE TABLE "session_speech_alerts" (
	"session_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"words_per_minute" real NOT NULL,
	"total_words" integer NOT NULL,
	"time_window" integer NOT NULL,
	"max_words" integer NOT NULL,
	CONSTRAINT "session_speech_alerts_session_id_seq_pk" PRIMARY KEY("session_id","seq")
);
--> statement-breakpoint
CREATE TABLE "session_transcripts" (
	"session_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"speaker" text NOT NULL,
	"text" text NOT NULL,
	CONSTRAINT "session_transcripts_session_id_seq_pk" PRIMARY KEY("session_id","seq")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" text NOT NULL,
	"session_name" text NOT NULL,
	"user_email" text NOT NULL,
	"room_name" text,
	"start_time" timestamp with time zone NOT NULL,
	"duration" integer NOT NULL,
	"status" text NOT NULL,
	"total_transcripts" integer DEFAULT 0 NOT NULL,
	"customer_transcripts" integer DEFAULT 0 NOT NULL,
	"salesperson_transcripts" integer DEFAULT 0 NOT NULL,
	"total_objections" integer DEFAULT 0 NOT NULL,
	"total_faqs" integer DEFAULT 0 NOT NULL,
	"total_new_inquiries" integer DEFAULT 0 NOT NULL,
	"response_rate" real DEFAULT 0 NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower("sessions"."session_name" || ' ' || "sessions"."user_email" || ' ' || coalesce("sessions"."room_name", '') || ' ' || "sessions"."session_id")) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_session_id_unique" UNIQUE("session_id"),
	CONSTRAINT "sessions_status_check" CHECK ("sessions"."status" in ('completed', 'in_progress', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "session_analyses" ADD CONSTRAINT "session_analyses_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_detections" ADD CONSTRAINT "session_detections_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_sentiment_entries" ADD CONSTRAINT "session_sentiment_entries_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_speech_alerts" ADD CONSTRAINT "session_speech_alerts_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_transcripts" ADD CONSTRAINT "session_transcripts_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_start_time_idx" ON "sessions" USING btree ("start_time" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sessions_status_start_time_idx" ON "sessions" USING btree ("status","start_time" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sessions_search_trgm_idx" ON "sessions" USING gin ("search_text" gin_trgm_ops);
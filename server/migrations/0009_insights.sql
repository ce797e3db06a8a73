CREATE TABLE "session_landmine_hits" (
	"session_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"landmine_id" text,
	"trigger" text NOT NULL,
	"speaker" text NOT NULL,
	"landmine_key" text,
	CONSTRAINT "session_landmine_hits_session_id_seq_pk" PRIMARY KEY("session_id","seq")
);
--> statement-breakpoint
CREATE TABLE "insight_answer_effects" (
	"rep" text NOT NULL,
	"status" text NOT NULL,
	"grain" text NOT NULL,
	"day" date NOT NULL,
	"item_key" text NOT NULL,
	"answer_key" text NOT NULL,
	"cases" integer DEFAULT 0 NOT NULL,
	"sum" real DEFAULT 0 NOT NULL,
	"sum_squares" real DEFAULT 0 NOT NULL,
	CONSTRAINT "insight_answer_effects_rep_status_grain_day_item_key_answer_key_pk" PRIMARY KEY("rep","status","grain","day","item_key","answer_key")
);
--> statement-breakpoint
CREATE TABLE "insight_counts" (
	"metric" text NOT NULL,
	"rep" text NOT NULL,
	"status" text NOT NULL,
	"grain" text NOT NULL,
	"day" date NOT NULL,
	"key" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "insight_counts_metric_rep_status_grain_day_key_pk" PRIMARY KEY("metric","rep","status","grain","day","key"),
	CONSTRAINT "insight_counts_metric_check" CHECK ("insight_counts"."metric" in ('item', 'inquiry', 'inquiry_overlap', 'landmine'))
);
--> statement-breakpoint
CREATE TABLE "insight_inquiry_phrases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"normalized" text NOT NULL,
	"text" text NOT NULL,
	"embedding" real[],
	"embedding_model" text,
	"group_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insight_inquiry_phrases_normalized_unique" UNIQUE("normalized")
);
--> statement-breakpoint
CREATE TABLE "insight_labels" (
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"label" text NOT NULL,
	"item_kind" text,
	"category" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insight_labels_kind_key_pk" PRIMARY KEY("kind","key")
);
--> statement-breakpoint
CREATE TABLE "insight_rep_days" (
	"rep" text NOT NULL,
	"day" date NOT NULL,
	"status" text NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	"duration_ms" real DEFAULT 0 NOT NULL,
	"talk_ms" real DEFAULT 0 NOT NULL,
	"sales_talk_ms" real DEFAULT 0 NOT NULL,
	"longest_monologue_ms" real DEFAULT 0 NOT NULL,
	"questions" integer DEFAULT 0 NOT NULL,
	"alerts" integer DEFAULT 0 NOT NULL,
	"landmines" integer DEFAULT 0 NOT NULL,
	"sentiment_sum" real DEFAULT 0 NOT NULL,
	"sentiment_entries" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "insight_rep_days_rep_day_status_pk" PRIMARY KEY("rep","day","status")
);
--> statement-breakpoint
ALTER TABLE "session_detections" ADD COLUMN "item_id" text;--> statement-breakpoint
ALTER TABLE "session_detections" ADD COLUMN "item_key" text;--> statement-breakpoint
ALTER TABLE "session_landmine_hits" ADD CONSTRAINT "session_landmine_hits_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "session_landmine_hits_key_idx" ON "session_landmine_hits" USING btree ("landmine_key","session_id");--> statement-breakpoint
CREATE INDEX "insight_inquiry_phrases_pending_idx" ON "insight_inquiry_phrases" USING btree ("created_at") WHERE "insight_inquiry_phrases"."group_id" is null;--> statement-breakpoint
CREATE INDEX "insight_rep_days_day_idx" ON "insight_rep_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "session_detections_item_key_idx" ON "session_detections" USING btree ("item_key","session_id");--> statement-breakpoint
CREATE INDEX "sessions_rep_start_time_idx" ON "sessions" USING btree (lower("user_email"),"start_time" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- append_session_events (migration 0007) also stores a detection's item id and the landmine events.
DROP FUNCTION append_session_events(text, bigint, bigint, int[], int[], bigint[], text[], text[], int[], bigint[], text[], text[], real[], text[], text[], int[], bigint[], text[], text[], real[], text[], int[], bigint[], real[], int[], int[], int[]);--> statement-breakpoint
CREATE FUNCTION append_session_events(
	p_session_id text, p_min_ms bigint, p_max_ms bigint, p_seqs int[],
	t_seq int[], t_ms bigint[], t_speaker text[], t_text text[],
	d_seq int[], d_ms bigint[], d_kind text[], d_category text[], d_score real[], d_question text[], d_answer text[], d_item_id text[],
	e_seq int[], e_ms bigint[], e_speaker text[], e_emotion text[], e_confidence real[], e_transcript text[],
	a_seq int[], a_ms bigint[], a_wpm real[], a_total int[], a_window int[], a_max int[],
	l_seq int[], l_ms bigint[], l_landmine_id text[], l_trigger text[], l_speaker text[]
) RETURNS TABLE (status text, in_order boolean, accepted int) LANGUAGE plpgsql AS $fn$
BEGIN
	RETURN QUERY
	WITH s AS (SELECT x.id, x.status, x.start_time FROM sessions x WHERE x.session_id = p_session_id FOR UPDATE),
	ok AS (SELECT s.id, s.start_time FROM s WHERE s.status = 'in_progress' AND s.start_time <= timestamptz 'epoch' + p_min_ms * interval '1 millisecond'),
	fresh AS (
		INSERT INTO session_event_seqs (session_id, seq)
		SELECT ok.id, q.seq FROM ok, unnest(p_seqs) AS q(seq)
		ON CONFLICT DO NOTHING
		RETURNING session_event_seqs.seq
	),
	t AS (
		INSERT INTO session_transcripts (session_id, seq, ts, speaker, text)
		SELECT ok.id, r.seq, timestamptz 'epoch' + r.ms * interval '1 millisecond', r.speaker, r.text
		FROM ok, unnest(t_seq, t_ms, t_speaker, t_text) AS r(seq, ms, speaker, text)
		WHERE r.seq IN (SELECT fresh.seq FROM fresh)
		RETURNING session_transcripts.speaker
	),
	d AS (
		INSERT INTO session_detections (session_id, seq, ts, kind, category, relevance_score, question, answer, item_id)
		SELECT ok.id, r.seq, timestamptz 'epoch' + r.ms * interval '1 millisecond', r.kind, r.category, r.score, r.question, r.answer, r.item_id
		FROM ok, unnest(d_seq, d_ms, d_kind, d_category, d_score, d_question, d_answer, d_item_id) AS r(seq, ms, kind, category, score, question, answer, item_id)
		WHERE r.seq IN (SELECT fresh.seq FROM fresh)
		RETURNING session_detections.kind
	),
	e AS (
		INSERT INTO session_sentiment_entries (session_id, seq, ts, speaker, dominant_emotion, confidence, transcript)
		SELECT ok.id, r.seq, timestamptz 'epoch' + r.ms * interval '1 millisecond', r.speaker, r.emotion, r.confidence, r.transcript
		FROM ok, unnest(e_seq, e_ms, e_speaker, e_emotion, e_confidence, e_transcript) AS r(seq, ms, speaker, emotion, confidence, transcript)
		WHERE r.seq IN (SELECT fresh.seq FROM fresh)
		RETURNING 1
	),
	a AS (
		INSERT INTO session_speech_alerts (session_id, seq, ts, words_per_minute, total_words, time_window, max_words)
		SELECT ok.id, r.seq, timestamptz 'epoch' + r.ms * interval '1 millisecond', r.wpm, r.total, r.win, r.maxw
		FROM ok, unnest(a_seq, a_ms, a_wpm, a_total, a_window, a_max) AS r(seq, ms, wpm, total, win, maxw)
		WHERE r.seq IN (SELECT fresh.seq FROM fresh)
		RETURNING 1
	),
	l AS (
		INSERT INTO session_landmine_hits (session_id, seq, ts, landmine_id, trigger, speaker)
		SELECT ok.id, r.seq, timestamptz 'epoch' + r.ms * interval '1 millisecond', r.landmine_id, r.trigger, r.speaker
		FROM ok, unnest(l_seq, l_ms, l_landmine_id, l_trigger, l_speaker) AS r(seq, ms, landmine_id, trigger, speaker)
		WHERE r.seq IN (SELECT fresh.seq FROM fresh)
		RETURNING 1
	),
	u AS (
		UPDATE sessions SET
			total_transcripts = sessions.total_transcripts + (SELECT count(*) FROM t),
			customer_transcripts = sessions.customer_transcripts + (SELECT count(*) FROM t WHERE t.speaker = 'customer'),
			salesperson_transcripts = sessions.salesperson_transcripts + (SELECT count(*) FROM t WHERE t.speaker = 'salesperson'),
			total_objections = sessions.total_objections + (SELECT count(*) FROM d WHERE d.kind = 'objection'),
			total_faqs = sessions.total_faqs + (SELECT count(*) FROM d WHERE d.kind = 'faq'),
			total_new_inquiries = sessions.total_new_inquiries + (SELECT count(*) FROM d WHERE d.kind = 'new_inquiry'),
			duration = greatest(sessions.duration, ceil(extract(epoch from (timestamptz 'epoch' + p_max_ms * interval '1 millisecond') - ok.start_time))::int)
		FROM ok
		WHERE sessions.id = ok.id AND EXISTS (SELECT 1 FROM fresh)
		RETURNING 1
	)
	SELECT s.status, (s.start_time <= timestamptz 'epoch' + p_min_ms * interval '1 millisecond'), (SELECT count(*) FROM fresh)::int FROM s;
END
$fn$;
